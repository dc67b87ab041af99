import { queryOptions } from "@tanstack/react-query";
import { ApiClientError } from "@/lib/client/api-fetch";
import { apiRequest } from "@/lib/client/api-request";
import type { components } from "@/lib/client/api-types";
import { DEFAULT_ENVIRONMENT, environmentOfChain, type Environment } from "@/lib/facts/chains";

/**
 * Test networks are read with the dashboard session: the API uses it on public endpoints only when
 * asked for the test environment (README, "Keys, environments and limits").
 */
const environmentOf = (chainId: number): Environment => environmentOfChain(chainId) ?? DEFAULT_ENVIRONMENT;

type PositionsResponse = components["schemas"]["PositionsResponse"];
type PositionsByChainResponse = components["schemas"]["PositionsByChainResponse"];

// POST /positions answers one chain's positions for a chainId and a per-chain answer for chainIds: the
// document states both shapes for the one operation, and the request decides which one comes back.
function oneChain(answer: PositionsResponse | PositionsByChainResponse): PositionsResponse {
  if ("chains" in answer) throw new Error("Expected the positions of one chain, got a per-chain answer.");
  return answer;
}
function perChain(answer: PositionsResponse | PositionsByChainResponse): PositionsByChainResponse {
  if (!("chains" in answer)) throw new Error("Expected a per-chain answer, got the positions of one chain.");
  return answer;
}

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
    queryFn: () =>
      apiRequest(
        (api) => api.POST("/positions", { body: { address: query.address, chainId: query.chainId } }),
        {
          environment: environmentOf(query.chainId),
        },
      ).then(oneChain),
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
    queryFn: () =>
      apiRequest((api) => api.POST("/positions", { body: { address: query.address, chainIds: "all" } }), {
        environment: query.environment,
      }).then(perChain),
    retry: (failures, error) => failures < 1 && error instanceof ApiClientError && error.status === 0,
  });

/** One instrument, for a position's protocol and asset category (what its balance is worth in USD). */
export const positionInstrumentQueryOptions = (instrumentId: string, chainId: number) =>
  queryOptions({
    queryKey: positionKeys.instrument(instrumentId),
    queryFn: () =>
      apiRequest((api) => api.GET("/instruments/{instrumentId}", { params: { path: { instrumentId } } }), {
        environment: environmentOf(chainId),
      }),
    staleTime: 5 * 60_000,
  });
