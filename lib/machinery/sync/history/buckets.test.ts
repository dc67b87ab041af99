import { describe, expect, it } from "vitest";
import {
  HISTORY_DAYS,
  HISTORY_HOURS,
  bucketKey,
  missingBuckets,
  plannedBuckets,
  previousBucket,
} from "./buckets";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString();

describe("plannedBuckets", () => {
  const now = at("2026-11-28T14:20:00Z");
  const planned = plannedBuckets(now);

  it("plans the closed days of the last year and the closed hours of the last week, nothing open", () => {
    expect(planned.filter((b) => b.interval === "day")).toHaveLength(HISTORY_DAYS);
    expect(planned.filter((b) => b.interval === "hour")).toHaveLength(HISTORY_HOURS);
    expect(planned.every((b) => b.end <= now)).toBe(true);
    const days = planned.filter((b) => b.interval === "day");
    expect(iso(days[0]!.start)).toBe("2026-11-27T00:00:00.000Z");
    expect(iso(days.at(-1)!.start)).toBe("2025-11-28T00:00:00.000Z");
    const hours = planned.filter((b) => b.interval === "hour");
    expect(iso(hours[0]!.start)).toBe("2026-11-28T13:00:00.000Z");
    expect(iso(hours.at(-1)!.start)).toBe("2026-11-21T14:00:00.000Z");
    expect(planned.every((b) => b.end - b.start === (b.interval === "day" ? 86_400 : 3_600))).toBe(true);
  });

  it("orders them newest end first, a day before the hour that ends with it", () => {
    for (let i = 1; i < planned.length; i++) expect(planned[i]!.end).toBeLessThanOrEqual(planned[i - 1]!.end);
    const midnight = planned.filter((b) => b.end === at("2026-11-28T00:00:00Z"));
    expect(midnight.map((b) => b.interval)).toEqual(["day", "hour"]);
    // The hours of today come first, then yesterday's day, then yesterday's last hour.
    expect(planned.slice(0, 15).map((b) => b.interval)).toEqual([...Array(14).fill("hour"), "day"]);
  });

  it("at a midnight exactly, the day that just ended is planned", () => {
    const [first] = plannedBuckets(at("2026-11-28T00:00:00Z"));
    expect(first).toEqual({
      interval: "day",
      start: at("2026-11-27T00:00:00Z"),
      end: at("2026-11-28T00:00:00Z"),
    });
  });
});

describe("missingBuckets", () => {
  const planned = plannedBuckets(at("2026-11-28T14:20:00Z"));

  it("leaves out the buckets read, keeping the order", () => {
    const done = new Set(planned.slice(0, 3).map(bucketKey));
    expect(missingBuckets(planned, done)).toEqual(planned.slice(3));
  });

  it("leaves out the buckets ending at or before where a node refused the past", () => {
    const notBefore = at("2026-11-01T00:00:00Z");
    const missing = missingBuckets(planned, new Set(), notBefore);
    expect(missing.every((b) => b.end > notBefore)).toBe(true);
    expect(missing.filter((b) => b.interval === "day")).toHaveLength(27);
  });
});

describe("previousBucket", () => {
  it("is the bucket of the same interval that ends where this one starts", () => {
    const day = {
      interval: "day" as const,
      start: at("2026-11-27T00:00:00Z"),
      end: at("2026-11-28T00:00:00Z"),
    };
    expect(previousBucket(day)).toEqual({
      interval: "day",
      start: at("2026-11-26T00:00:00Z"),
      end: day.start,
    });
  });
});
