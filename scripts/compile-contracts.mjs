// npm run contracts: compiles lib/**/solidity/*.sol into lib/**/generated/*.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedModules } from "./lib/solidity.mjs";

const root = path.resolve(import.meta.dirname, "..");
for (const [file, text] of Object.entries(generatedModules(root))) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  console.log(`wrote ${file} (${Math.round(text.length / 1024)} kB)`);
}
