import { readDevnetManifest } from "@/lib/devnet/manifest";
import { DEVNET_CHAIN_ID } from "@/lib/devnet/plan";

// Every environment variable Yieldgrid reads, in one place (the README lists them).
function intFromEnv(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

export interface Config {
  rateLimitLive: number;
  rateLimitAnon: number;
  rateLimitWindowSeconds: number;
  trustedProxyHops: number;
  requireApiKey: boolean;
  defaultChainId: { live: number; test: number };
  syncIntervalSeconds: number | null;
  siweDomain: string | null;
  sessionTtlSeconds: number;
}

export function readConfig(): Config {
  const defaultChain = process.env.DEFAULT_CHAIN_ID ? intFromEnv("DEFAULT_CHAIN_ID", 1, 1) : null;
  return {
    rateLimitLive: intFromEnv("RATE_LIMIT_LIVE", 10_000, 1),
    rateLimitAnon: intFromEnv("RATE_LIMIT_ANON", 1_000, 1),
    rateLimitWindowSeconds: intFromEnv("RATE_LIMIT_WINDOW_SECONDS", 3_600, 1),
    trustedProxyHops: intFromEnv("TRUSTED_PROXY_HOPS", 1, 1),
    requireApiKey: process.env.REQUIRE_API_KEY === "true",
    defaultChainId: { live: defaultChain ?? 1, test: defaultChain ?? 11155111 },
    syncIntervalSeconds: process.env.SYNC_INTERVAL_SECONDS ? intFromEnv("SYNC_INTERVAL_SECONDS", 0, 10) : null,
    siweDomain: process.env.SIWE_DOMAIN || null,
    sessionTtlSeconds: intFromEnv("SESSION_TTL_SECONDS", 7 * 24 * 3600, 60),
  };
}

/**
 * RPC endpoint of a chain from RPC_URL_<chainId>, if configured; for the local chain 31337 also the
 * running `npm run devnet`'s endpoint.
 */
export function rpcUrlOf(chainId: number): string | undefined {
  const configured = process.env[`RPC_URL_${chainId}`];
  if (configured) return configured;
  if (chainId === DEVNET_CHAIN_ID) return readDevnetManifest()?.rpcUrl;
  return undefined;
}
