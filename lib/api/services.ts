import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiKeyStore } from "@/lib/domain/api-keys/key-store";
import { readConfig, type Config } from "@/lib/machinery/config";
import { migrateDatabase, openDatabase, type Database, type Db, type OpenOptions } from "@/lib/machinery/db/client";
import { datasetMeta } from "@/lib/machinery/db/schema";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { serveMarker } from "@/lib/api/serve-marker";
import { DatabaseRateLimiter, MemoryRateLimiter, OVERFLOW_BUCKETS, type RateLimiter } from "@/lib/machinery/rate-limit/rate-limiter";
import { EMBEDDED_MAINTENANCE_INTERVAL_MS, maintainEmbedded } from "../machinery/db/maintenance";
import { databaseFaultOf, ServiceUnavailableError, type DatabaseFault, type UnavailableReason } from "../machinery/db/database-faults";
import { ensureYieldWindow } from "@/lib/domain/instruments/yield-windows";
import { ResponseCache } from "../machinery/cache/response-cache";

/** Everything a request needs, created once per process when the database is open. */
export interface Services {
  database: Database;
  db: Db;
  config: Config;
  keys: ApiKeyStore;
  rateLimiter: RateLimiter;
  responses: ResponseCache;
  now: () => Date;
}

// Caches on another instance may be this old before they see a change made elsewhere.
const SHARED_DATABASE_STALENESS_MS = 5_000;
const FLUSH_INTERVAL_MS = 1_000;
/** While the database is unavailable, how often the server tries again. */
export const RETRY_INTERVAL_MS = 1_000;

/** Opens, migrates and seeds the configured database. Used by the server, the CLI and the tests. */
export async function openMigratedDatabase(databaseUrl?: string, options?: OpenOptions): Promise<Database> {
  const database = await openDatabase(databaseUrl, options);
  try {
    await database.withStartupLock(async (db) => {
      await migrateDatabase(database, db);
      await seedCatalog({ db, now: new Date() });
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/** The key of the keyed hash that picks overflow rate-limit buckets, made once per database. */
async function rateLimitHashKey(db: Db): Promise<Buffer> {
  const name = "rate-limit-hash-key";
  await db.insert(datasetMeta).values({ key: name, value: randomBytes(32).toString("hex") }).onConflictDoNothing();
  const [row] = await db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, name));
  return Buffer.from(row!.value, "hex");
}

export async function createServices(database: Database, config = readConfig()): Promise<Services> {
  const shared = database.kind === "postgres";
  const policy = { maxAddresses: config.rateLimitMaxAddresses, overflowBuckets: OVERFLOW_BUCKETS, hashKey: await rateLimitHashKey(database.db) };
  const responses = new ResponseCache({ ttlMs: shared ? SHARED_DATABASE_STALENESS_MS : null, maxBytes: config.responseCacheBytes });
  // Made exact before the first request, which then only checks the day.
  await ensureYieldWindow(database.db, new Date());
  return {
    database,
    db: database.db,
    config,
    keys: new ApiKeyStore(database.db, shared ? SHARED_DATABASE_STALENESS_MS : null),
    rateLimiter: shared
      ? new DatabaseRateLimiter(database.counterDb, config.rateLimitWindowSeconds, policy)
      : new MemoryRateLimiter(database.db, config.rateLimitWindowSeconds, policy),
    responses,
    now: () => new Date(),
  };
}

export type DatabaseStatus =
  | { state: "ready"; since: Date }
  | { state: "unavailable"; reason: UnavailableReason; cause: string; since: Date; lastAttemptAt: Date | null };

const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify(entry) + "\n");

/**
 * The server's side of the database: opened in the background and tried again
 * every second while it cannot be (unreachable, not created yet, an embedded folder that cannot be
 * opened), so the server keeps answering (503) and serves again as soon as it is back. It writes
 * back counters and lastUsed once a second and, on shutdown (scripts/serve.mjs), a last time.
 */
class ServiceRuntime {
  readonly config = readConfig();
  status: DatabaseStatus = { state: "unavailable", reason: "starting", cause: "opening the database", since: new Date(), lastAttemptAt: null };
  services: Services | null = null;
  /** Set in a server that holds the embedded folder (lib/api/operator.ts). */
  operatorSecret: string | null = null;
  readonly firstAttempt: Promise<void>;
  private stopScheduler: (() => Promise<void>) | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private vacuumTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  private lastLoggedCause = "";

  private onReady: ((services: Services) => () => Promise<void>) | undefined;

  constructor() {
    this.firstAttempt = this.attempt();
  }

  /** What to start once the database is open (the sync scheduler); at once if it already is. */
  whenReady(onReady: (services: Services) => () => Promise<void>) {
    if (this.onReady) return;
    this.onReady = onReady;
    if (this.services) this.stopScheduler = onReady(this.services);
  }

  private async attempt(): Promise<void> {
    const attemptedAt = new Date();
    let database: Database | null = null;
    try {
      database = await openMigratedDatabase(undefined, { command: serveMarker() ? "server" : "yieldgrid" });
      const services = await createServices(database, this.config);
      if (this.stopped) {
        await database.close();
        return;
      }
      this.services = services;
      this.status = { state: "ready", since: new Date() };
      log({ level: "info", msg: "database ready", database: database.kind });
      this.publishOperatorEndpoint(database);
      this.flushTimer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
      this.flushTimer.unref();
      if (database.kind === "pglite") {
        this.vacuumTimer = setInterval(() => void this.maintain(services), EMBEDDED_MAINTENANCE_INTERVAL_MS);
        this.vacuumTimer.unref();
      }
      this.stopScheduler = this.onReady?.(services) ?? null;
    } catch (error) {
      // By name: the error class may come from another chunk of the build (DataDirLockedError).
      if (error instanceof Error && error.name === "DataDirLockedError") {
        // Another process owns the folder: never touch it, and say who has it.
        console.error(error.message);
        process.exit(1);
      }
      await database?.close().catch(() => undefined);
      const fault: DatabaseFault = databaseFaultOf(error, { opening: true }) ?? { reason: "failing", cause: error instanceof Error ? error.message : String(error) };
      const since = this.status.state === "unavailable" && this.status.reason !== "starting" ? this.status.since : attemptedAt;
      this.status = { state: "unavailable", reason: fault.reason, cause: fault.cause, since, lastAttemptAt: attemptedAt };
      if (fault.cause !== this.lastLoggedCause) {
        this.lastLoggedCause = fault.cause;
        log({ level: "error", msg: "database unavailable; retrying every second", reason: fault.reason, err: fault.cause });
      }
      if (!this.stopped) this.retryTimer = setTimeout(() => void this.attempt(), RETRY_INTERVAL_MS);
    }
  }

  /** A server on the embedded database lets `npm run key:create` create keys through it (lib/api/operator.ts). */
  private publishOperatorEndpoint(database: Database) {
    const marker = serveMarker();
    if (!database.lock || !marker) return;
    this.operatorSecret = randomBytes(32).toString("base64url");
    database.lock.publish({ operator: { url: marker.internalUrl, secret: this.operatorSecret } });
  }

  /** Writes back counters and lastUsed; one write-back at a time. */
  flush(): Promise<void> {
    const services = this.services;
    if (!services) return Promise.resolve();
    const flushing = (this.flushing ??= Promise.all([services.keys.flush(), services.rateLimiter.flush()])
      .then(() => undefined)
      .catch((err: unknown) => log({ level: "error", msg: "write-back failed", err: String(err) }))
      .finally(() => {
        this.flushing = null;
      }));
    return flushing;
  }

  private async maintain(services: Services) {
    const started = performance.now();
    try {
      await maintainEmbedded(services.db);
      log({ level: "info", msg: "vacuumed and checkpointed the embedded database", durationMs: Math.round(performance.now() - started) });
    } catch (err) {
      log({ level: "error", msg: "embedded maintenance failed", err: String(err) });
    }
  }

  /** The services, or a ServiceUnavailableError saying why there are none right now. */
  current(): Services {
    if (this.services) return this.services;
    const status = this.status as Extract<DatabaseStatus, { state: "unavailable" }>;
    throw new ServiceUnavailableError(status.reason, status.cause, status.since);
  }

  /** Stops the sync, writes back what is in memory, closes the database and releases its folder. */
  async shutdown() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.flushTimer);
    clearInterval(this.vacuumTimer);
    await this.stopScheduler?.();
    await this.flushing;
    const services = this.services;
    if (!services) return;
    await this.flush();
    this.services = null;
    await services.database.close().catch((err: unknown) => log({ level: "error", msg: "closing the database failed", err: String(err) }));
    log({ level: "info", msg: "stopped: counters and lastUsed written back, database closed" });
  }
}

// One runtime per process, on globalThis: Next may load this module more than once (route bundles,
// instrumentation), and the embedded database must be opened exactly once.
const runtimeKey = Symbol.for("yieldgrid.services");
const shutdownKey = Symbol.for("yieldgrid.shutdown");
type RuntimeGlobal = typeof globalThis & { [runtimeKey]?: ServiceRuntime; [shutdownKey]?: () => Promise<void> };

function runtime(): ServiceRuntime {
  const g = globalThis as RuntimeGlobal;
  if (!g[runtimeKey]) {
    const created = new ServiceRuntime();
    g[runtimeKey] = created;
    // scripts/serve.mjs calls this on SIGTERM/SIGINT once requests in flight have finished.
    g[shutdownKey] = () => created.shutdown();
  }
  return g[runtimeKey];
}

/**
 * Starts opening the database (instrumentation.ts) and resolves after the first attempt, whether or
 * not it succeeded: the server then answers either normally or 503 while it keeps trying.
 * `onReady` runs once the database is open; the function it returns is awaited on shutdown.
 */
export async function startServices({ onReady }: { onReady?: (services: Services) => () => Promise<void> } = {}): Promise<void> {
  const r = runtime();
  if (onReady) r.whenReady(onReady);
  await r.firstAttempt;
  serveMarker()?.started?.();
}

/** The services, once the database is open; otherwise rejects at once with ServiceUnavailableError. */
export async function getServices(): Promise<Services> {
  const r = runtime();
  if (!r.services && r.status.state === "unavailable" && r.status.reason === "starting") await r.firstAttempt;
  return r.current();
}

/** Configuration, known with or without a database. */
export const runtimeConfig = (): Config => runtime().config;

/** The secret `key:create` must present to this server, if it holds the embedded folder. */
export const operatorSecret = (): string | null => (globalThis as RuntimeGlobal)[runtimeKey]?.operatorSecret ?? null;
