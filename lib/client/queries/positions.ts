import { queryOptions } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/client/api-fetch";
import { environmentOfChain, type Environment } from "@/lib/facts/chains";
import { environmentRequestHeaders } from "@/lib/facts/environment-header";

/**
 * Test networks are read with the dashboard session: the API uses it on public endpoints only when
 * asked for the test environment (README, "Keys, environments and limits").
 */
export const environmentHeaders = (chainId: number): Record<string, string> =>
  environmentRequestHeaders(environmentOfChain(chainId) ?? "live");

// The response schemas (and zod and viem's address checks with them) are imported inside the query
// functions, so they load with the first request rather than with the page (lib/client/api-fetch.ts).

export interface PositionsQuery {
  address: string;
  chainId: number;
}

/** A wallet on every chain of one environment (test networks: with the dashboard session). */
export interface AllChainsPositionsQuery {
  address: string;
  environment: Environment;
}

export const positionKeys = {
  all: ["positions"] as const,
  of: ({ address, chainId }: PositionsQuery) =>
    [...positionKeys.all, address.toLowerCase(), chainId] as const,
  allChains: ({ address, environment }: AllChainsPositionsQuery) =>
    [...positionKeys.all, address.toLowerCase(), "all", environment] as const,
  instrument: (instrumentId: string) =>
    [...positionKeys.all, "instrument", instrumentId.toLowerCase()] as const,
};

/** A wallet's USDC balance and positions on one chain, read live from the chain by the API. */
export const positionsQueryOptions = (query: PositionsQuery) =>
  queryOptions({
    queryKey: positionKeys.of(query),
    queryFn: async () => {
      const { positionsResponseSchema } = await import("@/lib/schemas/positions");
      return apiFetch("/api/v1/positions", positionsResponseSchema, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...environmentHeaders(query.chainId) },
        body: JSON.stringify(query),
      });
    },
    // The API already tried the chain: an answer it gave (400, 403, 503) is shown at once with a
    // retry button; only a lost connection is retried automatically.
    retry: (failures, error) => failures < 1 && error instanceof ApiClientError && error.status === 0,
  });

/**
 * A wallet's USDC and positions on every chain of the environment, read in parallel by the API: a
 * chain that cannot be read comes back marked unavailable inside the answer, beside the others.
 */
export const allChainsPositionsQueryOptions = (query: AllChainsPositionsQuery) =>
  queryOptions({
    queryKey: positionKeys.allChains(query),
    queryFn: async () => {
      const { positionsByChainResponseSchema } = await import("@/lib/schemas/positions");
      return apiFetch("/api/v1/positions", positionsByChainResponseSchema, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...environmentRequestHeaders(query.environment) },
        body: JSON.stringify({ address: query.address, chainIds: "all" }),
      });
    },
    retry: (failures, error) => failures < 1 && error instanceof ApiClientError && error.status === 0,
  });

/** One instrument, for a position's protocol and asset category (what its balance is worth in USD). */
export const positionInstrumentQueryOptions = (instrumentId: string, chainId: number) =>
  queryOptions({
    queryKey: positionKeys.instrument(instrumentId),
    queryFn: async () => {
      const { instrumentSchema } = await import("@/lib/schemas/instruments");
      return apiFetch(`/api/v1/instruments/${encodeURIComponent(instrumentId)}`, instrumentSchema, {
        headers: environmentHeaders(chainId),
      });
    },
    staleTime: 5 * 60_000,
  });
