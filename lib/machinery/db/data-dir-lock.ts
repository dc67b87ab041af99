import "server-only";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database's folder may be opened by one process at a time: PGlite opened twice
 * corrupts it. Whoever opens it first (the server, `npm run sync`, `npm run key:create`) creates
 * DATA_DIR/.yieldgrid.lock with its process id; a second opener reads it and stops before touching
 * anything else. A lock whose process has died (or whose id now belongs to another process, or
 * which was written before the machine restarted) is taken over.
 */
export const LOCK_FILE = ".yieldgrid.lock";

export interface LockHolder {
  pid: number;
  /** What holds it: "server", "sync", "key:create", … */
  command: string;
  since: string;
  /** Linux: the process's start time in clock ticks after boot, and the boot's id; together with pid they name one process. */
  startTicks?: string;
  bootId?: string;
  /** A server publishes where `key:create` can ask it to create a key, and the secret for that (the file is mode 0600). */
  operator?: { url: string; secret: string };
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        "Only one process may open it at a time: stop that process first, or use PostgreSQL (DATABASE_URL) to share a database.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Rewrites the holder record (atomically: a new file renamed over the old one). */
  publish(extra: Pick<LockHolder, "operator">): void;
  release(): void;
}

const readText = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

/** This process's start time and the boot id, where /proc tells them (Linux). */
function processIdentity(pid: number): { startTicks?: string; bootId?: string } {
  const stat = readText(`/proc/${pid}/stat`);
  // Field 22 (starttime), counted after the parenthesised command name, which may contain spaces.
  const startTicks = stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  const bootId = readText("/proc/sys/kernel/random/boot_id")?.trim();
  return { ...(startTicks && { startTicks }), ...(bootId && { bootId }) };
}

function isAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = processIdentity(holder.pid);
  if (holder.bootId && now.bootId && holder.bootId !== now.bootId) return false;
  if (holder.startTicks && now.startTicks && holder.startTicks !== now.startTicks) return false;
  return true;
}

function parseHolder(text: string | null): LockHolder | null {
  if (!text) return null;
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Who holds the lock on `dataDir` right now, if anybody alive does. */
export function lockHolderOf(dataDir: string): LockHolder | null {
  const holder = parseHolder(readText(path.join(dataDir, LOCK_FILE)));
  return holder && isAlive(holder) ? holder : null;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the lock on `dataDir` (creating the folder when missing) or throws DataDirLockedError
 * naming the live holder. Synchronous: it runs before anything else touches the folder.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, command, since: new Date().toISOString(), ...processIdentity(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = parseHolder(readText(file));
    if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    // An unreadable record is most likely being written by a process that just took the lock.
    if (!holder && attempt < 20) {
      sleep(25);
      continue;
    }
    if (attempt > 40) throw new Error(`Could not take the lock ${file}: it keeps changing hands`);
    removeStale(file, holder);
  }
  const onExit = () => release();
  process.once("exit", onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.removeListener("exit", onExit);
    // Only our own record: never a lock somebody took over meanwhile.
    if (parseHolder(readText(file))?.pid === process.pid) unlinkSync(file);
  }
  return {
    file,
    publish(extra) {
      Object.assign(mine, extra);
      const temp = `${file}.${process.pid}`;
      const fd = openSync(temp, "w", 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
    },
    release,
  };
}

/**
 * Removes a dead holder's lock. Two processes may find the same dead lock at once: the one that
 * creates the takeover guard removes it, after checking under the guard that it is still that lock.
 */
function removeStale(file: string, seen: LockHolder | null) {
  const guard = `${file}.takeover`;
  try {
    closeSync(openSync(guard, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A guard older than a few seconds was left by a process that died while taking over.
    try {
      if (Date.now() - statSync(guard).mtimeMs > 5_000) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    sleep(25);
    return;
  }
  try {
    const now = parseHolder(readText(file));
    if (now?.pid === seen?.pid && (!now || !isAlive(now))) unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  } finally {
    unlinkSync(guard);
  }
}
