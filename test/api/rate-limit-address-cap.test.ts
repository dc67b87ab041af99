import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { rateLimitWindows } from "@/lib/machinery/db/schema";
import { ADDRESS_TALLY_BUCKET, DatabaseRateLimiter, windowOf } from "@/lib/machinery/rate-limit/rate-limiter";
import { fixture } from "../support/api";
import { createThrowawayDatabase } from "../support/test-database";

// RATE_LIMIT_MAX_ADDRESSES is a hard cap per window (docs/api.md, Rate limits: bounded buckets): on
// PostgreSQL, instances and their pooled connections race to admit new addresses, and no race may
// admit one more. Run on the database the API tests run on (PostgreSQL in CI's second pass).

const MAX_ADDRESSES = 25;
const policy = { maxAddresses: MAX_ADDRESSES, overflowBuckets: 8, hashKey: Buffer.alloc(32, 7) };

let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const shared = fixture().databaseUrl;
  if (shared) {
    const throwaway = await createThrowawayDatabase(shared, "yg_cap");
    drop = throwaway.drop;
    database = await openDatabase(throwaway.url);
  } else database = await openPglite("memory://");
  await migrateDatabase(database);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe(`the address cap, ${MAX_ADDRESSES} per window`, () => {
  it("admits exactly the cap out of hundreds of new addresses arriving at once over two instances", async () => {
    const instances = [new DatabaseRateLimiter(database.db, 3600, policy), new DatabaseRateLimiter(database.db, 3600, policy)];
    const now = new Date();
    const { start } = windowOf(now, 3600);
    const addresses = Array.from({ length: 400 }, (_, i) => `ip:198.51.${i >> 8}.${i & 255}`);
    const results = await Promise.all(addresses.map((a, i) => instances[i % 2]!.consume(a, 1_000, now)));
    expect(results.every((r) => r.allowed)).toBe(true);

    // Every request was counted in the window of `now` (passed in), whatever the clock did meanwhile.
    const [tally] = await database.db
      .select({ count: rateLimitWindows.count })
      .from(rateLimitWindows)
      .where(and(eq(rateLimitWindows.bucket, ADDRESS_TALLY_BUCKET), eq(rateLimitWindows.windowStart, start)));
    expect(tally!.count).toBe(MAX_ADDRESSES);
    const [exact] = await database.db
      .select({ n: count() })
      .from(rateLimitWindows)
      .where(and(like(rateLimitWindows.bucket, "ip:%"), eq(rateLimitWindows.windowStart, start)));
    expect(exact!.n).toBe(MAX_ADDRESSES);
    // Every request was counted once, in its own bucket or an overflow one.
    const rows = await database.db
      .select({ bucket: rateLimitWindows.bucket, count: rateLimitWindows.count })
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.windowStart, start));
    const counted = rows.filter((r) => r.bucket.startsWith("ip")).reduce((sum, r) => sum + r.count, 0);
    expect(counted).toBe(addresses.length);
    expect(rows.filter((r) => r.bucket.startsWith("ip~")).length).toBeLessThanOrEqual(policy.overflowBuckets);
  });
});
