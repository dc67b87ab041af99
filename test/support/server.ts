import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  logFile: string;
  pid: number;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM to the process group, SIGKILL after 10 s; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts the built app through scripts/serve.mjs (as `npm start` does) in its own process group, on
 * a free port, and waits until it answers: `/api/v1/health` with 200 (`until: "healthy"`, the
 * default) or anything at all (`until: "listening"`, for a server whose database is down).
 */
export async function startServer({
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
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: "a" });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Two streams into one file: neither may end it (the first to end would, and the other's next line
  // would then be a "write after end"); it ends once the child has closed both.
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.once("close", () => log.end());
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { headers: { "x-forwarded-for": "10.255.255.254" } });
      await res.arrayBuffer();
      if (res.ok || until === "listening") break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    logFile,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
