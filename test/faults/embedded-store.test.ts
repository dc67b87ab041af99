import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "@/lib/machinery/db/client";
import { LOCK_FILE } from "@/lib/machinery/db/data-dir-lock";
import { apiKeys, rateLimitWindows } from "@/lib/machinery/db/schema";
import { call, freePort, serversOfFile, waitFor, type RunningServer } from "../support/server";
import { expectUnavailable } from "./support";

/*
 * Issue 9 items 6 and 7 on the embedded database (PGlite): one process per folder (a second server,
 * `npm run sync` and `key:create` never open it beside a running server; key:create asks the server
 * instead), a dead holder's lock is taken over, SIGTERM writes back what only memory held, and a
 * folder that cannot be opened at start gives 503 until it can. The tests run in order on one folder,
 * which is made (migrated and seeded, the slow part) once.
 */

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const servers = serversOfFile("faults-embedded");

const envFor = (dataDir: string) => ({ DATABASE_URL: "", DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: "1", DEVNET_MANIFEST: path.join(servers.workDir, "no-devnet.json") });

const serverOn = (dataDir: string, label: string, until: "healthy" | "listening" = "healthy") => servers.start(label, envFor(dataDir), until);

/** Runs a script of the project (tsx) to its end and returns its exit code and output. */
function runScript(script: string, args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, [tsx, "--conditions=react-server", script, ...args], { cwd: root, env: { ...process.env, ...envFor(dataDir) }, encoding: "utf8", timeout: 90_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const lockOf = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number; operator?: { url: string } };

describe("the embedded folder", () => {
  let dataDir: string;
  let server: RunningServer;
  let besideKey = "";
  beforeAll(async () => {
    dataDir = path.join(servers.workDir, "folder");
    server = await serverOn(dataDir, "first");
  });

  it("a second server on the same folder exits at once, naming the folder and the holder's process id", async () => {
    const port = await freePort();
    const started = Date.now();
    const second = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", ...envFor(dataDir) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    second.stdout.on("data", (c: Buffer) => (output += c));
    second.stderr.on("data", (c: Buffer) => (output += c));
    const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(`The embedded database ${dataDir} is in use by process ${server.pid}`);
    expect(Date.now() - started).toBeLessThan(30_000);
    // It never listened, and the first server goes on, still the holder.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null))?.status).toBeUndefined();
    expect((await call(server, "/health")).status).toBe(200);
    expect(lockOf(dataDir).pid).toBe(server.pid);
  });

  it("npm run sync beside it stops at once and says who holds the folder", () => {
    const { status, stderr } = runScript("scripts/sync.ts", [], dataDir);
    expect(status).toBe(1);
    expect(stderr).toContain(`The embedded database ${dataDir} is in use by process ${server.pid} (server`);
  });

  it("key:create beside it creates the key through the server, which accepts it at once", async () => {
    const { status, stdout, stderr } = runScript(
      "scripts/key-create.ts",
      ["--name", "beside the server", "--type", "live", "--account", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "--rate-limit", "77"],
      dataDir,
    );
    expect(status, stderr).toBe(0);
    const lines = stdout.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    const key = (besideKey = lines[0]!);
    expect(key).toMatch(/^yg_sk_live_[0-9A-Za-z]{49}$/);
    const listed = await call(server, "/auth/keys", { key });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-ratelimit-limit")).toBe("77");
    expect(listed.body.data.map((k: { name: string }) => k.name)).toContain("beside the server");
  });

  it("is whole afterwards: the server's data opens once it has stopped", async () => {
    await server.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const database = await openPglite(dataDir);
    try {
      const names = (await database.db.select({ name: apiKeys.name }).from(apiKeys)).map((r) => r.name);
      expect(names).toContain("beside the server");
    } finally {
      await database.close();
    }
  });

  it("a lock left by a dead process is taken over by the next opener (key:create, then a server)", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const deadLock = (command: string) => JSON.stringify({ pid: Number(dead.stdout), command, since: new Date(0).toISOString() });
    writeFileSync(path.join(dataDir, LOCK_FILE), deadLock("server"));
    const { status, stdout, stderr } = runScript("scripts/key-create.ts", ["--name", "after a crash", "--type", "test"], dataDir);
    expect(status, stderr).toBe(0);
    expect(stdout.trim()).toMatch(/^yg_sk_test_/);
    writeFileSync(path.join(dataDir, LOCK_FILE), deadLock("npm run sync"));
    server = await serverOn(dataDir, "after-crash");
    expect(lockOf(dataDir).pid).toBe(server.pid);
    expect((await call(server, "/auth/keys", { key: stdout.trim() })).status).toBe(200);
  });

  it("SIGTERM writes back the counts and lastUsed that only memory held before the process exits", async () => {
    const made = runScript("scripts/key-create.ts", ["--name", "sigterm", "--type", "live"], dataDir);
    expect(made.status, made.stderr).toBe(0);
    const key = made.stdout.trim();
    // A burst, then SIGTERM at once: well within the second between two periodic write-backs.
    const before = new Date();
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () => call(server, "/protocols", { ip: "198.18.7.7" })),
      ...Array.from({ length: 10 }, () => call(server, "/protocols", { key })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await server.stop();
    expect(await server.exited).toBe(0);
    const database = await openPglite(dataDir);
    try {
      const count = async (bucket: string) =>
        (await database.db.select({ count: rateLimitWindows.count }).from(rateLimitWindows).where(eq(rateLimitWindows.bucket, bucket)))[0]?.count;
      // startServer's health checks came from another address: these 15 are this one's.
      expect(await count("ip:198.18.7.7")).toBe(15);
      const [record] = await database.db.select().from(apiKeys).where(eq(apiKeys.name, "sigterm"));
      expect(await count(`key:${record!.id}`)).toBe(10);
      expect(record!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    } finally {
      await database.close();
    }
  });

  it("a server whose folder cannot be opened answers 503 saying why, and serves within seconds once it can", async () => {
    // Where the folder should be, a file stands in the way of its parent.
    const blocker = path.join(servers.workDir, "parent");
    await writeFile(blocker, "a file where the data folder's parent should be");
    const blocked = await serverOn(path.join(blocker, "folder"), "blocked", "listening");
    const health = await call(blocked, "/health");
    expect(expectUnavailable(health, "unreachable").details.cause).toMatch(/ENOTDIR/);
    expectUnavailable(await call(blocked, "/instruments?limit=1"), "unreachable");
    // The folder arrives (a volume mounted late, say): the server picks it up by itself.
    await rm(blocker);
    await mkdir(blocker);
    await rename(dataDir, path.join(blocker, "folder"));
    const fixed = Date.now();
    await waitFor(() => call(blocked, "/health"), (r) => r.status === 200, 30_000);
    // The same data: the key made beside the first server works here.
    const list = await call(blocked, "/auth/keys", { key: besideKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { name: string }) => k.name)).toContain("beside the server");
    console.log(`served ${((Date.now() - fixed) / 1000).toFixed(1)} s after the folder could be opened`);
  });
});
