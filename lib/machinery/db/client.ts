import "server-only";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { databasePoolSize, databaseUrl as configuredDatabaseUrl, embeddedDataDir } from "@/lib/machinery/config";
import { lockDataDir, type DataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  /** Where rate-limit counts are written: on PostgreSQL a pool that does not wait for WAL flushes. */
  counterDb: Db;
  kind: DbKind;
  /** The embedded database's folder lock (data-dir-lock.ts); released by `close`. */
  lock?: DataDirLock;
  /**
   * Runs `fn` while holding a cluster-wide lock, so that concurrent starts do not race; `fn` gets
   * the database through the connection holding the lock.
   */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(process.cwd(), "lib/machinery/db/migrations");

export { embeddedDataDir };

// Arbitrary constant shared by every Yieldgrid instance: the key of the migration advisory lock.
const STARTUP_LOCK_KEY = 72_450_913;

export interface OpenOptions {
  /** Who opens the embedded database, as a second opener is told ("server", "npm run sync", …). */
  command?: string;
}

export async function openDatabase(databaseUrl = configuredDatabaseUrl(), { command = "yieldgrid" }: OpenOptions = {}): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  return openPglite(embeddedDataDir(), { command });
}

// A connection attempt that hangs (an unreachable host) fails after this long, so requests answer 503
// instead of waiting with it.
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How DATABASE_POOL_SIZE connections are shared: every request writes one counter row, on
 * connections of their own that commit without waiting for the WAL flush (several times cheaper; a
 * database crash can then lose the last fraction of a second of counting, which the documented rate
 * limits accept for the embedded mode too; the counts stay exact otherwise). They get a third of
 * the size, 1 to 4; the queries the rest. A size of 1 leaves a single pool, which counts with
 * ordinary commits. Both pools together never exceed the size.
 */
export function poolSizes(total: number): { queries: number; counters: number } {
  if (total < 2) return { queries: total, counters: 0 };
  const counters = Math.min(4, Math.max(1, Math.floor(total / 3)));
  return { queries: total - counters, counters };
}

/** How an instance names its connections (pg_stat_activity.application_name): each one's own. */
export const applicationNameOf = (pid: number) => `yieldgrid pid ${pid}`;

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const sizes = poolSizes(databasePoolSize());
  const poolOf = (max: number, options?: string) => {
    const pool = new Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: applicationNameOf(process.pid),
      ...(options && { options }),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
    return pool;
  };
  const pool = poolOf(sizes.queries);
  const db = drizzle(pool, { schema }) as unknown as Db;
  const counterPool = sizes.counters > 0 ? poolOf(sizes.counters, "-c synchronous_commit=off") : null;
  const counterDb = counterPool ? (drizzle(counterPool, { schema }) as unknown as Db) : db;
  return {
    db,
    counterDb,
    kind: "postgres",
    // The work runs on the connection that holds the lock: waiting for a second one of a pool of
    // one would wait forever.
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await fn(drizzle(client, { schema }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), counterPool?.end()]);
    },
  };
}

/**
 * PostgreSQL keeps up to max_wal_size (1 GB) of write-ahead log between checkpoints; a sync an hour
 * and the write-backs need a fraction of that, so the embedded folder keeps 32–64 MB of it instead.
 */
const EMBEDDED_SETTINGS = ["-c", "max_wal_size=64MB", "-c", "min_wal_size=32MB"];

/**
 * Opens PGlite on `dataDir` ("memory://" for a throwaway one), after taking the folder's lock: a
 * folder another live process holds throws DataDirLockedError before PGlite sees it.
 */
export async function openPglite(dataDir: string, { command = "yieldgrid" }: OpenOptions = {}): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const lock = dataDir === "memory://" ? undefined : lockDataDir(dataDir, command);
  let client;
  try {
    client = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    counterDb: db,
    kind: "pglite",
    lock,
    // The folder lock keeps every other process out, so there is nobody to race.
    withStartupLock: (fn) => fn(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Applies the migrations through `db` (by default the database's pool; at start, the locked connection). */
export async function migrateDatabase(database: Pick<Database, "kind" | "db">, db: Db = database.db): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(db as any, { migrationsFolder });
  }
}
