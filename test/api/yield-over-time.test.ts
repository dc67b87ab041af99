import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, fixture } from "../support/api";

// Yield over time: apy7d, apy30d and apyChange7d on every instrument record, computed
// here independently from the history endpoint's day points; the sorts and the minApy30d filter on
// them; and GET /instruments/history, several instruments' histories in one request.

interface Instrument {
  instrumentId: string;
  chainId: number;
  currentApy: number;
  apy7d: number | null;
  apy30d: number | null;
  apyChange7d: number | null;
}
interface Page {
  data: Instrument[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}
interface Point {
  timestamp: string;
  apy: number;
  tvl: number;
}

const DAY = 86_400_000;
const testKey = () => fixture().keys.A.test.key;

async function list(query: string, key?: string): Promise<Page> {
  const res = await api<Page>(`/instruments?${query}`, { key });
  expect(res.status, `${query}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body;
}

async function all(query: string, key?: string): Promise<Instrument[]> {
  const rows: Instrument[] = [];
  for (let page = 1; ; page++) {
    const body = await list(`${query}${query ? "&" : ""}limit=100&page=${page}`, key);
    rows.push(...body.data);
    if (!body.pagination.hasMore) return rows;
  }
}

async function dayPoints(instrumentId: string, from: Date, key?: string): Promise<Point[]> {
  const res = await api<{ data: Point[] }>(
    `/instruments/${instrumentId}/history?interval=day&from=${from.toISOString()}`,
    { key },
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.body.data;
}

const mean = (points: Point[]) =>
  points.length ? points.reduce((sum, p) => sum + p.apy, 0) / points.length : null;
const utcDay = (ms: number) => Math.floor(ms / DAY);

/** apy7d, apy30d and apyChange7d as the issue defines them, from /history; null when a UTC day began meanwhile. */
async function fromHistory(record: Instrument, key?: string) {
  const started = Date.now();
  const week = await dayPoints(record.instrumentId, new Date(started - 7 * DAY), key);
  const month = await dayPoints(record.instrumentId, new Date(started - 30 * DAY), key);
  if (utcDay(Date.now()) !== utcDay(started)) return null;
  return {
    apy7d: mean(week),
    apy30d: mean(month),
    apyChange7d: week.length ? record.currentApy - week[0]!.apy : null,
    points: { week: week.length, month: month.length },
  };
}

function expectSameFigures(
  record: Instrument,
  expected: NonNullable<Awaited<ReturnType<typeof fromHistory>>>,
) {
  for (const field of ["apy7d", "apy30d", "apyChange7d"] as const) {
    const want = expected[field];
    if (want === null) expect(record[field], `${record.instrumentId} ${field}`).toBeNull();
    else expect(record[field], `${record.instrumentId} ${field}`).toBeCloseTo(want, 9);
  }
}

/** The order the API promises: by `field` with nulls last in both directions, then instrumentId ascending. */
function sortedBy(rows: Instrument[], field: "apy7d" | "apy30d" | "apyChange7d", order: "asc" | "desc") {
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return order === "asc" ? x - y : y - x;
    }
    return a.instrumentId < b.instrumentId ? -1 : 1;
  });
}

let live: Instrument[] = [];
let testEnv: Instrument[] = [];

beforeAll(async () => {
  live = await all("");
  testEnv = await all("", testKey());
});

describe("apy7d, apy30d and apyChange7d", () => {
  it("are on every record of the list, the chain list and the detail", async () => {
    for (const record of [...live, ...testEnv])
      for (const field of ["apy7d", "apy30d", "apyChange7d"] as const)
        expect(
          record[field] === null || Number.isFinite(record[field]),
          `${record.instrumentId} ${field}`,
        ).toBe(true);
    const subject = live.find((i) => i.chainId === 8453)!;
    const detail = await api<Instrument>(`/instruments/${subject.instrumentId}`);
    expect(detail.status).toBe(200);
    const byChain = (await api<Page>("/instruments/by-chain/8453?limit=100")).body.data.find(
      (i) => i.instrumentId === subject.instrumentId,
    )!;
    for (const field of ["apy7d", "apy30d", "apyChange7d"] as const) {
      expect(detail.body[field]).toBe(subject[field]);
      expect(byChain[field]).toBe(subject[field]);
    }
  });

  it("agree with the history endpoint's day points for instruments of every chain (sample data) and the test networks", async () => {
    // A spread of instruments: several per chain, live and test.
    const chosen = [...new Set([...live, ...testEnv].map((i) => i.chainId))].flatMap((chainId) =>
      [...live, ...testEnv].filter((i) => i.chainId === chainId).slice(0, 3),
    );
    expect(chosen.length).toBeGreaterThanOrEqual(15);
    for (const chosenRecord of chosen) {
      const key = testEnv.includes(chosenRecord) ? testKey() : undefined;
      let compared = false;
      for (let attempt = 0; attempt < 2 && !compared; attempt++) {
        const { body: record } = await api<Instrument>(`/instruments/${chosenRecord.instrumentId}`, { key });
        const expected = await fromHistory(record, key);
        if (!expected) continue; // a UTC day began between the reads: ask again
        // The seeded sample history has a point every day, so both windows are full ones.
        expect(expected.points.week).toBeGreaterThanOrEqual(7);
        expect(expected.points.month).toBeGreaterThanOrEqual(30);
        expectSameFigures(record, expected);
        compared = true;
      }
      expect(compared).toBe(true);
    }
  });
});

describe("sorting and filtering by them", () => {
  it.each([
    ["apy7d", "desc"],
    ["apy7d", "asc"],
    ["apy30d", "desc"],
    ["apy30d", "asc"],
    ["apyChange7d", "desc"],
    ["apyChange7d", "asc"],
  ] as const)(
    "sortBy=%s&sortOrder=%s orders the whole list, and pages of 7 put it together without gaps or overlaps",
    async (field, order) => {
      const expected = sortedBy(live, field, order).map((i) => i.instrumentId);
      const paged: string[] = [];
      for (let offset = 0; ; offset += 7) {
        const body = await list(`sortBy=${field}&sortOrder=${order}&limit=7&offset=${offset}`);
        expect(body.pagination.total).toBe(live.length);
        paged.push(...body.data.map((i) => i.instrumentId));
        if (!body.pagination.hasMore) break;
      }
      expect(paged).toEqual(expected);
    },
  );

  it("sort= takes them too, and sortBy without sortOrder means descending", async () => {
    const bySort = await list("sort=apy30d:desc&limit=20");
    const bySortBy = await list("sortBy=apy30d&limit=20");
    expect(bySort.data.map((i) => i.instrumentId)).toEqual(bySortBy.data.map((i) => i.instrumentId));
    expect(bySort.data.map((i) => i.instrumentId)).toEqual(
      sortedBy(live, "apy30d", "desc")
        .slice(0, 20)
        .map((i) => i.instrumentId),
    );
    // A second key breaks ties of the first: nulls of apy7d (none here) and equal values.
    const twoKeys = await all("sort=apy7d:asc,tvl:desc");
    expect(twoKeys.map((i) => i.instrumentId)).toEqual(
      sortedBy(live, "apy7d", "asc").map((i) => i.instrumentId),
    );
  });

  it("minApy30d keeps exactly the instruments whose apy30d reaches it, with every other filter and sort", async () => {
    const values = live
      .map((i) => i.apy30d)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    const threshold = values[Math.floor(values.length / 2)]!;
    const expected = live.filter((i) => i.apy30d !== null && i.apy30d >= threshold);
    const rows = await all(`minApy30d=${threshold}&sortBy=apy30d&sortOrder=asc`);
    expect(rows.map((i) => i.instrumentId)).toEqual(
      sortedBy(expected, "apy30d", "asc").map((i) => i.instrumentId),
    );
    const combined = await all(`minApy30d=${threshold}&chainId=1&isStablecoin=true`);
    const narrowed = (await all("chainId=1&isStablecoin=true")).filter(
      (i) => i.apy30d !== null && i.apy30d >= threshold,
    );
    expect(combined.map((i) => i.instrumentId)).toEqual(narrowed.map((i) => i.instrumentId));
    expect(combined.length).toBeGreaterThan(0);
    expect((await list("minApy30d=1000")).pagination.total).toBe(0);
    const byChain = await api<Page>(`/instruments/by-chain/8453?minApy30d=${threshold}&limit=100`);
    expect(byChain.status).toBe(200);
    expect(byChain.body.data.every((i) => i.apy30d !== null && i.apy30d >= threshold)).toBe(true);
  });

  it.each([
    ["minApy30d=abc", "minApy30d"],
    ["minApy30d=", "minApy30d"],
    ["minApy30d=1e999", "minApy30d"],
    ["sortBy=apy90d", "sortBy"],
    ["sort=apy7d:up", "sort"],
    ["sort=apy30d:asc,apy30d:desc", "sort"],
    ["sort=apy7d:desc&sortBy=apy30d", "sort"],
  ])("%s is a 400 naming the parameter", async (query, path) => {
    const error = expectError(await api(`/instruments?${query}`), 400, "BAD_REQUEST");
    expect((error.details.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });
});

describe("GET /instruments/history", () => {
  it("answers each instrument's history in the order asked, as /instruments/{id}/history does", async () => {
    const ids = [live[4]!, live[0]!, live[9]!].map((i) => i.instrumentId);
    const from = new Date(Date.now() - 30 * DAY).toISOString();
    for (const interval of ["day", "hour"] as const) {
      const res = await api<{ data: { instrumentId: string; data: Point[] }[] }>(
        `/instruments/history?instrumentIds=${ids.join(",")}&interval=${interval}&from=${from}`,
      );
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.body.data.map((s) => s.instrumentId)).toEqual(ids);
      for (const series of res.body.data) {
        const single = await api<{ data: Point[] }>(
          `/instruments/${series.instrumentId}/history?interval=${interval}&from=${from}`,
        );
        expect(series.data).toEqual(single.body.data);
        expect(series.data.length).toBeGreaterThan(0);
      }
    }
  });

  it("takes upper-case ids, the default range and a test key for the test networks", async () => {
    const id = live[1]!.instrumentId;
    const res = await api<{ data: { instrumentId: string; data: Point[] }[] }>(
      `/instruments/history?instrumentIds=${id.toUpperCase().replace("0X", "0x")}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { instrumentId: id, data: (await api(`/instruments/${id}/history`)).body.data },
    ]);
    const testIds = testEnv.slice(0, 3).map((i) => i.instrumentId);
    const test = await api<{ data: { instrumentId: string }[] }>(
      `/instruments/history?instrumentIds=${testIds.join(",")}`,
      { key: testKey() },
    );
    expect(test.status).toBe(200);
    expect(test.body.data.map((s) => s.instrumentId)).toEqual(testIds);
  });

  it("answers a whole page of instruments, and takes up to 100 ids (a page of the explorer at most)", async () => {
    const ids = live.map((i) => i.instrumentId);
    const res = await api<{ data: { instrumentId: string; data: Point[] }[] }>(
      `/instruments/history?instrumentIds=${ids.join(",")}&from=${new Date(Date.now() - 30 * DAY).toISOString()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.instrumentId)).toEqual(ids);
    for (const series of res.body.data) expect(series.data.length).toBeGreaterThanOrEqual(30);
    // 100 ids pass validation (unknown ones are then a 404); 101 do not (below).
    const hundred = Array.from({ length: 100 }, (_, i) => `0x${(i + 1).toString(16).padStart(64, "0")}`);
    expectError(await api(`/instruments/history?instrumentIds=${hundred.join(",")}`), 404, "NOT_FOUND");
  });

  it("refuses a bad list, an unknown id and another environment's id in the envelope", async () => {
    const [a, b] = [live[0]!.instrumentId, live[1]!.instrumentId];
    const bad = async (query: string, path: string) => {
      const error = expectError(await api(`/instruments/history${query}`), 400, "BAD_REQUEST");
      expect(
        (error.details.issues as { path: string }[]).map((i) => i.path),
        query,
      ).toContain(path);
    };
    await bad("", "instrumentIds");
    await bad("?instrumentIds=", "instrumentIds");
    await bad(`?instrumentIds=${a},0x12`, "instrumentIds");
    await bad(`?instrumentIds=${a},${b},${a}`, "instrumentIds");
    await bad(`?instrumentIds=${a},`, "instrumentIds");
    await bad(
      `?instrumentIds=${Array.from({ length: 101 }, (_, i) => `0x${i.toString(16).padStart(64, "0")}`).join(",")}`,
      "instrumentIds",
    );
    await bad(`?instrumentIds=${a}&interval=week`, "interval");
    await bad(`?instrumentIds=${a}&limit=5`, "limit");
    const order = expectError(
      await api(`/instruments/history?instrumentIds=${a}&from=2026-02-01&to=2026-01-01`),
      400,
      "BAD_REQUEST",
    );
    expect(order.message).toMatch(/from must not be after to/);
    expectError(
      await api(`/instruments/history?instrumentIds=${a}&from=2024-01-01&to=2026-01-01`),
      400,
      "BAD_REQUEST",
    );

    const unknown = `0x${"0".repeat(63)}1`;
    const missing = expectError(
      await api(`/instruments/history?instrumentIds=${a},${unknown}`),
      404,
      "NOT_FOUND",
    );
    expect(missing.message).toContain(unknown);
    expectError(
      await api(`/instruments/history?instrumentIds=${a},${testEnv[0]!.instrumentId}`),
      403,
      "FORBIDDEN",
    );
    expectError(await api(`/instruments/history?instrumentIds=${a}`, { key: testKey() }), 403, "FORBIDDEN");
    expectError(await api("/instruments/history", { method: "POST", json: {} }), 405, "METHOD_NOT_ALLOWED");
  });
});
