// The built app served by scripts/serve.mjs in a process of its own, as the tests and benchmarks
// start it: on a free port, in its own process group (stopped with SIGTERM, so that it shuts down as
// in production, then SIGKILL after 10 s), its output in a log file.
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeArgs } from "./server-heap.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serveScript = path.join(root, "scripts/serve.mjs");
/** The client address of the start-up probes: one no test gives its own requests (TRUSTED_PROXY_HOPS=1). */
const PROBE_CLIENT = "10.255.255.254";

/** A TCP port nothing listens on at the moment. */
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

/** SIGTERM to the process group of `child`, SIGKILL after 10 s; resolves once it exited. */
async function stopGroup(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
      return true;
    } catch {
      return false; // already gone
    }
  };
  if (!signalGroup("SIGTERM")) return;
  const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Polls /api/v1/health until it answers 200 (`until: "healthy"`) or at all (`"listening"`). */
async function waitUntilUp({ baseUrl, child, until, timeoutMs, logFile }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { headers: { "x-forwarded-for": PROBE_CLIENT } });
      await res.arrayBuffer();
      if (res.ok || until === "listening") return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Starts scripts/serve.mjs on `port` (a free one by default) with exactly `env` (plus NODE_ENV,
 * PORT and, given `distDir`, NEXT_DIST_DIR), its stdout and stderr appended to `logFile` (emptied
 * first with `freshLog`), and resolves once it is up (see waitUntilUp); one that does not come up is stopped.
 */
export async function startAppServer({ env, logFile, freshLog = false, port, distDir, nodeArgs = [], until = "healthy", timeoutMs = 60_000 }) {
  const listenPort = port ?? (await freePort());
  const out = openSync(logFile, freshLog ? "w" : "a");
  const child = spawn(process.execPath, [...serverNodeArgs, ...nodeArgs, serveScript, "-p", String(listenPort), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...env, ...(distDir && { NEXT_DIST_DIR: distDir }), NODE_ENV: "production", PORT: String(listenPort) },
    stdio: ["ignore", out, out],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const stop = () => stopGroup(child, exited);
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  try {
    await waitUntilUp({ baseUrl, child, until, timeoutMs, logFile });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port: listenPort, logFile, pid: child.pid, exited, stop };
}
