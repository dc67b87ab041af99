export function freePort(): Promise<number>;

export interface RunningAppServer {
  baseUrl: string;
  port: number;
  logFile: string;
  pid: number;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM to the process group, SIGKILL after 10 s; resolves once it exited. */
  stop(): Promise<void>;
}

export function startAppServer(options: {
  env: Record<string, string | undefined>;
  logFile: string;
  freshLog?: boolean;
  port?: number;
  distDir?: string;
  nodeArgs?: string[];
  until?: "healthy" | "listening";
  timeoutMs?: number;
}): Promise<RunningAppServer>;
