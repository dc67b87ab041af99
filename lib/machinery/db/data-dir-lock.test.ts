import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolderOf } from "./data-dir-lock";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yieldgrid-lock-"));
  dirs.push(dir);
  return path.join(dir, "data");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has just ended. */
const deadPid = () => Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);

describe("lockDataDir", () => {
  it("creates the folder and a lock naming this process, and removes it on release", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, "test");
    const holder = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"));
    expect(holder).toMatchObject({ pid: process.pid, command: "test" });
    expect(lockHolderOf(dir)?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(lockHolderOf(dir)).toBeNull();
  });

  it("refuses a second opener while the holder lives, naming the folder and the holder", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, "server");
    try {
      expect(() => lockDataDir(dir, "npm run sync")).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir, "npm run sync")).toThrow(`The embedded database ${path.resolve(dir)} is in use by process ${process.pid} (server`);
    } finally {
      lock.release();
    }
  });

  it("takes over a lock whose process has died", () => {
    const dir = freshDir();
    lockDataDir(dir, "x").release();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), command: "server", since: "2020-01-01T00:00:00Z" }));
    const lock = lockDataDir(dir, "key:create");
    expect(lockHolderOf(dir)).toMatchObject({ pid: process.pid, command: "key:create" });
    lock.release();
  });

  it("takes over a lock whose process id now belongs to another process, or to an earlier boot", () => {
    const dir = freshDir();
    lockDataDir(dir, "x").release();
    // The parent process is alive, but did not start at these clock ticks: its id was reused.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, command: "server", since: "2020-01-01T00:00:00Z", startTicks: "1" }));
    if (existsSync(`/proc/${process.ppid}/stat`)) {
      lockDataDir(dir, "after reuse").release();
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, command: "server", since: "2020-01-01T00:00:00Z", bootId: "another-boot" }));
      lockDataDir(dir, "after reboot").release();
    }
  });

  it("takes over an unreadable lock (a process that died while writing it)", () => {
    const dir = freshDir();
    lockDataDir(dir, "x").release();
    writeFileSync(path.join(dir, LOCK_FILE), "{");
    lockDataDir(dir, "after a torn write").release();
  });

  it("publishes a server's operator endpoint in the lock, readable only by its owner", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, "server");
    lock.publish({ operator: { url: "http://127.0.0.1:1", secret: "s" } });
    expect(lockHolderOf(dir)).toMatchObject({ pid: process.pid, operator: { url: "http://127.0.0.1:1", secret: "s" } });
    expect(statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    lock.release();
  });
});
