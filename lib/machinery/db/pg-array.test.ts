import { describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { rowsOf } from "./execute-results";
import { pgArray } from "./pg-array";

describe("pgArray", () => {
  it("writes strings quoted, numbers and booleans bare, null as NULL", () => {
    expect(pgArray(["0xab", 'say "hi"', "back\\slash"])).toBe('{"0xab","say \\"hi\\"","back\\\\slash"}');
    expect(pgArray([1.5, -2, 1e-7])).toBe("{1.5,-2,1e-7}");
    expect(pgArray([true, false, null])).toBe("{t,f,NULL}");
    expect(pgArray([])).toBe("{}");
  });

  it("is read back by PostgreSQL as the same values", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      const texts = ["0xab", 'say "hi"', "back\\slash", "a,b {c}", "NULL"];
      const result = await db.execute(sql`
        select t, n, b, ts from unnest(${pgArray(texts)}::text[], ${pgArray([1.5, -2, 1e-7, 0, 3])}::float8[],
          ${pgArray([true, false, null, true, false])}::boolean[],
          ${pgArray(["2026-11-23T10:20:00.000Z", null, null, null, null])}::timestamptz[]) as v(t, n, b, ts)`);
      const rows = rowsOf<{ t: string; n: number; b: boolean | null; ts: Date | string | null }>(result);
      expect(rows.map((r) => r.t)).toEqual(texts);
      expect(rows.map((r) => Number(r.n))).toEqual([1.5, -2, 1e-7, 0, 3]);
      expect(rows.map((r) => r.b)).toEqual([true, false, null, true, false]);
      expect(new Date(rows[0]!.ts!).toISOString()).toBe("2026-11-23T10:20:00.000Z");
      expect(rows[1]!.ts).toBeNull();
    } finally {
      await client.close();
    }
  });
});
