import { freePort, startAppServer, type RunningAppServer } from "@/scripts/lib/app-server.mjs";

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
