import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  /** Where rate-limit counts are written: on PostgreSQL a pool that does not wait for WAL flushes. */
  counterDb: Db;
  kind: DbKind;
  /** Runs `fn` while holding a cluster-wide lock, so that concurrent starts do not race. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/** Where the embedded database lives unless DATA_DIR says otherwise. */
export function embeddedDataDir(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), ".data", "pglite");
}

// Arbitrary constant shared by every Yieldgrid instance: the key of the migration advisory lock.
const STARTUP_LOCK_KEY = 72_450_913;

export async function openDatabase(databaseUrl = process.env.DATABASE_URL): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  return openPglite(embeddedDataDir());
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Every request writes one counter row. Committing those without waiting for the WAL flush makes them
  // several times cheaper; a database crash can then lose the last fraction of a second of counting,
  // which decisions D5 accepts for the embedded mode too. The counts stay exact otherwise.
  const counterPool = new Pool({ connectionString: url, max: 4, options: "-c synchronous_commit=off" });
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

export async function openPglite(dataDir: string): Promise<Database> {
  const { mkdir } = await import("node:fs/promises");
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir !== "memory://") await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    counterDb: db,
    kind: "pglite",
    // PGlite is single-process: its data folder cannot be opened twice, so there is nobody to race.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
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
