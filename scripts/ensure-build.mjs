// Builds the app when .next is missing or was built from other sources (compared by content hash).
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { finishStaticAssets } from "./lib/static-brotli.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const inputs = ["app", "components", "lib", "public", "instrumentation.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
const stampFile = path.join(root, ".next", "yieldgrid-source-hash");

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const input of inputs) for (const file of files(input)) hash.update(file + "\0").update(readFileSync(path.join(root, file)));
  return hash.digest("hex");
}

export async function ensureBuild() {
  const current = sourceHash();
  const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === current;
  if (built) return;
  console.error("Building Yieldgrid (sources changed since the last build)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  await finishStaticAssets(path.join(root, ".next"));
  writeFileSync(stampFile, current);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureBuild();
