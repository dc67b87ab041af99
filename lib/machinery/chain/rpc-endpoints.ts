import "server-only";
/**
 * The JSON-RPC endpoints each chain is read through, in the order they are first tried: the URLs of
 * RPC_URL_<chainId> as listed, then the chain's public RPC unless PUBLIC_RPC=false. The local chain
 * has no public RPC: without RPC_URL_31337 it is read through a running `npm run devnet` (its manifest).
 */
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { configuredRpcUrls, publicRpcEnabled } from "@/lib/machinery/config";
import { readDevnetManifest } from "./devnet-manifest";
import { viemChainOf } from "./viem-chains";

export type RpcSource = "configured" | "devnet" | "public";

export interface RpcEndpoint {
  url: string;
  /** RPC_URL_<chainId>, a running `npm run devnet` (chain 31337), or the chain's public RPC. */
  source: RpcSource;
}

/** Every RPC of the chain, configured ones first; empty when the chain has none (it is not read). */
export function rpcEndpointsOf(chainId: number): RpcEndpoint[] {
  const endpoints: RpcEndpoint[] = [...new Set(configuredRpcUrls(chainId))].map((url) => ({ url, source: "configured" }));
  if (chainId === LOCAL_CHAIN_ID) {
    const devnet = endpoints.length === 0 ? readDevnetManifest()?.rpcUrl : undefined;
    return devnet ? [{ url: devnet, source: "devnet" }] : endpoints;
  }
  // The public JSON-RPC endpoint of viem's chain definition (rpcUrls.default): the last resort.
  const publicUrl = viemChainOf(chainId)?.rpcUrls.default.http[0];
  if (publicUrl && publicRpcEnabled() && !endpoints.some((e) => e.url === publicUrl)) endpoints.push({ url: publicUrl, source: "public" });
  return endpoints;
}

/** The chain's first RPC: its source decides how often the chain is synced and how much discovery may ask. */
export function rpcEndpointOf(chainId: number): RpcEndpoint | undefined {
  return rpcEndpointsOf(chainId)[0];
}

/**
 * What may be shown of an RPC's URL: its scheme and host (with port). A provider's path, query or
 * user part often holds its API key, so they never leave the server.
 */
export function rpcNameOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(not a URL)";
  }
}
