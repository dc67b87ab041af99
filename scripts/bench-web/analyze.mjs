// --analyze: the client code of each route by package (and project folder), from Turbopack's bundle
// analysis (`next analyze`), and which project files import zod, viem, wagmi or the shared schemas.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { kb } from "./report.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
export const analyzeDir = ".bench/web-analyze";

// Packages whose presence on a page is worth naming the importer of: schemas and wallet code.
const WATCHED_PACKAGE = /^(zod|viem|wagmi|@wagmi\/[^/]+|@noble\/[^/]+|ox)$/;
const NODE_MODULE = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/;

/** node_modules/<pkg>/… → a label: the package, or for viem its area (utils, accounts, actions…). */
function packageOf(sourcePath) {
  const match = sourcePath.match(NODE_MODULE);
  if (!match) return null;
  const [, name, rest] = match;
  if (name === "viem") return `viem/${rest.replace(/^_(esm|cjs)\//, "").split("/")[0]}`;
  if (name === "next") return "next (framework, react-dom)";
  return name;
}

/** The records `next analyze export` gives for `route` (one JSON line each), or the error it ends with. */
function exportedRecords(route) {
  const result = spawnSync(process.execPath, [nextBin, "analyze", "export", "--dist-dir", analyzeDir, "--route", route], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) return { error: (result.stderr || "next analyze export failed").trim().split("\n")[0] };
  return {
    records: result.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  };
}

/**
 * The route's client chunks' parts by package or project folder: those that load with the page and
 * those only in async groups (import(), next/dynamic), which load on demand if ever; and each client
 * source path, with whether it loads with the page.
 */
function groupParts(records, route) {
  // The export can list a part twice (once per group that reaches its chunk): one of each is kept.
  const isClientPart = (r) =>
    r.type === "part" && r.route === route && /\/static\/chunks\/[^/]+\.js$/.test(r.filename) && !r.source_path.includes("polyfill-nomodule");
  const parts = [...new Map(records.filter(isClientPart).map((r) => [`${r.filename}\0${r.source_path}`, r])).values()];
  // Chunks of the bootstrap and of what the route renders load with the page.
  const firstLoadChunks = new Set(records.filter((r) => r.type === "group" && r.kind !== "async").flatMap((g) => g.outputs));
  const first = new Map();
  const onDemand = new Map();
  const clientSources = new Map(); // source path → loaded with the page?
  for (const part of parts) {
    const source = part.source_path.replace("[project]/", "");
    const withPage = firstLoadChunks.has(part.filename);
    clientSources.set(part.source_path, withPage || clientSources.get(part.source_path) === true);
    const folder = source
      .split("/")
      .slice(0, source.startsWith("[") ? 1 : 2)
      .join("/");
    const label = packageOf(source) ?? `app: ${folder}`;
    const groups = withPage ? first : onDemand;
    groups.set(label, (groups.get(label) ?? 0) + part.compressed_size);
  }
  return { first, onDemand, clientSources };
}

/** "viem (getAddress, isAddress)": the watched packages (and shared schemas) a client module imports directly, with what it takes from each. */
function watchedImports(record) {
  const byPackage = new Map();
  for (const ident of [...record.dependencies.sync, ...record.dependencies.async]) {
    const dep = ident.replace(/ \[.*$/, "").replace("[project]/", "");
    let label;
    let name;
    const match = dep.match(NODE_MODULE);
    if (match && WATCHED_PACKAGE.test(match[1])) {
      label = packageOf(dep).replace(/^viem\/(utils|errors)$/, "viem");
      name = path.basename(match[2]).replace(/\.[cm]?js$/, "");
    } else if (dep.startsWith("lib/schemas/")) {
      // The shared schemas are what pulls zod (and viem's address checks) into the browser.
      label = "lib/schemas";
      name = path.basename(dep).replace(/\.tsx?$/, "");
    } else continue;
    if (!byPackage.has(label)) byPackage.set(label, new Set());
    byPackage.get(label).add(name);
  }
  return [...byPackage].map(([label, names]) => `${label} (${[...names].join(", ")})`);
}

/**
 * The client code of one route by package (and project folder), from `next analyze export`. Sizes are each
 * module gzipped alone, so they add up to a little more than the chunks' gzip; the nomodule polyfills (which
 * modern browsers skip) are left out.
 */
export function analyzeRoute(route) {
  const { records, error } = exportedRecords(route);
  if (error) return { error };
  const { first, onDemand, clientSources } = groupParts(records, route);
  const sum = (groups) => [...groups.values()].reduce((a, b) => a + b, 0);
  const sorted = (groups) => [...groups].sort((a, b) => b[1] - a[1]);
  // The project's client modules on this route that import a watched package, or the shared schemas, directly.
  const importers = [];
  for (const record of records) {
    if (record.type !== "module" || !record.ident.includes("[app-client]")) continue;
    if (!clientSources.has(record.path) || record.path.includes("node_modules")) continue;
    const deps = watchedImports(record);
    if (deps.length) importers.push({ file: record.path.replace("[project]/", "") + (clientSources.get(record.path) ? "" : " (on demand)"), deps });
  }
  return {
    total: sum(first),
    groups: sorted(first),
    onDemandTotal: sum(onDemand),
    onDemand: sorted(onDemand),
    importers: importers.sort((a, b) => a.file.localeCompare(b.file)),
  };
}

export function printAnalysis(rows) {
  console.log(
    `\nbundle analysis (next analyze, ${analyzeDir}): client code per route, each module gzipped alone ` +
      "(so a little above the chunks' gzip); the nomodule polyfills that modern browsers skip are left out",
  );
  for (const r of rows) {
    const a = r.analysis;
    if (!a) continue;
    if (a.error) {
      console.log(`\n${r.route}: ${a.error}`);
      continue;
    }
    console.log(`\n${r.route}: ${kb(a.total)} kB with the page`);
    for (const [label, size] of a.groups.filter(([, size]) => size >= 512).slice(0, 20))
      console.log(`  ${kb(size).padStart(6)} kB  ${label}`);
    if (a.onDemandTotal > 0)
      console.log(
        `  and ${kb(a.onDemandTotal)} kB on demand: ` +
          a.onDemand
            .filter(([, size]) => size >= 512)
            .slice(0, 8)
            .map(([label, size]) => `${label} ${kb(size)}`)
            .join(", "),
      );
    for (const { file, deps } of a.importers) console.log(`  ${file} imports ${deps.join(", ")}`);
  }
}
