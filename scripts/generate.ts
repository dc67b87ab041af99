// npm run generate: writes every generated file (contract artifacts, the local chain's catalog, the
// API client's types). Run with the react-server condition: the endpoint registry is server-only.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedFiles, root } from "./lib/generated-files";

for (const [file, text] of Object.entries(await generatedFiles())) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  console.log(`wrote ${file} (${Math.round(text.length / 1024)} kB)`);
}
