import { queryOptions } from "@tanstack/react-query";
import type { Environment } from "@/lib/facts/chains";
import type { HistoryBatch } from "@/lib/schemas/instruments";

const DAY_MS = 86_400_000;

/** The explorer's sparklines: the day points of the last 30 days, exactly the ones apy30d averages. */
export const sparklineWindow = (now: Date = new Date()) => ({
  interval: "day" as const,
  from: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
});

// Keyed by the UTC day, not by `from`: the points change only when a day begins (or a sync writes
// today's, which a minute of staleness covers).
export const sparklineKeys = {
  all: ["sparklines"] as const,
  page: (instrumentIds: readonly string[], environment: Environment, day: number) =>
    [...sparklineKeys.all, environment, day, instrumentIds.join(",")] as const,
};

/** What the rows' sparklines draw: each instrument's day APYs, oldest first, by instrument id. */
export type SparklineApys = Record<string, number[]>;

/**
 * The part of a history batch the sparklines draw. Only this is kept in the query cache, and so in
 * the explorer's first page: the whole points (time, APY, reward APR, TVL, block) of 25 rows made
 * 75 kB of the page's 135 kB React payload, which the browser parses before it hydrates.
 */
export const sparklineApysOf = (batch: HistoryBatch): SparklineApys =>
  Object.fromEntries(batch.data.map((series) => [series.instrumentId, series.data.map((point) => point.apy)]));

export const utcDayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * One request for a whole page of rows. The request code (lib/client/api-request.ts and the client it
 * loads) is imported with it, not with the explorer: the first page's sparklines are rendered on the server.
 */
export const sparklinesQueryOptions = (
  instrumentIds: readonly string[],
  environment: Environment,
  day: number,
) =>
  queryOptions({
    queryKey: sparklineKeys.page(instrumentIds, environment, day),
    queryFn: async ({ signal }) => {
      const { apiRequest } = await import("@/lib/client/api-request");
      const batch = await apiRequest(
        (api) =>
          api.GET("/instruments/history", {
            params: { query: { instrumentIds: instrumentIds.join(","), ...sparklineWindow() } },
            signal,
          }),
        { environment },
      );
      return sparklineApysOf(batch);
    },
    enabled: instrumentIds.length > 0,
    staleTime: 60_000,
  });
