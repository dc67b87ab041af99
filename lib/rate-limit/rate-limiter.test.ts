import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, type Database } from "@/lib/db/client";
import { MemoryRateLimiter, windowOf } from "./rate-limiter";

describe("MemoryRateLimiter (embedded database)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite("memory://");
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  const now = new Date("2026-11-22T10:20:00Z");

  it("admits exactly the limit out of many concurrent requests, on a cold bucket", async () => {
    const limiter = new MemoryRateLimiter(database.db, 3600);
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.consume("key:a", 15, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(15);
    expect(results.map((r) => r.remaining).sort((a, b) => b - a).slice(0, 15)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([windowOf(now, 3600).end]));
    expect(windowOf(now, 3600).end).toBe(Date.parse("2026-11-22T11:00:00Z") / 1000);
  });

  it("resumes the count written back by flush after a restart", async () => {
    const first = new MemoryRateLimiter(database.db, 3600);
    for (let i = 0; i < 7; i++) await first.consume("ip:1.2.3.4", 10, now);
    await first.flush(now);
    const restarted = new MemoryRateLimiter(database.db, 3600);
    const results = await Promise.all(Array.from({ length: 5 }, () => restarted.consume("ip:1.2.3.4", 10, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("starts a new window with a fresh count", async () => {
    const limiter = new MemoryRateLimiter(database.db, 60);
    expect((await limiter.consume("key:w", 1, now)).allowed).toBe(true);
    expect((await limiter.consume("key:w", 1, now)).allowed).toBe(false);
    expect((await limiter.consume("key:w", 1, new Date(now.getTime() + 60_000))).allowed).toBe(true);
  });
});
