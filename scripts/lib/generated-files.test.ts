import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles, root } from "./generated-files";
import { buildDigest, buildRecordPath, vendoredBuilds } from "./solidity.mjs";

const files = await generatedFiles();
const builds = await vendoredBuilds(root);

describe("the committed generated files", () => {
  it.each(Object.entries(files))("%s is what `npm run generate` writes from its sources", (file, text) => {
    expect(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run generate`).toBe(text);
  });
});

describe("the vendored protocol builds", () => {
  it.each(builds.map((b) => [b.name, b] as const))("%s was generated from the vendored sources and settings as they are now", (name, build) => {
    const record = JSON.parse(readFileSync(path.join(root, buildRecordPath(build)), "utf8")) as {
      compilerVersion: string;
      settings: unknown;
      remappings: string[];
      files: string[];
      sha256: string;
    };
    const stale = `devnet/builds/${name}.mjs: run npm run generate -- --only ${name}`;
    // The build's own description: what it compiles and how.
    expect(record.settings, stale).toEqual(build.settings);
    expect(record.remappings, stale).toEqual(build.remappings ?? []);
    expect(record.compilerVersion.startsWith(JSON.parse(readFileSync(path.join(root, "node_modules", build.compiler, "package.json"), "utf8")).version), stale).toBe(true);
    for (const source of build.sources) expect(record.files, stale).toContain(source);
    // Every file the compiler read, as it is now.
    expect(buildDigest(root, record), stale).toBe(record.sha256);
    // The module names the build it came from.
    expect(readFileSync(path.join(root, build.out), "utf8"), stale).toContain(`from devnet/builds/${name}.mjs (${build.upstream}) with solc ${record.compilerVersion}.`);
  });
});
