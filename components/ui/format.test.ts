import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDecimal,
  formatList,
  formatMonthYear,
  formatRelative,
  formatTime,
  formatUsd,
  formatUsdCompact,
  formatWeekdayDate,
} from "./format";

// The dashboard's formatters are written without Intl (format.ts says why); users must see exactly
// what Intl's en-US and en-GB formats gave them, which these tests compare over many values.

const intlCompactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const intlUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const intlRelative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const intlDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const intlDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const intlOf = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
const intlDayMonth = intlOf({ day: "numeric", month: "short" });
const intlMonthYear = intlOf({ month: "short", year: "2-digit" });
const intlWeekdayDate = intlOf({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
const intlDayMonthTime = intlOf({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
const intlList = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

/** A reproducible stream of numbers in [0, 1). */
function* pseudoRandom(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

const edges = [
  0, -0, 0.004, 0.005, 0.015, 1, 1.005, 1.5, 9.995, 12.345, 999, 999.99, 999.994, 999.995, 999.996, 1000, 1004.9,
  1005, 1234, 1500, 9999, 99_999, 99_995, 999_499, 999_500, 999_994, 999_995, 999_999, 1_000_000, 1_005_000,
  1_125_000, 6_161_156_812.67, 999_995_000, 999_999_999, 1e12, 1.234e15, 0.5, 2.5, 1_234_567.5, -1, -1.005, -999_999,
  -1_234_567.89,
];

describe("money", () => {
  const values = [...edges];
  const random = pseudoRandom(19);
  for (let i = 0; i < 4_000; i++) {
    const magnitude = 10 ** Math.floor(random.next().value! * 15 - 2);
    values.push(Math.round(random.next().value! * magnitude * 100) / 100);
  }

  it("compact dollars are Intl's en-US compact currency with at most two decimals", () => {
    for (const value of values) expect(formatUsdCompact(value), String(value)).toBe(intlCompactUsd.format(value));
  });

  it("whole dollars are Intl's en-US currency without decimals", () => {
    for (const value of values) expect(formatUsd(value), String(value)).toBe(intlUsd.format(value));
  });
});

describe("token amounts", () => {
  const intlAmount = [2, 6, 18].map((digits) => new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }));
  const amounts = ["0", "0.0000005", "0.0000004999", "1", "1.5", "999.9999995", "1000", "1234.5", "2000000"];
  amounts.push("123456789012345678901234.123456789012345678", "9999999.999999999999999999", "-1.25", "-0.0000001");
  const random = pseudoRandom(7);
  for (let i = 0; i < 2_000; i++) {
    const whole = String(Math.floor(random.next().value! * 10 ** Math.floor(random.next().value! * 13)));
    const decimals = Math.floor(random.next().value! * 19);
    const fraction = Array.from({ length: decimals }, () => Math.floor(random.next().value! * 10)).join("");
    amounts.push(fraction ? `${whole}.${fraction}` : whole);
  }

  it("are Intl's en-US decimals from the exact string, at most 2, 6 or 18 decimals", () => {
    for (const amount of amounts)
      for (const [index, digits] of [2, 6, 18].entries())
        expect(formatDecimal(amount, digits), `${amount} to ${digits}`).toBe(intlAmount[index]!.format(amount as `${number}`));
  });

  it("leaves text that is not a decimal as it is", () => {
    for (const text of ["", ".", "abc", "1e6", "1.2.3"]) expect(formatDecimal(text)).toBe(text);
  });
});

describe("time", () => {
  const now = new Date("2026-11-26T06:00:00Z");
  const seconds = [30, 59, 60, 89, 90, 3_599, 3_600, 5_399, 5_400, 86_399, 86_400, 129_599, 129_600, 172_800, 2_591_999, 2_592_000, 31_535_999, 31_536_000, 47_304_000, 100 * 31_536_000];

  it("relative times are Intl's en numeric: 'auto' ('yesterday', '3 hours ago', 'in 2 days')", () => {
    for (const s of [...seconds, ...seconds.map((x) => x + 0.5)])
      for (const sign of [-1, 1]) {
        const date = new Date(now.getTime() + sign * s * 1000);
        const expected = expectedRelative(date, now);
        expect(formatRelative(date, now), `${sign * s} s`).toBe(expected);
        expect(formatRelative(date.toISOString(), now)).toBe(expected);
      }
  });

  it("dates are Intl's en-GB day, short month, year and weekday in UTC, with the time where asked", () => {
    const random = pseudoRandom(7);
    for (let i = 0; i < 2_000; i++) {
      const date = new Date(Date.UTC(2000, 0, 1) + Math.floor(random.next().value! * 40 * 365 * 86_400_000));
      expect(formatDate(date)).toBe(intlDate.format(date));
      expect(formatDate(date.toISOString())).toBe(intlDate.format(date));
      expect(formatDateTime(date)).toBe(`${intlDateTime.format(date)} UTC`);
      const t = date.getTime();
      expect(formatDayMonth(t)).toBe(intlDayMonth.format(t));
      expect(formatMonthYear(t)).toBe(intlMonthYear.format(t));
      expect(formatWeekdayDate(t)).toBe(intlWeekdayDate.format(t));
      expect(`${formatDayMonth(t)}, ${formatTime(t)}`).toBe(intlDayMonthTime.format(t));
    }
  });
});

describe("lists", () => {
  it("are Intl's en-GB conjunction: no comma before 'and'", () => {
    const names = ["Ethereum", "Base", "Arbitrum", "Optimism", "Polygon"];
    for (let n = 0; n <= names.length; n++) expect(formatList(names.slice(0, n))).toBe(intlList.format(names.slice(0, n)));
  });
});

/** What the formatter did with Intl before: the largest whole unit, rounded, in Intl's words. */
function expectedRelative(date: Date, now: Date): string {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 365 * 86_400],
    ["month", 30 * 86_400],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  const s = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of units) if (Math.abs(s) >= size) return intlRelative.format(Math.round(s / size), unit);
  return "just now";
}
