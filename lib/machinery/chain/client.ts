import "server-only";
/**
 * One viem public client per chain, on the RPC lib/machinery/config.ts names (RPC_URL_<chainId>, a running
 * devnet, or the chain's public RPC). Concurrent reads in the same tick go out as one JSON-RPC
 * batch, multicalls go through Multicall3, every request has a timeout and a bounded number of
 * retries with backoff, and the HTTP layer (polite-fetch.ts) honours 429s and batch-size limits.
 * A public RPC is asked less at once: small batches, two requests in flight.
 */
import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import { getChain } from "@/lib/facts/chains";
import { rpcRetries, rpcTimeoutMs } from "@/lib/machinery/config";
import { rpcEndpointOf } from "./rpc-endpoints";
import { MULTICALL3_ADDRESS } from "./abis";
import { createPoliteFetch, type PoliteFetchOptions } from "./polite-fetch";

export interface ChainClientOptions {
  /** Per HTTP request; RPC_TIMEOUT_MS, default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt; RPC_RETRIES, default 2. */
  retries?: number;
  /** "public": the manners of a shared public endpoint. */
  profile?: "private" | "public";
}

/** How the client treats an endpoint: JSON-RPC batch size, concurrency, waits and backoff. */
export const rpcProfiles = {
  private: { batchSize: 100, maxConcurrent: Infinity, rateLimitRetries: 2, retryDelayMs: 200 },
  public: { batchSize: 10, maxConcurrent: 2, rateLimitRetries: 3, retryDelayMs: 500 },
} as const;

export function createChainClient(chainId: number, url: string, options: ChainClientOptions = {}): PublicClient {
  const info = getChain(chainId);
  const chain = defineChain({
    id: chainId,
    name: info?.name ?? `Chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  const profile = rpcProfiles[options.profile ?? "private"];
  const timeout = options.timeoutMs ?? rpcTimeoutMs();
  const manners: PoliteFetchOptions = {
    maxBatch: profile.batchSize,
    maxConcurrent: profile.maxConcurrent,
    // A pause is waited out inside the request's own timeout; a longer one fails the request.
    maxWaitMs: Math.floor(timeout / 2),
    rateLimitRetries: profile.rateLimitRetries,
  };
  return createPublicClient({
    chain,
    transport: http(url, {
      batch: { batchSize: profile.batchSize, wait: 0 },
      timeout,
      retryCount: options.retries ?? rpcRetries(),
      retryDelay: profile.retryDelayMs,
      fetchFn: createPoliteFetch(manners),
    }),
  }) as PublicClient;
}

const clients = new Map<string, PublicClient>();

/** The shared client of a chain, or undefined when the chain has no RPC (it is not read). */
export function chainClient(chainId: number): PublicClient | undefined {
  const endpoint = rpcEndpointOf(chainId);
  if (!endpoint) return undefined;
  const key = `${chainId}:${endpoint.source}:${endpoint.url}`;
  let client = clients.get(key);
  if (!client) {
    client = createChainClient(chainId, endpoint.url, { profile: endpoint.source === "public" ? "public" : "private" });
    clients.set(key, client);
  }
  return client;
}

/** Multicall calldata per eth_call: large enough for a chain's markets, small enough for node limits. */
export const MULTICALL_BATCH_BYTES = 24_000;
