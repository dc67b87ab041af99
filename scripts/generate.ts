// npm run generate: writes every generated file (contract artifacts, the local chain's catalog, the
// API client's types). Run with the react-server condition: the endpoint registry is server-only.
//
//   npm run generate                      everything, the vendored protocol builds included (minutes)
//   npm run generate -- --only aave,comet  only these vendored builds (devnet/builds/<name>.mjs)
//   npm run generate -- --no-vendored      everything but the vendored builds (seconds)
//   npm run generate -- --check           compiles everything and writes nothing: exits 1 when a
//                                         committed file differs from what its sources give
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { generatedFiles, root } from "./lib/generated-files";
import { vendoredModules } from "./lib/solidity.mjs";

const { values } = parseArgs({ options: { only: { type: "string" }, "no-vendored": { type: "boolean" }, check: { type: "boolean" } } });
const only = values.only?.split(",").map((s) => s.trim()).filter(Boolean);

const files: Record<string, string> = {
  ...(only ? {} : await generatedFiles()),
  ...(values["no-vendored"] ? {} : await vendoredModules(root, only)),
};

let stale = 0;
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
if (values.check) {
  console.log(stale === 0 ? `all ${Object.keys(files).length} generated files are current` : `${stale} generated files are stale: run npm run generate`);
  process.exit(stale === 0 ? 0 : 1);
}
