// Number and time formatting shared by every page (client-safe, no server imports).

// Written out by hand rather than with Intl: a page's first Intl formatter costs Chromium 40–60 ms of
// main thread (its locale data is loaded then), about a quarter of what react-dom itself costs the
// explorer before it answers; four times that on a mid-range phone. The output is Intl's en-US and
// en-GB output exactly (format.test.ts compares them over many values), and the same in Node and in
// every browser, so server and browser render the same text.

/** Rounds half away from zero at `digits` decimals, on the value as written in decimal (1.005 → 1.01, as Intl does). */
function roundDecimal(value: number, digits: number): number {
  const scaled = Number((Math.abs(value) * 10 ** digits).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / 10 ** digits;
}

/** 1234567 → "1,234,567" */
const groupThousands = (integer: number) => String(integer).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A non-negative amount with at most two decimals, trailing zeros dropped ("1.5", "12"); thousands
 * grouped from five digits on ("1234", "12,345"), as compact notation does.
 */
function upToTwoDecimals(value: number): string {
  const [whole = "0", fraction = ""] = roundDecimal(value, 2).toFixed(2).split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return (whole.length >= 5 ? groupThousands(Number(whole)) : whole) + (trimmed ? `.${trimmed}` : "");
}

const compactUnits = [
  { size: 1e12, suffix: "T" },
  { size: 1e9, suffix: "B" },
  { size: 1e6, suffix: "M" },
  { size: 1e3, suffix: "K" },
  { size: 1, suffix: "" },
] as const;

/** $1.23B, $45.6M, $980K (at most two decimals; rounding up to 1,000 of a unit moves to the next: $999,999 → $1M) */
export function formatUsdCompact(value: number): string {
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const amount = Math.abs(value);
  let unit = compactUnits.findIndex((u) => amount >= u.size);
  if (unit === -1) unit = compactUnits.length - 1;
  if (unit > 0 && roundDecimal(amount / compactUnits[unit]!.size, 2) >= 1000) unit -= 1;
  const { size, suffix } = compactUnits[unit]!;
  return `${sign}$${upToTwoDecimals(amount / size)}${suffix}`;
}

/** $1,234,567 */
export function formatUsd(value: number): string {
  const rounded = roundDecimal(value, 0);
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}$${groupThousands(Math.abs(rounded))}`;
}

/** 4.85 % (APY values are already percentages) */
export const formatPercent = (value: number, digits = 2) => `${value.toFixed(digits)}%`;

/** 0x1234…abcd */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const steps: [unit: string, seconds: number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];
// Intl's numeric: "auto" words for one unit away.
const oneAway: Record<string, [past: string, future: string]> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  day: ["yesterday", "tomorrow"],
};

/** "4 minutes ago", "in 2 days", "yesterday", "just now" */
export function formatRelative(date: Date | string, now: Date = new Date()) {
  const seconds = (new Date(date).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) < size) continue;
    // Rounded as Intl was given it: -1.5 days → -1 ("yesterday").
    const rounded = Math.round(seconds / size);
    const count = Math.abs(rounded);
    const past = rounded < 0;
    if (count === 1 && oneAway[unit]) return oneAway[unit][past ? 0 : 1];
    const amount = `${groupThousands(count)} ${unit}${count === 1 ? "" : "s"}`;
    return past ? `${amount} ago` : `in ${amount}`;
  }
  return "just now";
}

// en-GB's abbreviations (CLDR: "Sept", not "Sep").
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** 2 Sept (the UTC day) */
export function formatDayMonth(date: Date | string | number) {
  const d = new Date(date);
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]}`;
}

/** 2 Sept 2026 (the UTC day) */
export function formatDate(date: Date | string | number) {
  return `${formatDayMonth(date)} ${new Date(date).getUTCFullYear()}`;
}

/** Wed, 2 Sept 2026 (the UTC day) */
export function formatWeekdayDate(date: Date | string | number) {
  return `${weekdays[new Date(date).getUTCDay()]}, ${formatDate(date)}`;
}

/** Sept 26 (the UTC month, the year in two digits) */
export function formatMonthYear(date: Date | string | number) {
  const d = new Date(date);
  return `${months[d.getUTCMonth()]} ${twoDigits(d.getUTCFullYear() % 100)}`;
}

/** 06:05 (UTC) */
export function formatTime(date: Date | string | number) {
  const d = new Date(date);
  return `${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`;
}

/** 22 Nov 2026, 10:04 UTC */
export function formatDateTime(date: Date | string | number) {
  return `${formatDate(date)}, ${formatTime(date)} UTC`;
}

/** "Ethereum, Base and Polygon": en-GB's list, no comma before "and". */
export function formatList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * An exact decimal string (a token amount as the API gives it) rounded half away from zero to at most
 * `digits` decimals, trailing zeros dropped, thousands grouped: "2000000.1234567" → "2,000,000.123457".
 * No float round trip, so 18-decimal amounts stay exact. Text that is not a decimal is returned as is.
 */
export function formatDecimal(amount: string, digits = 6): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(amount);
  if (!match || (!match[2] && !match[3])) return amount;
  const [, sign, whole = "", fraction = ""] = match;
  let units = BigInt((whole || "0") + fraction.slice(0, digits).padEnd(digits, "0"));
  if ((fraction[digits] ?? "0") >= "5") units += 1n;
  const text = units.toString().padStart(digits + 1, "0");
  const integer = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decimals = text.slice(text.length - digits).replace(/0+$/, "");
  return `${sign}${integer}${decimals ? `.${decimals}` : ""}`;
}
