import "server-only";
import { createHmac } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { rateLimitWindows } from "@/lib/machinery/db/schema";
import { rowsOf } from "@/lib/machinery/db/execute-results";
import { pgArray } from "@/lib/machinery/db/pg-array";

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
  /** What `consume` would see, without counting (CORS preflights): `allowed` says whether one more request would pass. */
  peek(bucket: string, limit: number, now: Date): Promise<RateLimitResult>;
  /** Writes back what is only in memory and drops windows no longer needed (see `sweepBefore`). */
  flush(now?: Date): Promise<void>;
  /** A bucket's count per window from `fromWindowStart` (Unix seconds) on, oldest first: what usage charts read. */
  countsSince(bucket: string, fromWindowStart: number): Promise<{ windowStart: number; count: number }[]>;
}

/** Buckets of API keys: `key:<id>`. Their windows are kept for a week, as the key's usage. */
export const KEY_BUCKET_PREFIX = "key:";
/** How long a key's windows are kept: 7 days of usage plus the window in progress. */
export const KEY_USAGE_RETENTION_SECONDS = 7 * 24 * 3600;

/**
 * The condition for windows to delete at `nowSeconds`: those that ended before the previous window,
 * except a key's, which stay until they leave its week of usage.
 */
function sweepBefore(nowSeconds: number, windowSeconds: number) {
  const current = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  return sql`${rateLimitWindows.windowStart} < ${current - windowSeconds}
    and (${rateLimitWindows.bucket} not like ${KEY_BUCKET_PREFIX + "%"} or ${rateLimitWindows.windowStart} < ${current - KEY_USAGE_RETENTION_SECONDS - windowSeconds})`;
}

/**
 * Buckets named `ip:…` belong to client addresses, of which a caller can bring any number. Each
 * window counts at most `maxAddresses` of them exactly; the addresses beyond share `overflowBuckets`
 * buckets, chosen by a keyed hash of the address (HMAC-SHA256 with a key stored in the database, so
 * that instances agree and nobody outside can aim at a particular one). Memory and rows per window
 * stay below maxAddresses + overflowBuckets + 1, however many addresses call.
 */
export const ADDRESS_BUCKET_PREFIX = "ip:";
/** The row counting the distinct address buckets of a window. */
export const ADDRESS_TALLY_BUCKET = "#addresses";
export const OVERFLOW_BUCKETS = 256;

export interface AddressBucketPolicy {
  maxAddresses: number;
  overflowBuckets: number;
  hashKey: Buffer;
}

export function overflowBucketOf(bucket: string, policy: AddressBucketPolicy): string {
  const digest = createHmac("sha256", policy.hashKey).update(bucket).digest();
  return `ip~${digest.readUInt32BE(0) % policy.overflowBuckets}`;
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

// A peek has not counted the request it answers, so the next one is allowed while count < limit.
const peekResultOf = (count: number, limit: number, resetAt: number): RateLimitResult => ({
  ...resultOf(count, limit, resetAt),
  allowed: count < limit,
});

const isAddressBucket = (bucket: string) => bucket.startsWith(ADDRESS_BUCKET_PREFIX);

type CountRow = { count: number | string | null };

/** Requests of one bucket and window waiting for their count (DatabaseRateLimiter). */
interface CountLane {
  inFlight: boolean;
  waiting: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
}

/**
 * PostgreSQL: atomic statements, so every instance sharing the database sees one count. Requests of
 * one bucket that arrive while its statement is on the way are counted together by the next one
 * (`count + n`, returning the new total): each gets its own place in the window (total − n + 1 …
 * total, in arrival order), exactly as n statements of one would give, for one round trip.
 */
export class DatabaseRateLimiter implements RateLimiter {
  // Built once and prepared on each connection: the hot path of keyed requests does no query building.
  private readonly hit;
  // By window and bucket, only while a statement is on the way: at most one entry per bucket in use.
  private readonly lanes = new Map<string, CountLane>();

  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
    private readonly policy: AddressBucketPolicy,
  ) {
    this.hit = db
      .insert(rateLimitWindows)
      .values({ bucket: sql.placeholder("bucket"), windowStart: sql.placeholder("windowStart"), count: sql.placeholder("requests") })
      .onConflictDoUpdate({
        target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
        set: { count: sql`${rateLimitWindows.count} + excluded.count` },
      })
      .returning({ count: rateLimitWindows.count })
      .prepare("rate_limit_hit");
  }

  async consume(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    if (!isAddressBucket(bucket)) return resultOf(await this.countIn(bucket, start), limit, end);
    // A known address counts exactly; a new one is admitted (and counts exactly) only if it takes one
    // of the window's places on the tally, otherwise it counts in the address's overflow bucket. The
    // tally's increment is conditional on the row it locks (`where r.count < max` is checked against
    // the latest committed count), so racing requests of any number of instances never admit more
    // addresses than the cap.
    const result = await this.db.execute(sql`
      with prior as (select 1 from rate_limit_windows where bucket = ${bucket} and window_start = ${start}),
      -- Seen full by this statement's snapshot: full for good (a window's counts only grow), so a spray
      -- past the cap does not queue on the tally's lock.
      room as (
        select coalesce((select count from rate_limit_windows where bucket = ${ADDRESS_TALLY_BUCKET} and window_start = ${start}), 0)
          < ${this.policy.maxAddresses} as ok
      ),
      admitted as (
        insert into rate_limit_windows as r (bucket, window_start, count)
        select ${ADDRESS_TALLY_BUCKET}, ${start}, 1 where not exists (select 1 from prior) and (select ok from room)
        on conflict (bucket, window_start) do update set count = r.count + 1 where r.count < ${this.policy.maxAddresses}
        returning r.count
      ),
      exact as (
        insert into rate_limit_windows as r (bucket, window_start, count)
        select ${bucket}, ${start}, 1 where exists (select 1 from prior) or exists (select 1 from admitted)
        on conflict (bucket, window_start) do update set count = r.count + 1
        returning r.count
      ),
      spill as (
        insert into rate_limit_windows as r (bucket, window_start, count)
        select ${overflowBucketOf(bucket, this.policy)}, ${start}, 1 where not exists (select 1 from exact)
        on conflict (bucket, window_start) do update set count = r.count + 1
        returning r.count
      )
      select coalesce((select count from exact), (select count from spill)) as count`);
    return resultOf(Number(rowsOf<CountRow>(result)[0]!.count), limit, end);
  }

  /** This request's place in the bucket's window, counted with whoever else arrives meanwhile. */
  private countIn(bucket: string, windowStart: number): Promise<number> {
    const id = `${windowStart}|${bucket}`;
    let lane = this.lanes.get(id);
    if (!lane) this.lanes.set(id, (lane = { inFlight: false, waiting: [] }));
    const counted = new Promise<number>((resolve, reject) => lane.waiting.push({ resolve, reject }));
    if (!lane.inFlight) void this.countWaiting(id, lane, bucket, windowStart);
    return counted;
  }

  private async countWaiting(id: string, lane: CountLane, bucket: string, windowStart: number): Promise<void> {
    const batch = lane.waiting;
    lane.waiting = [];
    lane.inFlight = true;
    try {
      const [row] = await this.hit.execute({ bucket, windowStart, requests: batch.length });
      batch.forEach((w, i) => w.resolve(row!.count - batch.length + 1 + i));
    } catch (error) {
      batch.forEach((w) => w.reject(error));
    }
    if (lane.waiting.length > 0) return this.countWaiting(id, lane, bucket, windowStart);
    lane.inFlight = false;
    this.lanes.delete(id);
  }

  async peek(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    const overflow = isAddressBucket(bucket) ? overflowBucketOf(bucket, this.policy) : bucket;
    const result = await this.db.execute(sql`
      select coalesce(
        (select count from rate_limit_windows where bucket = ${bucket} and window_start = ${start}),
        (select count from rate_limit_windows where bucket = ${overflow} and window_start = ${start}
          and coalesce((select count from rate_limit_windows where bucket = ${ADDRESS_TALLY_BUCKET} and window_start = ${start}), 0)
            >= ${this.policy.maxAddresses}),
        0) as count`);
    return peekResultOf(Number(rowsOf<CountRow>(result)[0]!.count), limit, end);
  }

  private lastSweep = 0;

  /** Counts are already in the database; this only sweeps windows that ended long ago, once a minute. */
  async flush(now = new Date()) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.db.delete(rateLimitWindows).where(sweepBefore(Math.floor(now.getTime() / 1000), this.windowSeconds));
  }

  async countsSince(bucket: string, fromWindowStart: number) {
    return storedCountsSince(this.db, bucket, fromWindowStart);
  }
}

async function storedCountsSince(db: Db, bucket: string, fromWindowStart: number) {
  return db
    .select({ windowStart: rateLimitWindows.windowStart, count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(and(eq(rateLimitWindows.bucket, bucket), gte(rateLimitWindows.windowStart, fromWindowStart)))
    .orderBy(rateLimitWindows.windowStart);
}

interface Entry {
  count: number;
  dirty: boolean;
  windowStart: number;
}

/**
 * Embedded database: only this process can open it, so the count lives in memory (exact, since the
 * increment is synchronous) and is written back by `flush` once a second; a restart resumes from it.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<number | null>>();

  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
    private readonly policy: AddressBucketPolicy,
  ) {}

  async consume(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    const entry = this.counts.get(`${start}|${bucket}`) ?? (await this.entryFor(bucket, start));
    entry.count += 1;
    entry.dirty = true;
    return resultOf(entry.count, limit, end);
  }

  async peek(bucket: string, limit: number, now: Date) {
    const { start, end } = windowOf(now, this.windowSeconds);
    const count = async (name: string) => this.counts.get(`${start}|${name}`)?.count ?? (await this.storedCount(name, start));
    let seen = await count(bucket);
    if (seen === null && isAddressBucket(bucket) && ((await count(ADDRESS_TALLY_BUCKET)) ?? 0) >= this.policy.maxAddresses)
      seen = await count(overflowBucketOf(bucket, this.policy));
    return peekResultOf(seen ?? 0, limit, end);
  }

  /** The entry that counts `bucket` in the window starting at `start`: loaded, new, or the overflow bucket's. */
  private async entryFor(bucket: string, start: number): Promise<Entry> {
    const id = `${start}|${bucket}`;
    const stored = await this.storedCount(bucket, start);
    const capped = isAddressBucket(bucket);
    const tally = capped ? (this.counts.get(`${start}|${ADDRESS_TALLY_BUCKET}`) ?? (await this.entryFor(ADDRESS_TALLY_BUCKET, start))) : null;
    // Decided without awaiting from here on, so concurrent first requests of one bucket agree.
    const existing = this.counts.get(id);
    if (existing) return existing;
    if (tally && stored === null) {
      if (tally.count >= this.policy.maxAddresses) {
        const overflow = overflowBucketOf(bucket, this.policy);
        return this.counts.get(`${start}|${overflow}`) ?? this.entryFor(overflow, start);
      }
      tally.count += 1;
      tally.dirty = true;
    }
    const entry: Entry = { count: stored ?? 0, dirty: false, windowStart: start };
    this.counts.set(id, entry);
    return entry;
  }

  /** The count the database holds for a bucket in a window, or null when it has no row. */
  private storedCount(bucket: string, windowStart: number): Promise<number | null> {
    const id = `${windowStart}|${bucket}`;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.db
        .select({ count: rateLimitWindows.count })
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.bucket, bucket), eq(rateLimitWindows.windowStart, windowStart)))
        .then((rows) => rows[0]?.count ?? null)
        .finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  async flush(now = new Date()) {
    const current = windowOf(now, this.windowSeconds).start;
    const dirty = [...this.counts.entries()].filter(([, e]) => e.dirty);
    // One statement per thousand buckets (array parameters), not one per bucket: a spray of
    // addresses leaves thousands of new buckets per second to write.
    for (let i = 0; i < dirty.length; i += 1_000) {
      const batch = dirty.slice(i, i + 1_000).map(([id, entry]) => ({ entry, bucket: id.slice(id.indexOf("|") + 1), count: entry.count }));
      for (const { entry } of batch) entry.dirty = false;
      try {
        await this.db.execute(sql`
          insert into rate_limit_windows (bucket, window_start, count)
          select * from unnest(${pgArray(batch.map((b) => b.bucket))}::text[], ${pgArray(batch.map((b) => b.entry.windowStart))}::bigint[],
            ${pgArray(batch.map((b) => b.count))}::integer[])
          on conflict (bucket, window_start) do update set count = greatest(rate_limit_windows.count, excluded.count)`);
      } catch (error) {
        for (const { entry } of batch) entry.dirty = true; // written by the next flush
        throw error;
      }
    }
    for (const [id, entry] of this.counts) if (entry.windowStart < current && !entry.dirty) this.counts.delete(id);
    // Windows end on the hour: sweeping once a minute, as DatabaseRateLimiter does, keeps them as
    // bounded, and spares the embedded database (which shares the event loop with the requests) a
    // delete every second under traffic.
    if (dirty.length > 0 && now.getTime() - this.lastSweep >= 60_000) {
      this.lastSweep = now.getTime();
      await this.db.delete(rateLimitWindows).where(sweepBefore(Math.floor(now.getTime() / 1000), this.windowSeconds));
    }
  }

  private lastSweep = 0;

  /** The stored counts, with this process's newer ones (not yet flushed) in their place. */
  async countsSince(bucket: string, fromWindowStart: number) {
    const counts = new Map((await storedCountsSince(this.db, bucket, fromWindowStart)).map((r) => [r.windowStart, r.count]));
    for (const [id, entry] of this.counts)
      if (entry.windowStart >= fromWindowStart && id === `${entry.windowStart}|${bucket}`)
        counts.set(entry.windowStart, Math.max(entry.count, counts.get(entry.windowStart) ?? 0));
    return [...counts].sort(([a], [b]) => a - b).map(([windowStart, count]) => ({ windowStart, count }));
  }

  /** Buckets held in memory (for tests of the bound). */
  get size() {
    return this.counts.size;
  }
}
