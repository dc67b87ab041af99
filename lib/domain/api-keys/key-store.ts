import "server-only";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";

export type StoredApiKey = typeof apiKeys.$inferSelect;

const MAX_CACHED = 10_000;

/**
 * Key records by hash, cached in memory so that authenticating a request costs no query.
 * `recheckMs` bounds how stale a cached record may be (PostgreSQL: other instances may revoke it);
 * null means this process is the only writer (the embedded database), so the cache is always right.
 * lastUsed is kept in memory and written back by `flush` once a second.
 */
export class ApiKeyStore {
  private readonly cache = new Map<string, { record: StoredApiKey | null; fetchedAt: number }>();
  private readonly pending = new Map<string, Promise<StoredApiKey | null>>();
  private readonly usedAt = new Map<string, Date>();

  constructor(
    private readonly db: Db,
    private readonly recheckMs: number | null,
  ) {}

  /**
   * The key whose current secret, or whose secret before its last roll, has this hash. Whether that
   * secret is still accepted is `acceptsSecret`'s to say.
   */
  async findByHash(hash: string): Promise<StoredApiKey | null> {
    const hit = this.cache.get(hash);
    if (hit && (this.recheckMs === null || Date.now() - hit.fetchedAt < this.recheckMs)) return hit.record;
    let load = this.pending.get(hash);
    if (!load) {
      load = this.db
        .select()
        .from(apiKeys)
        .where(or(eq(apiKeys.hash, hash), eq(apiKeys.previousHash, hash)))
        .then(([row]) => {
          this.remember(hash, row ?? null);
          return row ?? null;
        })
        .finally(() => this.pending.delete(hash));
      this.pending.set(hash, load);
    }
    return load;
  }

  /** Called after this process writes a key record, so its own cache is right at once. */
  remember(hash: string, record: StoredApiKey | null) {
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(hash, { record, fetchedAt: Date.now() });
  }

  markUsed(record: StoredApiKey, at: Date) {
    record.lastUsedAt = at;
    this.usedAt.set(record.id, at);
  }

  /** lastUsed of a key as this process knows it, which may be newer than the database's. */
  lastUsedOf(id: string): Date | undefined {
    return this.usedAt.get(id);
  }

  /**
   * Writes pending lastUsed values back. An entry leaves memory only once its write has committed
   * and no newer use came meanwhile, so a listing never sees a use vanish between the two, and a
   * failed write is retried by the next flush.
   */
  async flush() {
    for (const [id, at] of [...this.usedAt]) {
      await this.db
        .update(apiKeys)
        .set({ lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, ${at}), ${at})` })
        .where(eq(apiKeys.id, id));
      if (this.usedAt.get(id) === at) this.usedAt.delete(id);
    }
  }
}
