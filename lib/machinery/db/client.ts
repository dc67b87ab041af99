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
  /** Runs `fn` while holding a cluster-wide lock, so that concurrent starts do not race. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
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

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: databasePoolSize(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Every request writes one counter row. Committing those without waiting for the WAL flush makes them
  // several times cheaper; a database crash can then lose the last fraction of a second of counting,
  // which the documented rate limits accept for the embedded mode too. The counts stay exact otherwise.
  const counterPool = new Pool({ connectionString: url, max: 4, options: "-c synchronous_commit=off", connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  counterPool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
  const counterDb = drizzle(counterPool, { schema }) as unknown as Db;
  return {
    db,
    counterDb,
    kind: "postgres",
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), counterPool.end()]);
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
    withStartupLock: (fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder });
  }
}
