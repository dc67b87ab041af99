// CSV of instruments (RFC 4180: comma-separated, CRLF line ends, quotes doubled inside quoted fields).
import { getChain, type Environment } from "@/lib/facts/chains";
import type { Instrument } from "@/lib/schemas/instruments";

type CsvColumn = { header: string; value: (i: Instrument) => string | number | boolean };

export const csvColumns: readonly CsvColumn[] = [
  { header: "instrumentId", value: (i) => i.instrumentId },
  { header: "chainId", value: (i) => i.chainId },
  { header: "chain", value: (i) => getChain(i.chainId)?.name ?? "" },
  { header: "protocol", value: (i) => i.protocol },
  { header: "version", value: (i) => i.protocolInfo.version },
  { header: "token", value: (i) => i.tokenSymbol },
  { header: "tokenAddress", value: (i) => i.tokenAddress },
  { header: "yieldToken", value: (i) => i.yieldTokenSymbol },
  { header: "yieldTokenAddress", value: (i) => i.yieldTokenAddress },
  { header: "apy", value: (i) => i.currentApy },
  { header: "apyReward", value: (i) => i.apyReward },
  { header: "apyTotal", value: (i) => i.apyTotal },
  { header: "rewardsComplete", value: (i) => i.rewardsComplete },
  // Empty where the API answers null (no day snapshot in the window).
  { header: "apy7d", value: (i) => i.apy7d ?? "" },
  { header: "apy30d", value: (i) => i.apy30d ?? "" },
  { header: "apyChange7d", value: (i) => i.apyChange7d ?? "" },
  { header: "tvlUsd", value: (i) => i.tvl },
  { header: "assetCategory", value: (i) => i.assetCategory },
  { header: "isStablecoin", value: (i) => i.isStablecoin },
  { header: "isActive", value: (i) => i.isActive },
  { header: "lastSyncedAt", value: (i) => i.lastSyncedAt },
  { header: "createdAt", value: (i) => i.createdAt },
];

/**
 * With a deposit amount, each row's quote for it (the explorer's APY column then): empty where the API
 * answers null (sample data, no rate model read).
 */
export const quoteCsvColumns = (depositAmountUsd: number): readonly CsvColumn[] => [
  { header: "depositAmountUsd", value: () => depositAmountUsd },
  { header: "apyAfter", value: (i) => i.quote?.apyAfter ?? "" },
  { header: "apyTotalAfter", value: (i) => i.quote?.apyTotalAfter ?? "" },
  { header: "fits", value: (i) => i.quote?.fits ?? "" },
];

/**
 * One CSV field. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start;
 * token symbols come from on-chain data anyone can deploy) gets a leading apostrophe, as OWASP advises.
 */
export function csvField(value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV; with `depositAmountUsd` (the list was asked with it), the quote columns follow the others. */
export function instrumentsToCsv(
  instruments: readonly Instrument[],
  { depositAmountUsd }: { depositAmountUsd?: number } = {},
): string {
  const columns =
    depositAmountUsd === undefined ? csvColumns : [...csvColumns, ...quoteCsvColumns(depositAmountUsd)];
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const instrument of instruments)
    lines.push(columns.map((c) => csvField(c.value(instrument))).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** yieldgrid-instruments-2026-11-22.csv (UTC date); yieldgrid-test-instruments-… for the test networks. */
export const csvFileName = (environment: Environment = "live", date = new Date()) =>
  `yieldgrid-${environment === "test" ? "test-" : ""}instruments-${date.toISOString().slice(0, 10)}.csv`;
