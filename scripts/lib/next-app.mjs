// The built app for the benchmarks: a `next build` into a dist dir of their own (rebuilt only when the
// sources change), served from it by scripts/serve.mjs on a free port, stopped with its whole process group.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceHash } from "../ensure-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const serveScript = path.join(root, "scripts/serve.mjs");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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
export function ensureBuiltInto(dir, { marker = "BUILD_ID", nextArgs = ["build"], what = "building", log = console.error, env = {} } = {}) {
  const stampFile = path.join(root, dir, "yieldgrid-source-hash");
  const current = sourceHash();
  if (existsSync(path.join(root, dir, marker)) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === current) return;
  log(`${what} into ${dir} (sources changed since the last one)…`);
  const result = runNextInto(dir, nextArgs, env);
  if (result.status !== 0) {
    log(`next ${nextArgs[0]} failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, current);
}

/**
 * The build in `distDir` served by scripts/serve.mjs on `port`, in its own process group (stopped
 * with SIGTERM, so that it shuts down as in production); resolves once /api/v1/health answers.
 */
export async function startNextServer({ distDir, port, env, logFile, nodeArgs = [], timeoutMs = 120_000 }) {
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, [...nodeArgs, serveScript, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...env, NEXT_DIST_DIR: distDir, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", out, out],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { stop, logFile, pid: child.pid };
}
