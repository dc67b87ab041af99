import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/machinery/db/client";
import { instrumentSnapshots, instruments, sharePriceSamples } from "@/lib/machinery/db/schema";
import { openTestDatabase } from "@/test/support/test-database";
import { pruneHistory } from "./prune-history";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("pruneHistory", () => {
  let database: Database;
  let id: string;
  const now = new Date("2026-11-22T10:20:00Z");
  beforeAll(async () => {
    database = await openTestDatabase();
    [{ id } = { id: "" }] = await database.db.select({ id: instruments.instrumentId }).from(instruments).limit(1);
    await database.db.delete(instrumentSnapshots).where(eq(instrumentSnapshots.instrumentId, id));
  });
  afterAll(() => database.close());

  it("drops hour snapshots the hourly history no longer reaches and keeps every day snapshot", async () => {
    const thisHour = Math.floor(now.getTime() / HOUR) * HOUR;
    const hours = Array.from({ length: 10 * 24 }, (_, i) => new Date(thisHour - i * HOUR));
    const days = Array.from({ length: 400 }, (_, i) => new Date(Math.floor(now.getTime() / DAY) * DAY - i * DAY));
    await database.db.insert(instrumentSnapshots).values([
      ...hours.map((bucketStart) => ({ instrumentId: id, interval: "hour" as const, bucketStart, apy: 1, tvl: 1 })),
      ...days.map((bucketStart) => ({ instrumentId: id, interval: "day" as const, bucketStart, apy: 1, tvl: 1 })),
    ]);
    const result = await pruneHistory({ db: database.db, now });
    const left = await database.db
      .select({ interval: instrumentSnapshots.interval, bucketStart: instrumentSnapshots.bucketStart })
      .from(instrumentSnapshots)
      .where(eq(instrumentSnapshots.instrumentId, id))
      .orderBy(asc(instrumentSnapshots.bucketStart));
    const leftHours = left.filter((r) => r.interval === "hour");
    // Every hour that `history?interval=hour` (the last 7 days) can return, and nothing older.
    expect(leftHours).toHaveLength(7 * 24 + 1);
    expect(leftHours[0]!.bucketStart.getTime()).toBe(thisHour - 7 * DAY);
    expect(result.hourSnapshots).toBe(10 * 24 - (7 * 24 + 1));
    expect(left.filter((r) => r.interval === "day")).toHaveLength(400);
  });

  it("keeps share-price samples for 8 days: all of the last two hours, one per hour before", async () => {
    // A sample every 10 minutes for 9 days.
    const samples = Array.from({ length: 9 * 24 * 6 }, (_, i) => new Date(now.getTime() - i * 600_000));
    for (let i = 0; i < samples.length; i += 500)
      await database.db
        .insert(sharePriceSamples)
        .values(samples.slice(i, i + 500).map((sampledAt) => ({ instrumentId: id, sampledAt, sharePrice: "1000000" })));
    // Hourly runs over a day thin what each one finds older than two hours.
    for (let h = 24; h >= 0; h--) await pruneHistory({ db: database.db, now: new Date(now.getTime() - h * HOUR) });
    const left = (
      await database.db
        .select({ at: sharePriceSamples.sampledAt })
        .from(sharePriceSamples)
        .where(and(eq(sharePriceSamples.instrumentId, id)))
        .orderBy(asc(sharePriceSamples.sampledAt))
    ).map((r) => r.at.getTime());
    expect(Math.min(...left)).toBeGreaterThanOrEqual(now.getTime() - 8 * DAY);
    const recent = left.filter((t) => t >= now.getTime() - 2 * HOUR);
    expect(recent).toHaveLength(13); // every 10 minutes, both ends included
    // The last day before those two hours: one sample per hour.
    const lastDay = left.filter((t) => t < now.getTime() - 2 * HOUR && t >= now.getTime() - 24 * HOUR);
    const perHour = new Map<number, number>();
    for (const t of lastDay) perHour.set(Math.floor(t / HOUR), (perHour.get(Math.floor(t / HOUR)) ?? 0) + 1);
    expect(Math.max(...perHour.values())).toBe(1);
    expect(perHour.size).toBeGreaterThanOrEqual(21);
    // Never the samples a sync looks for: one about a day before now stays within half an hour.
    expect(Math.min(...left.map((t) => Math.abs(t - (now.getTime() - DAY))))).toBeLessThanOrEqual(HOUR / 2);
  });
});
