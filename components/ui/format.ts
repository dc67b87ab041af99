// Number and time formatting shared by every page (client-safe, no server imports).

// Both bounds pinned: left to the engine, Node prints "$1.50M" where browsers print "$1.5M", and
// hydration fails on the difference.
const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const fullUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** $1.23B, $45.6M, $980K */
export const formatUsdCompact = (value: number) => compactUsd.format(value);
/** $1,234,567 */
export const formatUsd = (value: number) => fullUsd.format(value);
/** 4.85 % (APY values are already percentages) */
export const formatPercent = (value: number, digits = 2) => `${value.toFixed(digits)}%`;

/** 0x1234…abcd */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "4 minutes ago", "in 2 days", "just now" */
export function formatRelative(date: Date | string, now: Date = new Date()) {
  const seconds = (new Date(date).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** 22 Nov 2026, 10:04 UTC */
export function formatDateTime(date: Date | string) {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(date)) + " UTC";
}
