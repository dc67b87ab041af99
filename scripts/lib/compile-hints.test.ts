import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, loadTimeChunks, markLoadTimeChunks } from "./compile-hints.mjs";

// A build as Next 16 lays it out: the framework's chunks in build-manifest.json, each route's entry
// chunks in its client reference manifest (a script), and a chunk loaded only on demand.

let dist = "";
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function fakeBuild() {
  dist = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  mkdirSync(path.join(dist, "static/chunks"), { recursive: true });
  mkdirSync(path.join(dist, "server/app/docs/[group]"), { recursive: true });
  for (const name of ["framework", "runtime", "layout", "docs", "wallet"])
    writeFileSync(path.join(dist, `static/chunks/${name}.js`), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
  writeFileSync(path.join(dist, "static/chunks/layout.css"), "body{margin:0}");
  writeFileSync(
    path.join(dist, "build-manifest.json"),
    JSON.stringify({ rootMainFiles: ["static/chunks/framework.js", "static/chunks/runtime.js"] }),
  );
  const manifest = {
    clientModules: {},
    entryJSFiles: { "[project]/app/layout": ["static/chunks/layout.js"], "[project]/app/docs/[group]/page": ["static/chunks/layout.js", "static/chunks/docs.js"] },
  };
  writeFileSync(
    path.join(dist, "server/app/docs/[group]/page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/docs/[group]/page"] = ${JSON.stringify(manifest)};`,
  );
  return dist;
}

const chunk = (name: string) => readFileSync(path.join(dist, `static/chunks/${name}.js`), "utf8");

describe("compile hints", () => {
  it("finds the framework's chunks and every route's entry chunks, not what loads on demand", async () => {
    expect((await loadTimeChunks(fakeBuild())).sort()).toEqual(
      ["docs", "framework", "layout", "runtime"].map((n) => `static/chunks/${n}.js`),
    );
  });

  it("puts the hint on the first line of each load-time chunk, once, and leaves the rest as built", async () => {
    fakeBuild();
    expect(await markLoadTimeChunks(dist)).toBe(4);
    expect(chunk("framework")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["framework"]);`);
    expect(chunk("docs").startsWith(COMPILE_HINT)).toBe(true);
    expect(chunk("wallet")).toBe(`(globalThis.TURBOPACK||[]).push(["wallet"]);`);
    // A second pass (every server start makes one) changes nothing.
    expect(await markLoadTimeChunks(dist)).toBe(0);
    expect(chunk("framework").split(COMPILE_HINT)).toHaveLength(2);
  });

  it("marks nothing in a directory that holds no build", async () => {
    dist = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
    expect(await markLoadTimeChunks(dist)).toBe(0);
  });
});
