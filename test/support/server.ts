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
  stop(): Promise<void>;
}

/** Starts the built app (`next start`) in its own process group, on a free port, and waits until it answers. */
export async function startServer({ env, logFile }: { env: Record<string, string | undefined>; logFile: string }): Promise<RunningServer> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: "a" });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { headers: { "x-forwarded-for": "10.255.255.254" } });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    logFile,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
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
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
