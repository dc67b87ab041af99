// npm run generate: writes every generated file (contract artifacts, the local chain's manifest and
// catalog, the API client's types). Run with the react-server condition: the endpoint registry is
// server-only.
//
//   npm run generate                        everything (minutes: the vendored protocol builds)
//   npm run generate -- --only aave-v3,comet  only these vendored builds (devnet/builds/<name>.mjs)
//   npm run generate -- --no-vendored        everything but the vendored builds
//   npm run generate -- --check              writes nothing: exits 1 when a committed file differs from
//                                            what its sources give (the vendored builds compiled again)
//
// Order matters: the vendored builds are what the local chain deploys; its manifest is written by a
// process of its own (scripts/generate-local-chain.ts) because the deployment reads the manifest it
// replaces; the rest (the catalog among them) is computed from the new manifest in another.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { vendoredModules } from "./lib/solidity.mjs";

const { values } = parseArgs({
  options: { only: { type: "string" }, "no-vendored": { type: "boolean" }, check: { type: "boolean" }, "rest-only": { type: "boolean" } },
});
const root = path.resolve(import.meta.dirname, "..");
const only = values.only
  ?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
let stale = 0;

function put(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, file);
    if (values.check) {
      let committed = "";
      try {
        committed = readFileSync(target, "utf8");
      } catch {}
      if (committed !== text) {
        stale++;
        console.error(`stale: ${file}`);
      }
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.log(`wrote ${file} (${Math.round(text.length / 1024)} kB)`);
  }
}

/** Runs another step of the generation in a process of its own. */
function step(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(root, script), ...args], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) stale++;
  if (result.status !== 0 && !values.check) process.exit(result.status ?? 1);
}

if (values["rest-only"]) {
  // The step after the manifest: everything else, from the manifest now on disk.
  const { generatedFiles } = await import("./lib/generated-files");
  put(await generatedFiles());
} else {
  if (!values["no-vendored"]) put(await vendoredModules(root, only));
  if (!only) {
    step("scripts/generate-local-chain.ts", values.check ? ["--check"] : []);
    step("scripts/generate.ts", ["--rest-only", ...(values.check ? ["--check"] : [])]);
  }
}
if (values.check) {
  console.log(stale === 0 ? "every generated file is current" : "generated files are stale: run npm run generate");
  process.exit(stale === 0 ? 0 : 1);
}
