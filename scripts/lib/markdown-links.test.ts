import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README's and docs/'s links into the repository: every relative link reaches a file or folder
// that exists, and every anchor a heading (or an explicit <a id>) of its page, as GitHub renders them.
// Moving a section, renaming a heading or a file breaks a link here first.

const root = path.resolve(import.meta.dirname, "../..");
const pages = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text links are read from: fenced code blocks and inline code left out (a `[x](y)` there is code). */
const proseOf = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");

/** GitHub's anchor for a heading: its text in lower case, punctuation dropped but hyphens, spaces to hyphens. */
function anchorOf(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a page offers: its headings' (a repeated one numbered -1, -2…, as GitHub does) and its explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const anchor = anchorOf(heading!);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** The links of `markdown` (a page at `page`, relative to the repository) that lead nowhere, each with why. */
function brokenLinks(
  page: string,
  markdown: string,
  read = (file: string) => readFileSync(path.join(root, file), "utf8"),
): string[] {
  const broken: string[] = [];
  for (const [, target] of proseOf(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:: not the repository's
    const [file = "", anchor] = target!.split("#");
    const resolved =
      file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
    if (resolved !== page && !existsSync(path.join(root, resolved))) {
      broken.push(`${target}: no file ${resolved}`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith(".md") || (resolved !== page && statSync(path.join(root, resolved)).isDirectory()))
      broken.push(`${target}: an anchor into a page that is not markdown`);
    else if (!anchorsOf(resolved === page ? markdown : read(resolved)).has(anchor))
      broken.push(`${target}: ${resolved} has no heading #${anchor}`);
  }
  return broken;
}

describe("the links of the README and docs/", () => {
  it.each(pages)("%s: every relative link and anchor leads somewhere", (page) => {
    expect(brokenLinks(page, readFileSync(path.join(root, page), "utf8"))).toEqual([]);
  });

  it("are checked as GitHub makes anchors, and a wrong file, anchor or heading is found", () => {
    expect(anchorOf("The embedded database: one process per folder")).toBe(
      "the-embedded-database-one-process-per-folder",
    );
    expect(anchorOf("The API against Next's floor (`npm run bench`)")).toBe(
      "the-api-against-nexts-floor-npm-run-bench",
    );
    expect(anchorOf("Sign-In with Ethereum")).toBe("sign-in-with-ethereum");
    const page = "# Title\n\n## Twice\n\n## Twice\n\n```sh\n# not a heading\n```\n";
    expect(
      brokenLinks("docs/x.md", `${page}[a](#twice-1) [b](api.md#errors) [c](../README.md) \`[d](#in-code)\``),
    ).toEqual([]);
    expect(
      brokenLinks(
        "docs/x.md",
        `${page}[a](#not-a-heading) [b](api.md#no-such-section) [c](missing.md) [d](#twice-2)`,
      ),
    ).toEqual([
      "#not-a-heading: docs/x.md has no heading #not-a-heading",
      "api.md#no-such-section: docs/api.md has no heading #no-such-section",
      "missing.md: no file docs/missing.md",
      "#twice-2: docs/x.md has no heading #twice-2",
    ]);
  });
});
