import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/machinery/db/client";
import { instrumentSnapshots, instruments } from "@/lib/machinery/db/schema";
import { openTestDatabase } from "@/test/support/test-database";
import { getInstrumentHistory } from "./get-instrument-history";
import { ensureYieldWindow, moveYieldWindow, refreshYieldColumns, yieldWindowOf } from "./yield-windows";

const DAY = 86_400_000;

describe("yieldWindowOf", () => {
  it("holds the day snapshots history?from=now−N days returns: N days up to today, one more at midnight itself", () => {
    const w = yieldWindowOf(new Date("2026-11-23T10:20:00Z"));
    expect(w.first7.toISOString()).toBe("2026-11-17T00:00:00.000Z");
    expect(w.first30.toISOString()).toBe("2026-10-25T00:00:00.000Z");
    expect(w.last.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(w.key).toBe("2026-11-17..2026-11-23");
    const midnight = yieldWindowOf(new Date("2026-11-23T00:00:00.000Z"));
    expect(midnight.first7.toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(midnight.first30.toISOString()).toBe("2026-10-24T00:00:00.000Z");
    expect(midnight.key).toBe("2026-11-16..2026-11-23");
    expect(yieldWindowOf(new Date("2026-11-23T00:00:00.001Z")).key).toBe(w.key);
  });
});

describe("the stored yield columns", () => {
  let database: Database;
  let id: string;
  let empty: string;
  const today = Date.parse("2026-11-23T00:00:00Z");
  const apyOfDay = (daysAgo: number) => 2 + daysAgo / 10;

  beforeAll(async () => {
    database = await openTestDatabase();
    const rows = await database.db.select({ id: instruments.instrumentId }).from(instruments).limit(2);
    [id, empty] = [rows[0]!.id, rows[1]!.id];
    for (const instrumentId of [id, empty])
      await database.db.delete(instrumentSnapshots).where(eq(instrumentSnapshots.instrumentId, instrumentId));
    // Day snapshots 0–39 days back, except 3 and 10 days back (a chain that could not be read then).
    const days = Array.from({ length: 40 }, (_, i) => i).filter((d) => d !== 3 && d !== 10);
    await database.db.insert(instrumentSnapshots).values(
      days.map((d) => ({
        instrumentId: id,
        interval: "day" as const,
        bucketStart: new Date(today - d * DAY),
        apy: apyOfDay(d),
        tvl: 1,
      })),
    );
    await database.db.update(instruments).set({ currentApy: 5 }).where(eq(instruments.instrumentId, id));
  });
  afterAll(() => database.close());

  const columns = async (instrumentId: string) => {
    const [row] = await database.db
      .select({
        apy7d: instruments.apy7d,
        apy30d: instruments.apy30d,
        apyChange7d: instruments.apyChange7d,
        currentApy: instruments.currentApy,
      })
      .from(instruments)
      .where(eq(instruments.instrumentId, instrumentId));
    return row!;
  };

  /** What the issue defines them as, from the history endpoint's own points. */
  const expected = async (instrumentId: string, now: Date) => {
    const points = async (days: number) =>
      (
        await getInstrumentHistory({
          db: database.db,
          environment: "live",
          instrumentId,
          interval: "day",
          from: new Date(now.getTime() - days * DAY).toISOString(),
          now,
        })
      ).data;
    const mean = (p: { apy: number }[]) => (p.length ? p.reduce((s, x) => s + x.apy, 0) / p.length : null);
    const week = await points(7);
    const month = await points(30);
    const { currentApy } = await columns(instrumentId);
    return {
      apy7d: mean(week),
      apy30d: mean(month),
      apyChange7d: week.length ? currentApy - week[0]!.apy : null,
      weekPoints: week.length,
      monthPoints: month.length,
    };
  };

  const expectExact = async (instrumentId: string, now: Date) => {
    const want = await expected(instrumentId, now);
    const got = await columns(instrumentId);
    for (const field of ["apy7d", "apy30d", "apyChange7d"] as const) {
      if (want[field] === null) expect(got[field], field).toBeNull();
      else expect(got[field], field).toBeCloseTo(want[field], 10);
    }
    return want;
  };

  it("are the means of the history's day points of the last 7 and 30 days, and currentApy minus the oldest 7-day point", async () => {
    const now = new Date("2026-11-23T10:20:00Z");
    await moveYieldWindow({ db: database.db, now });
    const want = await expectExact(id, now);
    // 7 days back from 10:20 holds 6 days back to today, less the missing day 3.
    expect(want.weekPoints).toBe(6);
    expect(want.monthPoints).toBe(28);
    expect((await columns(id)).apyChange7d).toBeCloseTo(5 - apyOfDay(6), 12);
    expect(await columns(empty)).toMatchObject({ apy7d: null, apy30d: null, apyChange7d: null });
  });

  it("follow a written snapshot and currentApy once the writer refreshes them", async () => {
    const now = new Date("2026-11-23T11:00:00Z");
    await database.db.transaction(async (tx) => {
      await tx
        .update(instrumentSnapshots)
        .set({ apy: 9 })
        .where(
          and(eq(instrumentSnapshots.instrumentId, id), eq(instrumentSnapshots.bucketStart, new Date(today))),
        );
      await tx.update(instruments).set({ currentApy: 9 }).where(eq(instruments.instrumentId, id));
      await tx
        .insert(instrumentSnapshots)
        .values({ instrumentId: empty, interval: "day", bucketStart: new Date(today), apy: 4, tvl: 1 });
      await refreshYieldColumns(tx, [id, empty]);
    });
    await expectExact(id, now);
    expect(await columns(empty)).toMatchObject({
      apy7d: 4,
      apy30d: 4,
      apyChange7d: (await columns(empty)).currentApy - 4,
    });
  });

  it("move with the UTC day: the keeper recomputes once per day and says so, and a midnight holds one day more", async () => {
    let moves = 0;
    const keeper = { ensure: async (now: Date) => void ((await ensureYieldWindow(database.db, now)) && moves++) };
    const later = new Date("2026-11-23T23:59:59.999Z");
    await keeper.ensure(later);
    expect(moves).toBe(1);
    await Promise.all([keeper.ensure(later), keeper.ensure(new Date("2026-11-23T00:00:00.001Z"))]);
    expect(moves).toBe(1);

    const midnight = new Date("2026-11-24T00:00:00.000Z");
    await keeper.ensure(midnight);
    expect(moves).toBe(2);
    // Midnight itself holds 2026-11-17 to 2026-11-24 (no snapshot yet), less the missing day: 6 points.
    expect((await expectExact(id, midnight)).weekPoints).toBe(6);

    // A moment later 2026-11-17 has left it; no snapshot of the new day exists yet.
    const tomorrow = new Date("2026-11-24T00:00:00.001Z");
    await keeper.ensure(tomorrow);
    expect(moves).toBe(3);
    expect((await expectExact(id, tomorrow)).weekPoints).toBe(5);
    await expectExact(empty, tomorrow);

    // Thirty days after the last snapshot nothing is left: null again.
    const monthLater = new Date(today + 31 * DAY + 3_600_000);
    await keeper.ensure(monthLater);
    expect(await columns(id)).toMatchObject({ apy7d: null, apy30d: null, apyChange7d: null });
    expect(await columns(empty)).toMatchObject({ apy7d: null, apy30d: null, apyChange7d: null });
  });
});
