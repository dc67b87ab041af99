import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";
import { adminQuery } from "./test-database";

/** The PostgreSQL server binaries (initdb, pg_ctl) of this machine, newest version first; null if none. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export interface PostgresCluster {
  port: number;
  /** A URL of database `name` on this cluster. */
  url(name: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop (fast: sessions are ended, everything committed is kept) and start. */
  stop(): void;
  start(): void;
  /** Stops the cluster for good and removes its folder. */
  destroy(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on a free port, never the shared server on
 * 5432: initdb and pg_ctl, as the postgres user when running as root.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql");
  const dir = mkdtempSync(path.join(os.tmpdir(), "yieldgrid-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
  const port = await freePort();
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    port,
    url,
    createDatabase: (name) => adminQuery(url("postgres"), `create database ${name}`),
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
