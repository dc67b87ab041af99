import { queryOptions } from "@tanstack/react-query";
import type { Environment } from "@/lib/facts/chains";

const DAY_MS = 86_400_000;

/** The explorer's sparklines: the day points of the last 30 days, exactly the ones apy30d averages. */
export const sparklineWindow = (now: Date = new Date()) => ({
  interval: "day" as const,
  from: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
});

// Keyed by the UTC day, not by `from`: the points change only when a day begins (or a sync writes
// today's, which a minute of staleness covers).
export const instrumentHistoriesKeys = {
  all: ["instrument-histories"] as const,
  page: (instrumentIds: readonly string[], environment: Environment, day: number) =>
    [...instrumentHistoriesKeys.all, environment, day, instrumentIds.join(",")] as const,
};

export const utcDayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * One request for a whole page of rows. The request code (lib/client/api-request.ts and the client it
 * loads) is imported with it, not with the explorer: the first page's sparklines are rendered on the server.
 */
export const instrumentHistoriesQueryOptions = (
  instrumentIds: readonly string[],
  environment: Environment,
  day: number,
) =>
  queryOptions({
    queryKey: instrumentHistoriesKeys.page(instrumentIds, environment, day),
    queryFn: async ({ signal }) => {
      const { apiRequest } = await import("@/lib/client/api-request");
      return apiRequest(
        (api) =>
          api.GET("/instruments/history", {
            params: { query: { instrumentIds: instrumentIds.join(","), ...sparklineWindow() } },
            signal,
          }),
        { environment },
      );
    },
    enabled: instrumentIds.length > 0,
    staleTime: 60_000,
  });
