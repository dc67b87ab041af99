import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimitWindows } from "@/lib/db/schema";

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  resetAt: number;
}

/** Counts requests per bucket in fixed windows. `consume` admits exactly `limit` requests per window. */
export interface RateLimiter {
  consume(bucket: string, limit: number, now: Date): Promise<RateLimitResult>;
  /** Writes back what is only in memory and drops windows that ended before `now`'s previous one. */
  flush(now?: Date): Promise<void>;
}

export function windowOf(now: Date, windowSeconds: number) {
  const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  return { start, end: start + windowSeconds };
}

const resultOf = (count: number, limit: number, resetAt: number): RateLimitResult => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetAt,
});

/**
 * PostgreSQL: one atomic upsert per request, so every instance sharing the database sees one count.
 */
export class DatabaseRateLimiter implements RateLimiter {
  // Built once and prepared on each connection: the hot path does no query building.
  private readonly hit;

  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {
    this.hit = db
      .insert(rateLimitWindows)
      .values({ bucket: sql.placeholder("bucket"), windowStart: sql.placeholder("windowStart"), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
        set: { count: sql`${rateLimitWindows.count} + 1` },
      })
      .returning({ count: rateLimitWindows.count })
      .prepare("rate_limit_hit");
  }

  async consume(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    const [row] = await this.hit.execute({ bucket, windowStart: start });
    return resultOf(row!.count, limit, end);
  }

  private lastSweep = 0;

  /** Counts are already in the database; this only sweeps windows that ended long ago, once a minute. */
  async flush(now = new Date()) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.db.delete(rateLimitWindows).where(sql`${rateLimitWindows.windowStart} < ${Math.floor(now.getTime() / 1000) - 2 * this.windowSeconds}`);
  }
}

/**
 * Embedded database: only this process can open it, so the count lives in memory (exact, since the
 * increment is synchronous) and is written back by `flush` once a second; a restart resumes from it.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, { count: number; dirty: boolean; windowStart: number }>();
  private readonly loading = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {}

  async consume(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    const id = `${start}|${bucket}`;
    let entry = this.counts.get(id);
    if (!entry) {
      const stored = await this.storedCount(id, bucket, start);
      entry = this.counts.get(id) ?? { count: stored, dirty: false, windowStart: start };
      this.counts.set(id, entry);
    }
    entry.count += 1;
    entry.dirty = true;
    return resultOf(entry.count, limit, end);
  }

  private storedCount(id: string, bucket: string, windowStart: number): Promise<number> {
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.db
        .select({ count: rateLimitWindows.count })
        .from(rateLimitWindows)
        .where(sql`${rateLimitWindows.bucket} = ${bucket} and ${rateLimitWindows.windowStart} = ${windowStart}`)
        .then((rows) => rows[0]?.count ?? 0)
        .finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  async flush(now = new Date()) {
    const current = windowOf(now, this.windowSeconds).start;
    const dirty = [...this.counts.entries()].filter(([, e]) => e.dirty);
    for (const [id, entry] of dirty) {
      entry.dirty = false;
      const bucket = id.slice(id.indexOf("|") + 1);
      try {
        await this.db
          .insert(rateLimitWindows)
          .values({ bucket, windowStart: entry.windowStart, count: entry.count })
          .onConflictDoUpdate({ target: [rateLimitWindows.bucket, rateLimitWindows.windowStart], set: { count: entry.count } });
      } catch (error) {
        entry.dirty = true; // written by the next flush
        throw error;
      }
    }
    for (const [id, entry] of this.counts) if (entry.windowStart < current && !entry.dirty) this.counts.delete(id);
    if (dirty.length > 0)
      await this.db.delete(rateLimitWindows).where(sql`${rateLimitWindows.windowStart} < ${current - this.windowSeconds}`);
  }
}
