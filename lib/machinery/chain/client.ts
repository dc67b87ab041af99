import "server-only";
/**
 * One viem public client per chain, on the RPCs lib/machinery/config.ts names (RPC_URL_<chainId>, a
 * running devnet, the chain's public RPC), tried in turn and ranked by how they answer
 * (ranked-fallback.ts). Concurrent reads in the same tick go out as one JSON-RPC batch per endpoint,
 * multicalls go through Multicall3, every HTTP request has a timeout that covers its whole answer, a
 * request that fails on every endpoint is retried a bounded number of times with backoff, each
 * endpoint's HTTP layer honours 429s and batch-size limits (polite-fetch.ts), and every answer is
 * checked to be the answer to its request before viem reads it (checked-fetch.ts). A public RPC is
 * asked less at once: small batches, two requests in flight.
 */
import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import { getChain } from "@/lib/facts/chains";
import { rpcRetries, rpcTimeoutMs } from "@/lib/machinery/config";
import { MULTICALL3_ADDRESS } from "./abis";
import { createCheckedFetch } from "./checked-fetch";
import { createPoliteFetch, type PoliteFetchOptions } from "./polite-fetch";
import { rankedFallback, type RpcEndpointStatus } from "./ranked-fallback";
import { rpcEndpointsOf, rpcNameOf, type RpcEndpoint } from "./rpc-endpoints";

export interface ChainClientOptions {
  /** Per HTTP request; RPC_TIMEOUT_MS, default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt (each one tries every endpoint); RPC_RETRIES, default 2. */
  retries?: number;
  /** For a URL given as a string: "public" gives it the manners of a shared public endpoint. */
  profile?: "private" | "public";
}

/** How the client treats an endpoint: JSON-RPC batch size, concurrency, waits and backoff. */
export const rpcProfiles = {
  private: { batchSize: 100, maxConcurrent: Infinity, rateLimitRetries: 2, retryDelayMs: 200 },
  public: { batchSize: 10, maxConcurrent: 2, rateLimitRetries: 3, retryDelayMs: 500 },
} as const;

const profileOf = (endpoint: RpcEndpoint) => rpcProfiles[endpoint.source === "public" ? "public" : "private"];

/**
 * A client of `chainId` over `endpoints` (tried in turn, ranked by how they answer), or over one URL
 * (with `options.profile`'s manners).
 */
export function createChainClient(chainId: number, endpoints: string | readonly RpcEndpoint[], options: ChainClientOptions = {}): PublicClient {
  const list: readonly RpcEndpoint[] =
    typeof endpoints === "string" ? [{ url: endpoints, source: options.profile === "public" ? "public" : "configured" }] : endpoints;
  const info = getChain(chainId);
  const chain = defineChain({
    id: chainId,
    name: info?.name ?? `Chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: list.map((e) => e.url) } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  const timeout = options.timeoutMs ?? rpcTimeoutMs();
  const transport = rankedFallback(
    list.map((endpoint) => ({ name: rpcNameOf(endpoint.url), source: endpoint.source, transport: endpointTransport(endpoint, timeout) })),
    { chainId, retryCount: options.retries ?? rpcRetries(), retryDelay: list[0] ? profileOf(list[0]).retryDelayMs : 0 },
  );
  return createPublicClient({ chain, transport }) as PublicClient;
}

/** One endpoint's HTTP transport with its own manners; retries happen above, across endpoints. */
function endpointTransport(endpoint: RpcEndpoint, timeout: number) {
  const profile = profileOf(endpoint);
  const manners: PoliteFetchOptions = {
    maxBatch: profile.batchSize,
    maxBatchBytes: MAX_BATCH_BYTES,
    maxConcurrent: profile.maxConcurrent,
    // A pause is waited out inside the request's own timeout; a longer one fails the request.
    maxWaitMs: Math.floor(timeout / 2),
    rateLimitRetries: profile.rateLimitRetries,
  };
  return http(endpoint.url, {
    batch: { batchSize: profile.batchSize, wait: 0 },
    timeout,
    retryCount: 0,
    fetchFn: createPoliteFetch(manners, createCheckedFetch()),
  });
}

/** The chain's RPCs as its client last saw them (rank, last error); empty for a client not made here. */
export function rpcEndpointStatusOf(client: PublicClient): RpcEndpointStatus[] {
  const status = (client.transport as { rpcEndpointStatus?: () => RpcEndpointStatus[] }).rpcEndpointStatus;
  return typeof status === "function" ? status() : [];
}

/**
 * The client of `cache` for a chain and its endpoints, made on first use (a new one when the endpoints
 * change); undefined when there are none. Each cache keeps its clients' own politeness and ranking.
 */
export function cachedChainClient(
  cache: Map<string, PublicClient>,
  chainId: number,
  endpoints: RpcEndpoint[],
): PublicClient | undefined {
  if (endpoints.length === 0) return undefined;
  const key = `${chainId}:${endpoints.map((e) => `${e.source}:${e.url}`).join(",")}`;
  let client = cache.get(key);
  if (!client) {
    client = createChainClient(chainId, endpoints);
    cache.set(key, client);
  }
  return client;
}

const clients = new Map<string, PublicClient>();

/** The shared client of a chain, or undefined when the chain has no RPC (it is not read). */
export const chainClient = (chainId: number) => cachedChainClient(clients, chainId, rpcEndpointsOf(chainId));

/**
 * Body of one HTTP request carrying a JSON-RPC batch: half of Anvil's 2 MB request limit, under what
 * hosted providers take. A sync's first round trip (every adapter's multicalls and the lenses' code)
 * is larger on a chain of 1,000 markets, and goes out in parts at once.
 */
export const MAX_BATCH_BYTES = 1_000_000;

/** Multicall calldata per eth_call: large enough for a chain's markets, small enough for node limits. */
export const MULTICALL_BATCH_BYTES = 24_000;

/**
 * Calls per eth_call at most. Calldata says little of the gas a call spends, and a node caps an
 * eth_call's gas (geth's default 50M, Anvil's its 30M block gas limit): MetaMorpho's totalAssets walks
 * the vault's markets through Morpho Blue and the IRM, so 24 kB of ERC-4626 reads (1,129 calls over
 * 282 vaults of npm run bench:chain's chain) ran past 30M, and 500 of a sync's calls took 21.4M. At
 * 300 the heaviest eth_call of that sync stays near 13M; a chunk that still runs out of gas is split
 * (multicall.ts).
 */
export const MULTICALL_MAX_CALLS = 300;
