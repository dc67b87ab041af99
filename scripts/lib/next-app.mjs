// The built app for the benchmarks: a `next build` into a dist dir of their own, rebuilt only when the
// sources change (app-server.mjs serves it).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceHash } from "../ensure-build.mjs";
import { finishStaticAssets } from "./static-brotli.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

/**
 * Runs a `next` command that builds into `dir`. next build points tsconfig.json's include and
 * next-env.d.ts at its dist dir: both are put back afterwards, so that this leaves the working tree
 * (and the main build's source hash) as it found it. Output goes to stderr: stdout is for reports.
 */
function runNextInto(dir, nextArgs, env) {
  const kept = ["tsconfig.json", "next-env.d.ts"].map((file) => {
    const full = path.join(root, file);
    return { full, content: existsSync(full) ? readFileSync(full) : null };
  });
  try {
    return spawnSync(process.execPath, [nextBin, ...nextArgs], {
      cwd: root,
      stdio: ["ignore", 2, 2],
      env: { ...process.env, ...env, NEXT_DIST_DIR: dir, NEXT_TELEMETRY_DISABLED: "1" },
    });
  } finally {
    for (const { full, content } of kept) {
      if (content === null) rmSync(full, { force: true });
      else if (!existsSync(full) || !readFileSync(full).equals(content)) writeFileSync(full, content);
    }
  }
}

/**
 * Runs `next <nextArgs>` into `dir` (relative to the project) unless `marker` exists there and was
 * made from the current sources, with `env` added (YIELDGRID_BENCH_ROUTES=1: the benchmark-only
 * routes). Exits the process when the command fails.
 */
export async function ensureBuiltInto(dir, { marker = "BUILD_ID", nextArgs = ["build"], what = "building", log = console.error, env = {} } = {}) {
  const stampFile = path.join(root, dir, "yieldgrid-source-hash");
  const current = sourceHash();
  if (existsSync(path.join(root, dir, marker)) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === current) return;
  log(`${what} into ${dir} (sources changed since the last one)…`);
  const result = runNextInto(dir, nextArgs, env);
  if (result.status !== 0) {
    log(`next ${nextArgs[0]} failed`);
    process.exit(result.status ?? 1);
  }
  if (nextArgs[0] === "build") await finishStaticAssets(path.join(root, dir));
  writeFileSync(stampFile, current);
}
