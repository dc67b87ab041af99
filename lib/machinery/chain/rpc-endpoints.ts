import "server-only";
/**
 * The JSON-RPC endpoint each chain is read through: RPC_URL_<chainId> if set; for the local chain a
 * running `npm run devnet` (its manifest); otherwise the chain's public RPC, unless PUBLIC_RPC=false.
 */
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { configuredRpcUrl, publicRpcEnabled } from "@/lib/machinery/config";
import { readDevnetManifest } from "./devnet-manifest";
import { viemChainOf } from "./viem-chains";

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
  // The public JSON-RPC endpoint of viem's chain definition (rpcUrls.default).
  const publicUrl = viemChainOf(chainId)?.rpcUrls.default.http[0];
  return publicUrl && publicRpcEnabled() ? { url: publicUrl, source: "public" } : undefined;
}

/** The URL of rpcEndpointOf(chainId). */
export function rpcUrlOf(chainId: number): string | undefined {
  return rpcEndpointOf(chainId)?.url;
}

