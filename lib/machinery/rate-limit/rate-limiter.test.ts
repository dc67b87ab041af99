import { randomBytes } from "node:crypto";
import { and, count, eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { rateLimitWindows } from "@/lib/machinery/db/schema";
import {
  ADDRESS_TALLY_BUCKET,
  DatabaseRateLimiter,
  MemoryRateLimiter,
  OVERFLOW_BUCKETS,
  overflowBucketOf,
  windowOf,
  type AddressBucketPolicy,
  type RateLimiter,
} from "./rate-limiter";

const policy = (maxAddresses = 1_000): AddressBucketPolicy => ({ maxAddresses, overflowBuckets: OVERFLOW_BUCKETS, hashKey: randomBytes(32) });

// One database for the file; each group of tests counts in windows (hours) of its own.
let database: Database;
beforeAll(async () => {
  database = await openPglite("memory://");
  await migrateDatabase(database);
});
afterAll(() => database.close());

describe("MemoryRateLimiter (embedded database)", () => {
  const now = new Date("2026-11-22T10:20:00Z");

  it("admits exactly the limit out of many concurrent requests, on a cold bucket", async () => {
    const limiter = new MemoryRateLimiter(database.db, 3600, policy());
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.consume("key:a", 15, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(15);
    expect(results.map((r) => r.remaining).sort((a, b) => b - a).slice(0, 15)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([windowOf(now, 3600).end]));
    expect(windowOf(now, 3600).end).toBe(Date.parse("2026-11-22T11:00:00Z") / 1000);
  });

  it("resumes the count written back by flush after a restart", async () => {
    const first = new MemoryRateLimiter(database.db, 3600, policy());
    for (let i = 0; i < 7; i++) await first.consume("ip:1.2.3.4", 10, now);
    await first.flush(now);
    const restarted = new MemoryRateLimiter(database.db, 3600, policy());
    const results = await Promise.all(Array.from({ length: 5 }, () => restarted.consume("ip:1.2.3.4", 10, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("starts a new window with a fresh count", async () => {
    const limiter = new MemoryRateLimiter(database.db, 60, policy());
    expect((await limiter.consume("key:w", 1, now)).allowed).toBe(true);
    expect((await limiter.consume("key:w", 1, now)).allowed).toBe(false);
    expect((await limiter.consume("key:w", 1, new Date(now.getTime() + 60_000))).allowed).toBe(true);
  });
});

/** Rows of one window: address buckets (exact and overflow) and the tally. */
async function addressRows(database: Database, windowStart: number) {
  const [row] = await database.db
    .select({ n: count() })
    .from(rateLimitWindows)
    .where(
      and(
        eq(rateLimitWindows.windowStart, windowStart),
        or(like(rateLimitWindows.bucket, "ip:%"), like(rateLimitWindows.bucket, "ip~%"), eq(rateLimitWindows.bucket, ADDRESS_TALLY_BUCKET)),
      ),
    );
  return row!.n;
}

const sprayAddress = (i: number) => `ip:203.0.${i >> 8}.${i & 255}`;

describe.each([
  ["MemoryRateLimiter", (db: Database, p: AddressBucketPolicy) => new MemoryRateLimiter(db.db, 3600, p)],
  ["DatabaseRateLimiter", (db: Database, p: AddressBucketPolicy) => new DatabaseRateLimiter(db.db, 3600, p)],
] as [string, (db: Database, p: AddressBucketPolicy) => RateLimiter][])("%s under a spray of addresses", (name, make) => {
  const now = new Date(name === "MemoryRateLimiter" ? "2026-11-23T10:20:00Z" : "2026-11-24T10:20:00Z");
  const { start } = windowOf(now, 3600);

  it("counts the first maxAddresses addresses exactly and the rest in a bounded set of overflow buckets", async () => {
    const p = policy(40);
    const limiter = make(database, p);
    // One request from each of 800 addresses: at most 40 + 256 buckets and one tally, however many call.
    for (let i = 0; i < 800; i += 100)
      await Promise.all(Array.from({ length: 100 }, (_, j) => limiter.consume(sprayAddress(i + j), 1_000, now)));
    await limiter.flush(now);
    const rows = await addressRows(database, start);
    expect(rows).toBeLessThanOrEqual(40 + OVERFLOW_BUCKETS + 1);
    expect(rows).toBeGreaterThan(40);
    if (limiter instanceof MemoryRateLimiter) expect(limiter.size).toBeLessThanOrEqual(40 + OVERFLOW_BUCKETS + 1);
    // An address admitted before the cap keeps its exact count.
    expect((await limiter.consume(sprayAddress(0), 1_000, now)).remaining).toBe(1_000 - 2);
    // One beyond it counts in its overflow bucket, shared with the other addresses hashed there.
    const late = sprayAddress(799);
    const shared = Array.from({ length: 800 }, (_, i) => sprayAddress(i)).filter(
      (a, i) => i >= 40 && overflowBucketOf(a, p) === overflowBucketOf(late, p),
    );
    expect((await limiter.peek(late, 1_000, now)).remaining).toBe(1_000 - shared.length);
  });

  it("lets a key's bucket, or an address already counted, through whatever the cap", async () => {
    const p = policy(1);
    const limiter = make(database, p);
    const later = new Date(now.getTime() + 3 * 3600_000);
    expect((await limiter.consume("ip:198.51.100.1", 5, later)).remaining).toBe(4);
    expect((await limiter.consume("ip:198.51.100.2", 5, later)).remaining).toBe(4); // its overflow bucket, fresh
    expect((await limiter.consume("ip:198.51.100.1", 5, later)).remaining).toBe(3);
    for (let i = 0; i < 3; i++) await limiter.consume("key:k", 3, later);
    expect((await limiter.consume("key:k", 3, later)).allowed).toBe(false);
  });

  it("peek reads the count without adding to it", async () => {
    const limiter = make(database, policy());
    const later = new Date(now.getTime() + 6 * 3600_000);
    expect(await limiter.peek("ip:192.0.2.9", 2, later)).toMatchObject({ allowed: true, remaining: 2 });
    await limiter.consume("ip:192.0.2.9", 2, later);
    await limiter.consume("ip:192.0.2.9", 2, later);
    for (let i = 0; i < 3; i++) expect(await limiter.peek("ip:192.0.2.9", 2, later)).toMatchObject({ allowed: false, remaining: 0 });
    expect((await limiter.consume("ip:192.0.2.9", 2, later)).allowed).toBe(false);
  });
});

describe("MemoryRateLimiter after a restart", () => {
  it("remembers how many addresses the window has counted, so the bound holds across restarts", async () => {
    const now = new Date("2026-11-25T12:20:00Z");
    const p = policy(10);
    const first = new MemoryRateLimiter(database.db, 3600, p);
    for (let i = 0; i < 10; i++) await first.consume(sprayAddress(i), 100, now);
    await first.flush(now);
    const restarted = new MemoryRateLimiter(database.db, 3600, p);
    // A counted address resumes its count; a new one goes to its overflow bucket.
    expect((await restarted.consume(sprayAddress(3), 100, now)).remaining).toBe(98);
    await restarted.consume(sprayAddress(10), 100, now);
    await restarted.flush(now);
    const buckets = (
      await database.db.select({ bucket: rateLimitWindows.bucket }).from(rateLimitWindows).where(eq(rateLimitWindows.windowStart, windowOf(now, 3600).start))
    ).map((r) => r.bucket);
    expect(buckets).not.toContain(sprayAddress(10));
    expect(buckets).toContain(overflowBucketOf(sprayAddress(10), p));
  });
});

describe("DatabaseRateLimiter: requests of one bucket counted together", () => {
  const now = new Date("2026-11-26T10:20:00Z");
  const { start } = windowOf(now, 3600);

  it("admits exactly the limit over two instances sharing the database, each request in a place of its own", async () => {
    const instances = [new DatabaseRateLimiter(database.db, 3600, policy()), new DatabaseRateLimiter(database.db, 3600, policy())];
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => instances[i % 2]!.consume("key:shared", 25, now)));
    const allowed = results.filter((r) => r.allowed);
    expect(allowed).toHaveLength(25);
    expect(allowed.map((r) => r.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
    expect(results.filter((r) => !r.allowed).every((r) => r.remaining === 0)).toBe(true);
    // Every request is in the count, refused ones included (the key's usage).
    expect(await instances[0]!.countsSince("key:shared", start)).toEqual([{ windowStart: start, count: 60 }]);
    // Later requests go on from there.
    expect(await instances[1]!.consume("key:shared", 100, now)).toMatchObject({ allowed: true, remaining: 100 - 61 });
  });

  it("fails every request of a statement that fails, and waits for nothing afterwards", async () => {
    const closed = await openPglite("memory://");
    await migrateDatabase(closed);
    const limiter = new DatabaseRateLimiter(closed.db, 3600, policy());
    await closed.close();
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => limiter.consume("key:gone", 10, now)));
    expect(settled.map((s) => s.status)).toEqual(Array(5).fill("rejected"));
    await expect(limiter.consume("key:gone", 10, now)).rejects.toThrow();
  });
});
