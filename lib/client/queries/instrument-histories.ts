import { queryOptions } from "@tanstack/react-query";
import type { Environment } from "@/lib/facts/chains";
import { environmentRequestHeaders } from "@/lib/facts/environment-header";
import type { HistoryBatch } from "@/lib/schemas/instruments";

const DAY_MS = 86_400_000;

/** The explorer's sparklines: the day points of the last 30 days, exactly the ones apy30d averages. */
export const sparklineWindow = (now: Date = new Date()) => ({
  interval: "day" as const,
  from: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
});

export const historiesPath = (instrumentIds: readonly string[], window: { interval: string; from: string }) =>
  `/api/v1/instruments/history?${new URLSearchParams({ instrumentIds: instrumentIds.join(","), ...window })}`;

// Keyed by the UTC day, not by `from`: the points change only when a day begins (or a sync writes
// today's, which a minute of staleness covers).
export const instrumentHistoriesKeys = {
  all: ["instrument-histories"] as const,
  page: (instrumentIds: readonly string[], environment: Environment, day: number) =>
    [...instrumentHistoriesKeys.all, environment, day, instrumentIds.join(",")] as const,
};

export const utcDayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** One request for a whole page of rows; zod and the schema load with it, not with the page. */
export const instrumentHistoriesQueryOptions = (
  instrumentIds: readonly string[],
  environment: Environment,
  day: number,
) =>
  queryOptions({
    queryKey: instrumentHistoriesKeys.page(instrumentIds, environment, day),
    queryFn: async ({ signal }): Promise<HistoryBatch> => {
      const [{ apiFetch }, { historyBatchSchema }] = await Promise.all([
        import("@/lib/client/api-fetch"),
        import("@/lib/schemas/instruments"),
      ]);
      return apiFetch(historiesPath(instrumentIds, sparklineWindow()), historyBatchSchema, {
        signal,
        headers: environmentRequestHeaders(environment),
      });
    },
    enabled: instrumentIds.length > 0,
    staleTime: 60_000,
  });
