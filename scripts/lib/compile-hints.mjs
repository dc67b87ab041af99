// Explicit compile hints (V8's `//# allFunctionsCalledOnLoad`, Chrome 136 and later) for the scripts a
// page runs as it loads. V8 compiles a function lazily, on the main thread, the first time it is called;
// React's and Next's router's functions are nearly all called while a page hydrates, so each page
// load spent its longest task compiling them (the Turbopack runtime's module instantiation, 170–300 ms
// of main thread at Lighthouse's 4× slowdown). With the hint at the top of a script, V8 compiles all of
// its functions while the script streams in, on a background thread. Browsers without the hint read
// a comment. Only the chunks pages load before hydration get it: code loaded later on demand (the
// wallet's, the forms' validation) keeps compiling lazily, only what it uses.
//
// - loadTimeChunks(distDir): the build's scripts that pages load with their HTML: the framework's
//   (build-manifest.json's rootMainFiles) and each route's entry chunks (entryJSFiles of its client
//   reference manifest);
// - markLoadTimeChunks(distDir): puts the hint on the first line of each, once (a marked file is left
//   as it is), before the scripts are compressed (scripts/lib/static-brotli.mjs).
import { existsSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import vm from "node:vm";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

async function* manifestsUnder(dir) {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* manifestsUnder(full);
    else if (entry.name.endsWith("_client-reference-manifest.js")) yield full;
  }
}

/** The build's scripts (paths under distDir) that pages load with their HTML, before hydration. */
export async function loadTimeChunks(distDir) {
  const chunks = new Set();
  const buildManifest = path.join(distDir, "build-manifest.json");
  if (existsSync(buildManifest)) for (const file of JSON.parse(await readFile(buildManifest, "utf8")).rootMainFiles ?? []) chunks.add(file);
  for await (const file of manifestsUnder(path.join(distDir, "server", "app"))) {
    // Each manifest is a script assigning globalThis.__RSC_MANIFEST[route]; run it in an empty context.
    const context = vm.createContext({});
    vm.runInContext(await readFile(file, "utf8"), context, { filename: file, timeout: 1000 });
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {}))
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of files) chunks.add(chunk);
  }
  return [...chunks].filter((chunk) => chunk.endsWith(".js"));
}

/** Puts the compile hint on the first line of every load-time chunk that lacks it; returns how many were marked. */
export async function markLoadTimeChunks(distDir) {
  let marked = 0;
  for (const chunk of await loadTimeChunks(distDir)) {
    const file = path.join(distDir, chunk);
    if (!existsSync(file)) continue;
    const content = await readFile(file, "utf8");
    if (content.startsWith(COMPILE_HINT)) continue;
    // Written aside and renamed: a server starting meanwhile sees the whole file or none.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, COMPILE_HINT + content);
    await rename(temporary, file);
    marked++;
  }
  return marked;
}
