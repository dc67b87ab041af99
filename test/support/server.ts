import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freePort, startAppServer, type RunningAppServer } from "@/scripts/lib/app-server.mjs";
import { answerOf, type HttpAnswer } from "./raw-http";

export { freePort };
export type RunningServer = RunningAppServer;

/**
 * Starts the built app through scripts/serve.mjs (as `npm start` does) in its own process group, on
 * a free port, with this process's environment and `env` over it, and waits until it answers:
 * `/api/v1/health` with 200 (`until: "healthy"`, the default) or anything at all (`until:
 * "listening"`, for a server whose database is down).
 */
export function startServer({
  env,
  logFile,
  until = "healthy",
  timeoutMs = 60_000,
}: {
  env: Record<string, string | undefined>;
  logFile: string;
  until?: "healthy" | "listening";
  timeoutMs?: number;
}): Promise<RunningServer> {
  return startAppServer({ env: { ...process.env, ...env }, logFile, until, timeoutMs });
}

/**
 * The servers of one test file: a temporary folder (`yieldgrid-<name>-…`) for their logs and data,
 * made before the file's tests; every server started through `start` is stopped, and the folder
 * removed, after them. Register it after the hooks of what the servers stand on (a database
 * cluster), so that they stop first.
 */
export function serversOfFile(name: string) {
  let workDir = "";
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), `yieldgrid-${name}-`));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  return {
    get workDir() {
      return workDir;
    },
    /**
     * A server logging to `<label>.log` in the folder; with no DEVNET_MANIFEST in `env` it reads none,
     * so that a developer's running `npm run devnet` does not leak in.
     */
    async start(label: string, env: Record<string, string | undefined>, until: "healthy" | "listening" = "healthy") {
      const server = await startServer({
        env: { DEVNET_MANIFEST: path.join(workDir, "no-devnet.json"), ...env },
        logFile: path.join(workDir, `${label}.log`),
        until,
      });
      servers.push(server);
      return server;
    },
  };
}

export interface Answer extends HttpAnswer {
  /** The API key the request carried, if any. */
  key?: string;
}

/** One request to `server` (path relative to /api/v1); a refused connection is status 0. */
export async function call(
  server: { baseUrl: string },
  path: string,
  { key, cookie, ip = "192.0.2.77", method = "GET" }: { key?: string; cookie?: string; ip?: string; method?: string } = {},
): Promise<Answer> {
  // A connection per request: servers here pause for seconds between requests, and a kept-alive
  // connection the server closes at that moment would fail a request for no fault of the server.
  const headers: Record<string, string> = { "x-forwarded-for": ip, connection: "close" };
  if (key) headers["x-api-key"] = key;
  if (cookie) headers.cookie = cookie;
  try {
    const res = await fetch(`${server.baseUrl}/api/v1${path}`, { method, headers });
    return { ...answerOf(res.status, res.headers, await res.text()), key };
  } catch {
    return { status: 0, headers: new Headers(), body: null, text: "", key };
  }
}

/** Polls `probe` until `done` holds for its result (every `everyMs`), or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs / 1000} s: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
