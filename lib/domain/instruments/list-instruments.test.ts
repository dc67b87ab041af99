import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/machinery/db/client";
import { instrumentSnapshots, instruments } from "@/lib/machinery/db/schema";
import type { Instrument } from "@/lib/schemas/instruments";
import { openTestDatabase } from "@/test/support/test-database";
import { listInstruments } from "./list-instruments";
import { moveYieldWindow } from "./yield-windows";

// The yield sorts with instruments that have no day snapshot in the window (null apy7d/apy30d): the
// API tests' seeded catalog has none, a freshly discovered market does.

describe("listInstruments by apy7d, apy30d and apyChange7d", () => {
  let database: Database;
  let withoutHistory: string[];

  beforeAll(async () => {
    database = await openTestDatabase();
    const rows = await database.db
      .select({ id: instruments.instrumentId })
      .from(instruments)
      .where(eq(instruments.environment, "live"))
      .orderBy(instruments.instrumentId)
      .limit(40);
    // Every third one of these loses its history, like a market discovered since the last day began.
    withoutHistory = rows.filter((_, i) => i % 3 === 0).map((r) => r.id);
    await database.db
      .delete(instrumentSnapshots)
      .where(inArray(instrumentSnapshots.instrumentId, withoutHistory));
    await moveYieldWindow({ db: database.db, now: new Date() });
  });
  afterAll(() => database.close());

  const everything = async (query: Parameters<typeof listInstruments>[0]["query"]) => {
    const rows: Instrument[] = [];
    for (let page = 1; ; page++) {
      const result = await listInstruments({
        db: database.db,
        environment: "live",
        query: { ...query, limit: 9, page },
        origin: "",
        now: new Date(),
      });
      rows.push(...result.data);
      if (!result.pagination.hasMore) return rows;
    }
  };

  it.each([
    ["apy7d", "desc"],
    ["apy7d", "asc"],
    ["apy30d", "desc"],
    ["apy30d", "asc"],
    ["apyChange7d", "desc"],
    ["apyChange7d", "asc"],
  ] as const)(
    "%s %s: values in order, then the nulls by instrumentId, across pages",
    async (field, order) => {
      const rows = await everything({ sortBy: field, sortOrder: order });
      const nulls = rows.filter((r) => r[field] === null);
      expect(nulls.map((r) => r.instrumentId).sort()).toEqual([...withoutHistory].sort());
      // All nulls at the end, in id order.
      expect(rows.slice(rows.length - nulls.length)).toEqual(nulls);
      expect(nulls.map((r) => r.instrumentId)).toEqual(nulls.map((r) => r.instrumentId).sort());
      const values = rows.slice(0, rows.length - nulls.length).map((r) => r[field]!);
      expect(values).toEqual([...values].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(new Set(rows.map((r) => r.instrumentId)).size).toBe(rows.length);
    },
  );

  it("minApy30d leaves out the instruments without an apy30d", async () => {
    const rows = await everything({ minApy30d: -1_000 });
    const all = await everything({});
    expect(rows).toHaveLength(all.length - withoutHistory.length);
    expect(rows.every((r) => r.apy30d !== null)).toBe(true);
  });
});
