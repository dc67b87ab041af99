import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-request";
import type { Environment } from "@/lib/facts/chains";

export const historyRanges = ["7d", "30d", "90d", "1y"] as const;
export type HistoryRange = (typeof historyRanges)[number];
export const defaultHistoryRange: HistoryRange = "30d";

const rangeDays: Record<HistoryRange, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
export const historyRangeLabels: Record<HistoryRange, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
};

/** A `?range=` value from the URL, or the default for anything else. */
export function parseHistoryRange(value: string | string[] | null | undefined): HistoryRange {
  const v = Array.isArray(value) ? value[0] : value;
  return historyRanges.find((r) => r === v) ?? defaultHistoryRange;
}

/**
 * The history request of a range. 7 days use hourly snapshots, longer ranges daily ones. `from` is
 * floored to the start of its hour or UTC day, so the server's first render, the browser's refetch
 * and a test asking the API all get the same points unless a new bucket has begun in between.
 */
export function historyWindow(
  range: HistoryRange,
  now: Date = new Date(),
): { interval: "hour" | "day"; from: string } {
  const interval = range === "7d" ? "hour" : "day";
  const start = new Date(now.getTime() - rangeDays[range] * 86_400_000);
  if (interval === "hour") start.setUTCMinutes(0, 0, 0);
  else start.setUTCHours(0, 0, 0, 0);
  return { interval, from: start.toISOString() };
}

// The key holds the range, not `from`: "30 days up to now" is the same question a minute later.
export const instrumentHistoryKeys = {
  all: ["instrument-history"] as const,
  range: (instrumentId: string, range: HistoryRange) =>
    [...instrumentHistoryKeys.all, instrumentId, range] as const,
};

/**
 * A range of an instrument's history (the first range is rendered on the server). A test instrument's is
 * read with the dashboard session; the key leaves the environment out, since an instrument id belongs to
 * one chain, hence to one environment.
 */
export const instrumentHistoryQueryOptions = (
  instrumentId: string,
  range: HistoryRange,
  environment?: Environment,
) =>
  queryOptions({
    queryKey: instrumentHistoryKeys.range(instrumentId, range),
    queryFn: ({ signal }) =>
      apiRequest(
        (api) =>
          api.GET("/instruments/{instrumentId}/history", {
            params: { path: { instrumentId }, query: historyWindow(range) },
            signal,
          }),
        { environment },
      ),
    // Snapshots arrive at most hourly: a minute of staleness costs nothing.
    staleTime: 60_000,
  });
