import { queryOptions } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/api-client/api-fetch";
import { instrumentSchema } from "@/lib/schemas/instruments";
import { positionsResponseSchema } from "@/lib/schemas/positions";

export interface PositionsQuery {
  address: string;
  chainId: number;
}

export const positionKeys = {
  all: ["positions"] as const,
  of: ({ address, chainId }: PositionsQuery) =>
    [...positionKeys.all, address.toLowerCase(), chainId] as const,
  instrument: (instrumentId: string) =>
    [...positionKeys.all, "instrument", instrumentId.toLowerCase()] as const,
};

/** A wallet's USDC balance and positions on one chain, read live from the chain by the API. */
export const positionsQueryOptions = (query: PositionsQuery) =>
  queryOptions({
    queryKey: positionKeys.of(query),
    queryFn: () =>
      apiFetch("/api/v1/positions", positionsResponseSchema, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(query),
      }),
    // The API already tried the chain: an answer it gave (400, 403, 503) is shown at once with a
    // retry button; only a lost connection is retried automatically.
    retry: (failures, error) => failures < 1 && error instanceof ApiClientError && error.status === 0,
  });

/** One instrument, for a position's protocol and asset category (what its balance is worth in USD). */
export const positionInstrumentQueryOptions = (instrumentId: string) =>
  queryOptions({
    queryKey: positionKeys.instrument(instrumentId),
    queryFn: () => apiFetch(`/api/v1/instruments/${encodeURIComponent(instrumentId)}`, instrumentSchema),
    staleTime: 5 * 60_000,
  });
