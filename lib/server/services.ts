import { ApiKeyStore } from "@/lib/api-keys/key-store";
import { readConfig, type Config } from "@/lib/config";
import { migrateDatabase, openDatabase, type Database, type Db } from "@/lib/db/client";
import { seedCatalog } from "@/lib/db/seed";
import { DatabaseRateLimiter, MemoryRateLimiter, type RateLimiter } from "@/lib/rate-limit/rate-limiter";
import { ResponseCache } from "./response-cache";

/** Everything a request needs, created once per process. */
export interface Services {
  database: Database;
  db: Db;
  config: Config;
  keys: ApiKeyStore;
  rateLimiter: RateLimiter;
  responses: ResponseCache;
  now: () => Date;
}

// Caches on another instance may be this old before they see a change made elsewhere (decisions D5).
const SHARED_DATABASE_STALENESS_MS = 5_000;
const FLUSH_INTERVAL_MS = 1_000;

/** Opens, migrates and seeds the configured database. Used by the server, the CLI and the tests. */
export async function openMigratedDatabase(databaseUrl?: string): Promise<Database> {
  const database = await openDatabase(databaseUrl);
  await database.withStartupLock(async () => {
    await migrateDatabase(database);
    await seedCatalog({ db: database.db, now: new Date() });
  });
  return database;
}

export async function createServices(database: Database, config = readConfig()): Promise<Services> {
  const shared = database.kind === "postgres";
  const services: Services = {
    database,
    db: database.db,
    config,
    keys: new ApiKeyStore(database.db, shared ? SHARED_DATABASE_STALENESS_MS : null),
    rateLimiter: shared
      ? new DatabaseRateLimiter(database.counterDb, config.rateLimitWindowSeconds)
      : new MemoryRateLimiter(database.db, config.rateLimitWindowSeconds),
    responses: new ResponseCache(shared ? SHARED_DATABASE_STALENESS_MS : null),
    now: () => new Date(),
  };
  const flush = () =>
    Promise.all([services.keys.flush(), services.rateLimiter.flush()]).catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "write-back failed", err: String(err) })),
    );
  setInterval(flush, FLUSH_INTERVAL_MS).unref();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void flush());
  return services;
}

// One set per process, on globalThis: Next may load this module more than once (route bundles,
// instrumentation), and the embedded database must be opened exactly once.
const globalKey = Symbol.for("yieldgrid.services");
type GlobalWithServices = typeof globalThis & { [globalKey]?: Promise<Services> };

export function getServices(): Promise<Services> {
  const g = globalThis as GlobalWithServices;
  g[globalKey] ??= openMigratedDatabase().then((database) => createServices(database));
  // A failed start is not cached, so the next request tries again.
  g[globalKey].catch(() => {
    delete g[globalKey];
  });
  return g[globalKey];
}
