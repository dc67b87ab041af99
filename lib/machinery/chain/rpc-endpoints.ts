/**
 * The JSON-RPC endpoint each chain is read through: RPC_URL_<chainId> if set; for the local chain a
 * running `npm run devnet` (its manifest); otherwise the chain's public RPC, unless PUBLIC_RPC=false.
 */
import { arbitrum, base, baseSepolia, mainnet, optimism, polygon, sepolia } from "viem/chains";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { configuredRpcUrl, publicRpcEnabled } from "@/lib/machinery/config";
import { readDevnetManifest } from "./devnet-manifest";

/** Public JSON-RPC endpoints from viem's chain definitions (rpcUrls.default), used where no RPC_URL is set. */
const publicRpcUrls: Record<number, string | undefined> = Object.fromEntries(
  [mainnet, base, arbitrum, optimism, polygon, sepolia, baseSepolia].map((c) => [c.id, c.rpcUrls.default.http[0]]),
);

export type RpcSource = "configured" | "devnet" | "public";

export interface RpcEndpoint {
  url: string;
  /** RPC_URL_<chainId>, a running `npm run devnet` (chain 31337), or the chain's public RPC. */
  source: RpcSource;
}

/**
 * The RPC a chain is read through: RPC_URL_<chainId> if set; for the local chain 31337 a running
 * `npm run devnet`; otherwise the chain's public RPC, unless PUBLIC_RPC=false.
 */
export function rpcEndpointOf(chainId: number): RpcEndpoint | undefined {
  const configured = configuredRpcUrl(chainId);
  if (configured) return { url: configured, source: "configured" };
  if (chainId === LOCAL_CHAIN_ID) {
    const devnet = readDevnetManifest()?.rpcUrl;
    return devnet ? { url: devnet, source: "devnet" } : undefined;
  }
  const publicUrl = publicRpcUrls[chainId];
  return publicUrl && publicRpcEnabled() ? { url: publicUrl, source: "public" } : undefined;
}

/** The URL of rpcEndpointOf(chainId). */
export function rpcUrlOf(chainId: number): string | undefined {
  return rpcEndpointOf(chainId)?.url;
}

