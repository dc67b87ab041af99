/**
 * One viem public client per chain, from RPC_URL_<chainId> (lib/config.ts). Concurrent reads in
 * the same tick go out as one JSON-RPC batch, multicalls go through Multicall3, every request has
 * a timeout and a bounded number of retries.
 */
import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import { getChain } from "@/lib/chains";
import { rpcUrlOf } from "@/lib/config";
import { MULTICALL3_ADDRESS } from "./abis";


export interface ChainClientOptions {
  /** Per HTTP request; RPC_TIMEOUT_MS, default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt; RPC_RETRIES, default 2. */
  retries?: number;
}

function intEnv(name: string, fallback: number) {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isInteger(value) && value >= 0 ? value : fallback;
}

export function createChainClient(chainId: number, url: string, options: ChainClientOptions = {}): PublicClient {
  const info = getChain(chainId);
  const chain = defineChain({
    id: chainId,
    name: info?.name ?? `Chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  return createPublicClient({
    chain,
    transport: http(url, {
      batch: { batchSize: 100, wait: 0 },
      timeout: options.timeoutMs ?? intEnv("RPC_TIMEOUT_MS", 10_000),
      retryCount: options.retries ?? intEnv("RPC_RETRIES", 2),
      retryDelay: 200,
    }),
  }) as PublicClient;
}

const clients = new Map<string, PublicClient>();

/** The shared client of a chain, or undefined when the chain has no RPC URL (it is not read). */
export function chainClient(chainId: number): PublicClient | undefined {
  const url = rpcUrlOf(chainId);
  if (!url) return undefined;
  const key = `${chainId}:${url}`;
  let client = clients.get(key);
  if (!client) {
    client = createChainClient(chainId, url);
    clients.set(key, client);
  }
  return client;
}

/** Multicall calldata per eth_call: large enough for a chain's markets, small enough for node limits. */
export const MULTICALL_BATCH_BYTES = 24_000;
