import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/domain/api-keys/key-format";
import { api, expectError, expectIssues, fixture } from "../support/api";

// GET /instruments/:instrumentId/history: day or hour snapshots, oldest first, within at most
// 366 days; default range the last 365 days (day) or 7 days (hour). The seeded demo history ends at the
// instrument's current values, so the last hourly point equals currentApy and tvl.

interface Instrument {
  instrumentId: string;
  chainId: number;
  currentApy: number;
  tvl: number;
  description: string;
}

interface Point {
  timestamp: string;
  apy: number;
  apyReward: number | null;
  tvl: number;
  block: number | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const keys = () => fixture().keys;

async function catalog(key?: string): Promise<Instrument[]> {
  const items: Instrument[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api<{ data: Instrument[]; pagination: { hasMore: boolean } }>(
      `/instruments?limit=100&offset=${offset}`,
      { key },
    );
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.data);
    if (!res.body.pagination.hasMore) return items;
  }
}

/** Fetches a history and checks the documented shape: { data: [{ timestamp, apy, tvl, block }] }, oldest first. */
async function history(instrumentId: string, query = "", key?: string): Promise<Point[]> {
  const res = await api<{ data: Point[] }>(
    `/instruments/${instrumentId}/history${query ? `?${query}` : ""}`,
    { key },
  );
  expect(res.status, `${query}: ${res.text.slice(0, 300)}`).toBe(200);
  expect(Object.keys(res.body)).toEqual(["data"]);
  expect(Array.isArray(res.body.data)).toBe(true);
  let previous = -Infinity;
  for (const point of res.body.data) {
    expect(Object.keys(point).sort()).toEqual(["apy", "apyReward", "block", "timestamp", "tvl"]);
    // Sample history (these tests' chains are never synced) was read at no block, with no rewards recorded.
    expect(point.block).toBeNull();
    expect(point.apyReward).toBeNull();
    expect(point.timestamp).toMatch(ISO);
    const t = Date.parse(point.timestamp);
    expect(t, "timestamps strictly increase").toBeGreaterThan(previous);
    previous = t;
    expect(Number.isFinite(point.apy) && point.apy >= 0 && point.apy < 100, `apy ${point.apy}`).toBe(true);
    expect(Number.isFinite(point.tvl) && point.tvl > 0 && point.tvl < 1e12, `tvl ${point.tvl}`).toBe(true);
  }
  return res.body.data;
}

const times = (points: Point[]) => points.map((p) => Date.parse(p.timestamp));
const steps = (points: Point[]) =>
  times(points)
    .slice(1)
    .map((t, i) => t - times(points)[i]!);
const iso = (ms: number) => new Date(ms).toISOString();

let live: Instrument[] = [];
let testEnv: Instrument[] = [];
let subject: Instrument;

beforeAll(async () => {
  live = await catalog();
  testEnv = await catalog(keys().A.test.key);
  subject = live[0]!;
});

describe("history", () => {
  it("defaults to daily points over the last 365 days, oldest first", async () => {
    const before = Date.now();
    const points = await history(subject.instrumentId);
    const after = Date.now();
    expect(points.length).toBeGreaterThanOrEqual(360);
    expect(points.length).toBeLessThanOrEqual(366);
    for (const step of steps(points)) expect(step).toBe(DAY);
    expect(times(points)[0]!).toBeGreaterThanOrEqual(before - 365 * DAY - 60_000);
    expect(times(points).at(-1)!).toBeLessThanOrEqual(after);
    expect(times(points).at(-1)!).toBeGreaterThan(before - 2 * DAY);
    expect(await history(subject.instrumentId, "interval=day")).toEqual(points);
  });

  it("gives hourly points over the last 7 days with interval=hour", async () => {
    const before = Date.now();
    const points = await history(subject.instrumentId, "interval=hour");
    const after = Date.now();
    expect(points.length).toBeGreaterThanOrEqual(166);
    expect(points.length).toBeLessThanOrEqual(169);
    for (const step of steps(points)) expect(step).toBe(HOUR);
    expect(times(points)[0]!).toBeGreaterThanOrEqual(before - 7 * DAY - 60_000);
    expect(times(points).at(-1)!).toBeLessThanOrEqual(after);
    expect(times(points).at(-1)!).toBeGreaterThan(before - 2 * HOUR);
  });

  it("ends the hourly series at each instrument's currentApy and tvl", async () => {
    for (const item of live) {
      const last = (await history(item.instrumentId, "interval=hour")).at(-1);
      expect(last, item.description).toBeDefined();
      expect({ apy: last!.apy, tvl: last!.tvl }, item.description).toEqual({
        apy: item.currentApy,
        tvl: item.tvl,
      });
    }
    for (const item of testEnv) {
      const last = (await history(item.instrumentId, "interval=hour", keys().A.test.key)).at(-1);
      expect(last, item.description).toBeDefined();
      expect({ apy: last!.apy, tvl: last!.tvl }, item.description).toEqual({
        apy: item.currentApy,
        tvl: item.tvl,
      });
    }
  });

  it("keeps every point within from and to (daily)", async () => {
    const now = Date.now();
    const from = now - 30 * DAY;
    const to = now - 10 * DAY;
    const points = await history(subject.instrumentId, `from=${iso(from)}&to=${iso(to)}`);
    expect(points.length).toBeGreaterThanOrEqual(19);
    expect(points.length).toBeLessThanOrEqual(21);
    for (const t of times(points)) expect(t >= from && t <= to, iso(t)).toBe(true);
    // The window is a slice of the default year.
    const year = await history(subject.instrumentId);
    expect(points).toEqual(
      year.filter((p) => Date.parse(p.timestamp) >= from && Date.parse(p.timestamp) <= to),
    );
  });

  it("keeps every point within from and to (hourly)", async () => {
    const now = Date.now();
    const from = now - 3 * DAY;
    const to = now - DAY;
    const points = await history(subject.instrumentId, `interval=hour&from=${iso(from)}&to=${iso(to)}`);
    expect(points.length).toBeGreaterThanOrEqual(47);
    expect(points.length).toBeLessThanOrEqual(49);
    for (const t of times(points)) expect(t >= from && t <= to, iso(t)).toBe(true);
  });

  it("counts a default range back from `to` and forward from `from` to now", async () => {
    const now = Date.now();
    const to = now - 100 * DAY;
    const upTo = await history(subject.instrumentId, `to=${iso(to)}`);
    for (const t of times(upTo)) expect(t <= to && t >= to - 365 * DAY, iso(t)).toBe(true);
    expect(upTo.length).toBeGreaterThanOrEqual(263);
    expect(upTo.length).toBeLessThanOrEqual(266);
    const from = now - 10 * DAY;
    const since = await history(subject.instrumentId, `from=${iso(from)}`);
    for (const t of times(since)) expect(t >= from && t <= Date.now(), iso(t)).toBe(true);
    expect(since.length).toBeGreaterThanOrEqual(9);
    expect(since.length).toBeLessThanOrEqual(11);
  });

  it("accepts offsets and date-only values as ISO 8601", async () => {
    const now = Date.now();
    const from = new Date(now - 20 * DAY);
    const withOffset = `${iso(from.getTime() + 2 * HOUR).slice(0, 19)}%2B02:00`; // the same instant, written at UTC+2
    const a = await history(subject.instrumentId, `from=${iso(from.getTime())}`);
    const b = await history(subject.instrumentId, `from=${withOffset}`);
    expect(b).toEqual(a);
    const day = iso(now - 20 * DAY).slice(0, 10);
    const c = await history(subject.instrumentId, `from=${day}`);
    for (const t of times(c)) expect(t).toBeGreaterThanOrEqual(Date.parse(`${day}T00:00:00Z`));
    expect(c.length).toBeGreaterThanOrEqual(19);
  });

  it("allows a range of exactly 366 days", async () => {
    const to = Date.now() - DAY;
    const points = await history(subject.instrumentId, `from=${iso(to - 366 * DAY)}&to=${iso(to)}`);
    expect(points.length).toBeGreaterThan(300);
  });

  it("serves a test instrument to a test key", async () => {
    const item = testEnv[0]!;
    const points = await history(item.instrumentId, "", keys().A.test.key);
    expect(points.length).toBeGreaterThanOrEqual(360);
  });
});

describe("history errors", () => {
  const now = Date.now();
  const unknown = "0x" + "0".repeat(63) + "2";
  const rows: { what: string; query: string; status: number; code: string; issue?: string[]; id?: string }[] =
    [
      {
        what: "a range over 366 days",
        query: `from=${iso(now - 400 * DAY)}`,
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from", "to"],
      },
      {
        what: "366 days and an hour",
        query: `from=${iso(now - 367 * DAY)}&to=${iso(now - DAY + HOUR)}`,
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from", "to"],
      },
      {
        what: "from after to",
        query: `from=${iso(now - DAY)}&to=${iso(now - 2 * DAY)}`,
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from", "to"],
      },
      {
        what: "from in the future of the default to",
        query: `from=${iso(now + 10 * DAY)}`,
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from", "to"],
      },
      {
        what: "interval week",
        query: "interval=week",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["interval"],
      },
      {
        what: "interval HOUR",
        query: "interval=HOUR",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["interval"],
      },
      { what: "interval empty", query: "interval=", status: 400, code: "BAD_REQUEST", issue: ["interval"] },
      { what: "from=yesterday", query: "from=yesterday", status: 400, code: "BAD_REQUEST", issue: ["from"] },
      {
        what: "from=2024-13-45",
        query: "from=2024-13-45",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from"],
      },
      { what: "to=abc", query: "to=abc", status: 400, code: "BAD_REQUEST", issue: ["to"] },
      {
        what: "from as Unix seconds",
        query: "from=1700000000",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["from"],
      },
      { what: "an unknown parameter", query: "limit=10", status: 400, code: "BAD_REQUEST", issue: ["limit"] },
      {
        what: "a repeated parameter",
        query: "interval=day&interval=hour",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["interval"],
      },
      {
        what: "a malformed instrument id",
        query: "",
        id: "0x1234",
        status: 400,
        code: "BAD_REQUEST",
        issue: ["instrumentId"],
      },
      { what: "an unknown instrument", query: "", id: unknown, status: 404, code: "NOT_FOUND" },
      {
        what: "an unknown instrument, hourly",
        query: "interval=hour",
        id: unknown,
        status: 404,
        code: "NOT_FOUND",
      },
    ];

  it.each(rows)("$what → $status $code", async ({ query, id, status, code, issue }) => {
    const res = await api(`/instruments/${id ?? subject.instrumentId}/history${query ? `?${query}` : ""}`);
    const error = expectError(res, status, code);
    expectIssues(error, issue);
  });

  it("answers 403 FORBIDDEN for another environment's instrument", async () => {
    expectError(await api(`/instruments/${testEnv[0]!.instrumentId}/history`), 403, "FORBIDDEN");
    expectError(
      await api(`/instruments/${testEnv[0]!.instrumentId}/history`, { key: keys().A.live.key }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await api(`/instruments/${live[0]!.instrumentId}/history?interval=hour`, { key: keys().A.test.key }),
      403,
      "FORBIDDEN",
    );
  });

  it("rejects bad keys with 401 INVALID_API_KEY", async () => {
    for (const key of [generateApiKey("live").key, keys().A.revoked.key, keys().A.expired.key, "junk"])
      expectError(await api(`/instruments/${subject.instrumentId}/history`, { key }), 401, "INVALID_API_KEY");
  });
});
