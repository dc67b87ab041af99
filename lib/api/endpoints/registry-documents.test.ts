import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveCaller, type Auth } from "@/lib/api/http/caller";
import type { Endpoint } from "@/lib/api/http/endpoint";
import { apiEndpoints, getOpenApiDocumentEndpoint, hiddenEndpoints } from "./index";
import { listChainsEndpoint } from "./list-chains";

// What the documents say of the endpoints by hand, held to the registry: docs/api.md's list of
// endpoints, each one's access rule and the endpoints REQUIRE_API_KEY covers; the README's curl
// examples; and the README's copy of its worked example. Adding, removing or changing an endpoint
// fails here until the documents say so too.

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const documented = apiEndpoints.filter((e) => !e.internal);
const label = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** The access rules as docs/api.md names them ("Who may call what"). */
const ruleOf: Record<Auth, string> = { public: "data", open: "open", account: "account" };

/** A section of a markdown page: from its heading to the next heading of the same level or above. */
function section(markdown: string, heading: string): string {
  const level = heading.match(/^#+/)![0].length;
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^#{1,${level}} `, "m"));
  return end < 0 ? rest : rest.slice(0, end);
}

const slugOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

/** docs/api.md's endpoints: each `METHOD /path` line of its Endpoints section, with its rule and its group (### heading). */
function apiMdEndpoints() {
  const found: { method: string; path: string; rule: string | undefined; group: string }[] = [];
  let group = "";
  for (const line of section(read("docs/api.md"), "## Endpoints").split("\n")) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) group = slugOf(heading[1]!);
    const endpoint = /^`(GET|POST|PUT|PATCH|DELETE) (\/[^`?\s]*)[^`]*`(.*)$/.exec(line);
    if (endpoint)
      found.push({
        method: endpoint[1]!,
        path: endpoint[2]!,
        rule: /· (\w+) access/.exec(endpoint[3]!)?.[1],
        group,
      });
  }
  return found;
}

describe("docs/api.md", () => {
  const listed = apiMdEndpoints();

  it("lists every endpoint of the registry once, and no other", () => {
    expect(listed.map(label).sort()).toEqual(documented.map(label).sort());
  });

  it("gives each endpoint the access rule of its declaration", () => {
    const rules = Object.fromEntries(listed.map((e) => [label(e), e.rule]));
    expect(rules).toEqual(Object.fromEntries(documented.map((e) => [label(e), ruleOf[e.auth]])));
  });

  it("names, in Who may call what, exactly the groups of endpoints each rule has", () => {
    const table = section(read("docs/api.md"), "### Who may call what");
    for (const rule of Object.values(ruleOf)) {
      const row = table.split("\n").find((line) => line.startsWith(`| ${rule} |`));
      const named = [...(row ?? "").split("|")[2]!.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]);
      expect(named.sort(), rule).toEqual(
        [...new Set(listed.filter((e) => e.rule === rule).map((e) => e.group))].sort(),
      );
    }
  });

  it("says REQUIRE_API_KEY covers the data endpoints, which are exactly the ones it refuses anonymously", async () => {
    expect(section(read("docs/api.md"), "### Who may call what")).toMatch(
      /With `REQUIRE_API_KEY=true`, an anonymous request to a data endpoint/,
    );
    const anonymous = {
      apiKey: null,
      sessionToken: null,
      environment: null,
      clientAddress: "192.0.2.1",
      crossSiteRefusal: null,
    };
    const refused = async (auth: Auth, requireApiKey: boolean) => {
      const lookups = {
        config: { rateLimitAnon: 1_000, rateLimitLive: 10_000, requireApiKey },
        findKey: async () => null,
        findSessionAccount: async () => null,
        now: new Date(),
      };
      return "refusal" in (await resolveCaller(auth, anonymous, lookups));
    };
    for (const endpoint of documented) {
      const covered = (await refused(endpoint.auth, true)) && !(await refused(endpoint.auth, false));
      expect(covered, label(endpoint)).toBe(ruleOf[endpoint.auth] === "data");
    }
  });
});

/** Each curl command of a markdown page that calls /api/v1: its method, path, query names and body fields. */
function curlExamples(markdown: string) {
  const commands = markdown
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((line) => /^\s*curl\s/.test(line));
  return commands.flatMap((command) => {
    // A placeholder such as <64 hex> may hold spaces.
    const url = /https?:\/\/[^/\s"']+\/api\/v1((?:[^\s"'<]|<[^>]*>)*)/.exec(command);
    if (!url) return [];
    const [pathPart = "", query = ""] = url[1]!.split("?");
    const body = /-d '([^']*)'/.exec(command)?.[1];
    const method = /-X (\w+)/.exec(command)?.[1] ?? (body !== undefined ? "POST" : "GET");
    return [
      {
        command,
        method,
        path: pathPart,
        queryNames: query ? query.split("&").map((p) => p.split("=")[0]!) : [],
        bodyFields: body ? Object.keys(JSON.parse(body)) : [],
      },
    ];
  });
}

/** The registry's endpoint a path of an example calls: literal segments win over parameters, as the route decides. */
function endpointOf(method: string, examplePath: string): Endpoint | undefined {
  const segments = examplePath.split("/").slice(1);
  const candidates = documented.filter((e) => {
    const template = e.path.split("/").slice(1);
    return (
      e.method === method &&
      template.length === segments.length &&
      template.every((s, i) => s.startsWith("{") || s === segments[i])
    );
  });
  const literals = (e: Endpoint) => e.path.split("/").filter((s) => s && !s.startsWith("{")).length;
  return candidates.sort((a, b) => literals(b) - literals(a))[0];
}

describe("the README's endpoint examples", () => {
  const examples = curlExamples(read("README.md"));

  it("each call an endpoint of the registry with its method, and only parameters and fields it takes", () => {
    expect(examples.length).toBeGreaterThan(documented.length);
    for (const example of examples) {
      const endpoint = endpointOf(example.method, example.path);
      expect(
        endpoint,
        `${example.method} ${example.path}: no such endpoint (${example.command})`,
      ).toBeDefined();
      expect(
        example.queryNames.filter((name) => !(name in (endpoint!.query?.shape ?? {}))),
        example.command,
      ).toEqual([]);
      expect(
        example.bodyFields.filter((field) => !(field in (endpoint!.body?.shape ?? {}))),
        example.command,
      ).toEqual([]);
    }
  });

  it("show every endpoint of the registry", () => {
    const shown = new Set(examples.map((e) => endpointOf(e.method, e.path)).filter(Boolean));
    expect(documented.filter((e) => !shown.has(e)).map(label)).toEqual([]);
  });
});

describe("the README's worked example (Adding an endpoint)", () => {
  /** The files the README shows whole: a code block right after a line that links a file to itself ("[path](path):"). */
  const shownFiles = () =>
    [...read("README.md").matchAll(/^\[([\w./-]+)\]\(\1\):\n\n```\w*\n([\s\S]*?)^```$/gm)].map(
      ([, file, copy]) => ({ file: file!, copy: copy! }),
    );

  it("shows the example's declaration as the file is, and every file it shows as it is", () => {
    expect(shownFiles().map((s) => s.file)).toContain("lib/api/endpoints/list-chains.ts");
    for (const { file, copy } of shownFiles()) expect(copy, `the README's copy of ${file}`).toBe(read(file));
  });

  it("is the one declaration in lib/api/endpoints/ that is not in the registry", async () => {
    const modules = readdirSync(import.meta.dirname).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const declared = new Set<unknown>();
    for (const file of modules)
      for (const value of Object.values(
        await import(/* @vite-ignore */ path.join(import.meta.dirname, file)),
      ))
        if (value && typeof value === "object" && "operationId" in value && "handler" in value)
          declared.add(value);
    const served = new Set<unknown>([
      ...apiEndpoints,
      getOpenApiDocumentEndpoint,
      ...hiddenEndpoints.map((h) => h.endpoint),
    ]);
    expect([...declared].filter((e) => !served.has(e)).map((e) => label(e as Endpoint))).toEqual([
      label(listChainsEndpoint),
    ]);
  });
});
