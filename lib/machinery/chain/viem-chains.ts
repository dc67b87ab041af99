import "server-only";
/**
 * viem's definition of each public chain Yieldgrid knows (lib/facts/chains.ts lists them): the one
 * place that maps a chain id to viem's chain, for its public JSON-RPC endpoint. The local chain
 * (`npm run devnet`) has none; a unit test checks every other chain has one.
 */
import { arbitrum, base, baseSepolia, mainnet, optimism, polygon, sepolia, type Chain } from "viem/chains";
import { chains } from "@/lib/facts/chains";

const viemChains: ReadonlyMap<number, Chain> = new Map(
  [mainnet, base, arbitrum, optimism, polygon, sepolia, baseSepolia].map((chain) => [chain.id, chain]),
);

/** viem's chain of `chainId`; undefined for the local chain and for chains Yieldgrid does not know. */
export const viemChainOf = (chainId: number): Chain | undefined =>
  chains.some((c) => c.id === chainId) ? viemChains.get(chainId) : undefined;
