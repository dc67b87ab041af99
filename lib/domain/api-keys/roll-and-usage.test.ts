import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Conflict, NotFound } from "@/lib/domain/errors";
import { migrateDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { DatabaseRateLimiter, MemoryRateLimiter, OVERFLOW_BUCKETS, type RateLimiter } from "@/lib/machinery/rate-limit/rate-limiter";
import { acceptsSecret } from "./api-key-record";
import { createApiKey } from "./create-api-key";
import { hashApiKey } from "./key-format";
import { ApiKeyStore } from "./key-store";
import { apiKeyUsage, USAGE_HOURS } from "./key-usage";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";
import { rollApiKey } from "./roll-api-key";

const account = "0x00000000000000000000000000000000000000bb";
const hour = 3600_000;
let database: Database;
beforeAll(async () => {
  database = await openPglite("memory://");
  await migrateDatabase(database);
});
afterAll(() => database.close());

/** Whether a full key opens its record at `now`, as the request pipeline asks. */
async function opens(store: ApiKeyStore, key: string, now: Date) {
  const hash = hashApiKey(key);
  const record = await store.findByHash(hash);
  return record !== null && acceptsSecret(record, hash, now);
}

describe("rolling a key", () => {
  const t0 = new Date("2026-11-20T12:00:00Z");

  it("gives a new secret with the same id, name and type; the old one works until its grace period ends", async () => {
    const store = new ApiKeyStore(database.db, null);
    const created = await createApiKey({ db: database.db, keyStore: store, account, name: "roll me", type: "live", now: t0 });
    const rolled = await rollApiKey({ db: database.db, keyStore: store, account, type: null, id: created.id, gracePeriodSeconds: 3600, now: t0 });
    expect(rolled).toMatchObject({ id: created.id, name: "roll me", type: "live", status: "active", rolledAt: t0.toISOString() });
    expect(rolled.key).not.toBe(created.key);
    expect(rolled.prefix).toBe(rolled.key.slice(0, rolled.prefix.length));
    expect(rolled.previousKey).toEqual({ prefix: created.prefix, expiresAt: new Date(t0.getTime() + hour).toISOString() });

    const justBefore = new Date(t0.getTime() + hour - 1);
    const atEnd = new Date(t0.getTime() + hour);
    for (const s of [store, new ApiKeyStore(database.db, null)]) {
      // The same answers from this process's cache and from a fresh read of the database.
      expect(await opens(s, rolled.key, t0)).toBe(true);
      expect(await opens(s, created.key, justBefore)).toBe(true);
      expect(await opens(s, created.key, atEnd)).toBe(false);
      expect(await opens(s, rolled.key, atEnd)).toBe(true);
    }
    // The listing shows the old secret until it expires, then only the new one.
    const listed = async (now: Date) => (await listApiKeys({ db: database.db, keyStore: store, account, type: null, now })).find((k) => k.id === created.id)!;
    expect((await listed(justBefore)).previousKey?.prefix).toBe(created.prefix);
    expect((await listed(atEnd)).previousKey).toBeNull();
    expect((await listed(atEnd)).prefix).toBe(rolled.prefix);
  });

  it("with no grace period, stops the old secret at once; rolling again ends an earlier grace period", async () => {
    const store = new ApiKeyStore(database.db, null);
    const created = await createApiKey({ db: database.db, keyStore: store, account, name: "twice", type: "test", now: t0 });
    const first = await rollApiKey({ db: database.db, keyStore: store, account, type: null, id: created.id, gracePeriodSeconds: 86_400, now: t0 });
    expect(await opens(store, created.key, t0)).toBe(true);
    const second = await rollApiKey({ db: database.db, keyStore: store, account, type: null, id: created.id, gracePeriodSeconds: 0, now: t0 });
    expect(second.previousKey).toBeNull();
    for (const s of [store, new ApiKeyStore(database.db, null)]) {
      expect(await opens(s, created.key, t0)).toBe(false);
      expect(await opens(s, first.key, t0)).toBe(false);
      expect(await opens(s, second.key, t0)).toBe(true);
    }
  });

  it("refuses revoked and expired keys (Conflict), and another scope's or account's keys (NotFound)", async () => {
    const store = new ApiKeyStore(database.db, null);
    const revoked = await createApiKey({ db: database.db, keyStore: store, account, name: "gone", type: "live", now: t0 });
    await revokeApiKey({ db: database.db, keyStore: store, account, type: null, id: revoked.id, now: t0 });
    await expect(rollApiKey({ db: database.db, keyStore: store, account, type: null, id: revoked.id, gracePeriodSeconds: 0, now: t0 })).rejects.toBeInstanceOf(Conflict);
    const expiring = await createApiKey({ db: database.db, keyStore: store, account, name: "old", type: "live", expiresAt: new Date(t0.getTime() + hour), now: t0 });
    await expect(
      rollApiKey({ db: database.db, keyStore: store, account, type: null, id: expiring.id, gracePeriodSeconds: 0, now: new Date(t0.getTime() + 2 * hour) }),
    ).rejects.toBeInstanceOf(Conflict);
    await expect(rollApiKey({ db: database.db, keyStore: store, account, type: "test", id: expiring.id, gracePeriodSeconds: 0, now: t0 })).rejects.toBeInstanceOf(NotFound);
    await expect(
      rollApiKey({ db: database.db, keyStore: store, account: "0x00000000000000000000000000000000000000cc", type: null, id: expiring.id, gracePeriodSeconds: 0, now: t0 }),
    ).rejects.toBeInstanceOf(NotFound);
    // A refused roll changed nothing: the revoked key stays revoked, the other keeps its secret.
    expect(await opens(store, revoked.key, t0)).toBe(false);
    expect(await opens(new ApiKeyStore(database.db, null), expiring.key, t0)).toBe(true);
  });

  it("keeps a key revoked when it is revoked during its grace period: neither secret works", async () => {
    const store = new ApiKeyStore(database.db, null);
    const created = await createApiKey({ db: database.db, keyStore: store, account, name: "revoke in grace", type: "live", now: t0 });
    const rolled = await rollApiKey({ db: database.db, keyStore: store, account, type: null, id: created.id, gracePeriodSeconds: 3600, now: t0 });
    await revokeApiKey({ db: database.db, keyStore: store, account, type: null, id: created.id, now: t0 });
    expect(await opens(store, created.key, t0)).toBe(false);
    expect(await opens(store, rolled.key, t0)).toBe(false);
  });
});

describe("a key's usage", () => {
  const now = new Date("2026-11-23T15:20:00Z");
  const limiters: [string, () => RateLimiter][] = [
    ["embedded (counts in memory, written back)", () => new MemoryRateLimiter(database.db, 3600, { maxAddresses: 100, overflowBuckets: OVERFLOW_BUCKETS, hashKey: Buffer.alloc(32) })],
    ["PostgreSQL (counts in the database)", () => new DatabaseRateLimiter(database.db, 3600, { maxAddresses: 100, overflowBuckets: OVERFLOW_BUCKETS, hashKey: Buffer.alloc(32) })],
  ];

  for (const [label, makeLimiter] of limiters)
    it(`is the rate limiter's count per hour for 168 hours, the current one last: ${label}`, async () => {
      const limiter = makeLimiter();
      const created = await createApiKey({ db: database.db, account, name: `usage ${label}`, type: "live", now });
      const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * hour);
      for (const [hoursAgo, n] of [[0, 3], [1, 2], [167, 1], [168, 5], [30, 4]] as const)
        for (let i = 0; i < n; i++) await limiter.consume(`key:${created.id}`, 10, at(hoursAgo));
      // Another key's and an address's requests are not this key's.
      await limiter.consume("key:00000000-0000-0000-0000-000000000000", 10, now);
      await limiter.consume("ip:10.0.0.1", 10, now);

      const usage = await apiKeyUsage({ db: database.db, rateLimiter: limiter, account, type: null, id: created.id, now });
      expect(usage.points).toHaveLength(USAGE_HOURS);
      expect(usage.from).toBe("2026-11-16T16:00:00.000Z");
      expect(usage.to).toBe("2026-11-23T16:00:00.000Z");
      expect(usage.points.at(-1)).toEqual({ timestamp: "2026-11-23T15:00:00.000Z", requests: 3 });
      expect(usage.points.at(-2)!.requests).toBe(2);
      expect(usage.points.at(-31)!.requests).toBe(4);
      expect(usage.points[0]).toEqual({ timestamp: "2026-11-16T16:00:00.000Z", requests: 1 });
      expect(usage.total).toBe(3 + 2 + 4 + 1);

      // Flushing (and sweeping old windows) keeps the key's week, and the answer is the same after a restart.
      await limiter.flush(now);
      const restarted = makeLimiter();
      expect((await apiKeyUsage({ db: database.db, rateLimiter: restarted, account, type: null, id: created.id, now })).points).toEqual(usage.points);
      await expect(apiKeyUsage({ db: database.db, rateLimiter: limiter, account, type: "test", id: created.id, now })).rejects.toBeInstanceOf(NotFound);
    });

  it("is swept after its week while addresses' windows go after one hour", async () => {
    const limiter = new MemoryRateLimiter(database.db, 3600, { maxAddresses: 100, overflowBuckets: OVERFLOW_BUCKETS, hashKey: Buffer.alloc(32) });
    const start = new Date("2026-10-01T10:30:00Z");
    await limiter.consume("key:sweep", 10, start);
    await limiter.consume("ip:10.9.9.9", 10, start);
    await limiter.flush(start);
    const stored = async (bucket: string) => (await limiter.countsSince(bucket, 0)).length;
    // Two hours on: the address's window is gone, the key's stays.
    await limiter.consume("ip:10.9.9.8", 10, new Date(start.getTime() + 2 * hour));
    await limiter.flush(new Date(start.getTime() + 2 * hour));
    expect(await stored("ip:10.9.9.9")).toBe(0);
    expect(await stored("key:sweep")).toBe(1);
    // Eight days on, the key's window has left its week too.
    await limiter.consume("ip:10.9.9.7", 10, new Date(start.getTime() + 8 * 24 * hour));
    await limiter.flush(new Date(start.getTime() + 8 * 24 * hour));
    expect(await stored("key:sweep")).toBe(0);
  });
});
