import "server-only";
import path from "node:path";
import { isIPv6 } from "node:net";

// Every environment variable Yieldgrid reads, in one place (the README lists them): the only module
// of the app that touches process.env (eslint.config.mjs enforces it).
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
  /** Client addresses counted exactly per window; beyond, addresses share overflow buckets (lib/machinery/rate-limit). */
  rateLimitMaxAddresses: number;
  requireApiKey: boolean;
  defaultChainId: { live: number; test: number };
  syncIntervalSeconds: number | null;
  /** Sign-in domains, `host[:port]` (SIWE_DOMAIN; unset: the loopback hosts on PORT). */
  siweDomains: string[];
  sessionTtlSeconds: number;
  /** PUBLIC_RPC: each chain's public RPC is read, after its RPC_URL_<chainId> ones if any (default true). */
  publicRpc: boolean;
  /** HISTORY_RPC_URL_<chainId>, per chain id: RPCs tried first for past blocks. */
  historyRpcUrls: Record<number, string[]>;
  /** HISTORY_RPC_CALLS: JSON-RPC calls a backfill run may spend per chain. */
  historyRpcCalls: number;
  /** DISCOVERY_MIN_TVL_USD: the TVL from which a discovered Morpho vault is listed. */
  discoveryMinTvlUsd: number;
  /** MERKL_API_URL: Merkl's API base URL, null when Merkl is not read (see merklApiUrl). */
  merklApiUrl: string | null;
  /** RPC_URL_<chainId>, per chain id: its endpoints in the order given. */
  rpcUrls: Record<number, string[]>;
  /** RESPONSE_CACHE_MB: the most the cache of API answers holds per process, in bytes. */
  responseCacheBytes: number;
}

export const DEFAULT_RESPONSE_CACHE_MB = 64;

export function readConfig(): Config {
  const defaultChain = process.env.DEFAULT_CHAIN_ID ? intFromEnv("DEFAULT_CHAIN_ID", 1, 1) : null;
  return {
    rateLimitLive: intFromEnv("RATE_LIMIT_LIVE", 10_000, 1),
    rateLimitAnon: intFromEnv("RATE_LIMIT_ANON", 1_000, 1),
    rateLimitWindowSeconds: intFromEnv("RATE_LIMIT_WINDOW_SECONDS", 3_600, 1),
    trustedProxyHops: intFromEnv("TRUSTED_PROXY_HOPS", 0, 0),
    rateLimitMaxAddresses: intFromEnv("RATE_LIMIT_MAX_ADDRESSES", 20_000, 1),
    requireApiKey: process.env.REQUIRE_API_KEY === "true",
    defaultChainId: { live: defaultChain ?? 1, test: defaultChain ?? 11155111 },
    syncIntervalSeconds: process.env.SYNC_INTERVAL_SECONDS ? intFromEnv("SYNC_INTERVAL_SECONDS", 0, 10) : null,
    siweDomains: parseSiweDomains(process.env.SIWE_DOMAIN, intFromEnv("PORT", 3000, 1)),
    sessionTtlSeconds: intFromEnv("SESSION_TTL_SECONDS", 7 * 24 * 3600, 60),
    publicRpc: publicRpcEnabled(),
    discoveryMinTvlUsd: discoveryMinTvlUsd(),
    merklApiUrl: merklApiUrl(),
    rpcUrls: configuredRpcUrlsOfEveryChain(),
    historyRpcUrls: configuredRpcUrlsOfEveryChain(HISTORY_RPC_URL_VARIABLE),
    historyRpcCalls: historyRpcCalls(),
    responseCacheBytes: intFromEnv("RESPONSE_CACHE_MB", DEFAULT_RESPONSE_CACHE_MB, 0) * 1024 * 1024,
  };
}

function booleanFromEnv(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "false") return raw === "true";
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export const DEFAULT_DISCOVERY_MIN_TVL_USD = 100_000;

/** DISCOVERY_MIN_TVL_USD: a discovered Morpho vault is listed from this TVL (USD) on. */
export function discoveryMinTvlUsd(): number {
  const raw = process.env.DISCOVERY_MIN_TVL_USD;
  if (raw === undefined || raw === "") return DEFAULT_DISCOVERY_MIN_TVL_USD;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`DISCOVERY_MIN_TVL_USD must be a number >= 0, got "${raw}"`);
  return value;
}

/**
 * RPC_URL_<chainId>: the chain's configured JSON-RPC endpoints, in the order given (empty: none). A
 * malformed list throws the operator's message; the server checks every list when it starts
 * (readConfig), so a sync never meets one.
 */
export function configuredRpcUrls(chainId: number): string[] {
  const name = `RPC_URL_${chainId}`;
  return parseRpcUrls(name, process.env[name]);
}

const RPC_URL_VARIABLE = /^RPC_URL_(\d+)$/;
const HISTORY_RPC_URL_VARIABLE = /^HISTORY_RPC_URL_(\d+)$/;

/**
 * HISTORY_RPC_URL_<chainId>: RPCs tried first for the chain's past blocks (the history backfill),
 * before the chain's own list; comma-separated like RPC_URL_<chainId> (empty: none).
 */
export function historyRpcUrls(chainId: number): string[] {
  const name = `HISTORY_RPC_URL_${chainId}`;
  return parseRpcUrls(name, process.env[name]);
}

/** The JSON-RPC calls one backfill run may spend on a chain's past: HISTORY_RPC_CALLS, default 300 (0: no backfill). */
export const DEFAULT_HISTORY_RPC_CALLS = 300;
export const historyRpcCalls = (): number => intFromEnv("HISTORY_RPC_CALLS", DEFAULT_HISTORY_RPC_CALLS, 0);

function configuredRpcUrlsOfEveryChain(variable = RPC_URL_VARIABLE): Record<number, string[]> {
  const lists: Record<number, string[]> = {};
  for (const name of Object.keys(process.env)) {
    const chainId = variable.exec(name)?.[1];
    if (chainId !== undefined) lists[Number(chainId)] = parseRpcUrls(name, process.env[name]);
  }
  return lists;
}

// Each variable's value is parsed once; the answer is the same array every time.
const parsedRpcUrls = new Map<string, string[]>();

/**
 * A comma-separated list of http(s) URLs: entries trimmed, empty ones dropped. The message for a bad
 * entry names the variable and the entry's position, never the entry itself: a provider's URL often
 * holds its API key.
 */
export function parseRpcUrls(name: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const known = parsedRpcUrls.get(`${name}=${value}`);
  if (known) return known;
  const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  const bad = entries.flatMap((entry, i) => {
    const problem = rpcUrlProblem(entry);
    return problem ? [`entry ${i + 1} ${problem}`] : [];
  });
  if (bad.length > 0)
    throw new Error(
      `${name} must be a comma-separated list of http:// or https:// URLs (for example ` +
        `"https://rpc-a.example/v2/KEY,https://rpc-b.example"), but ${bad.join("; ")}`,
    );
  parsedRpcUrls.set(`${name}=${value}`, entries);
  return entries;
}

function rpcUrlProblem(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `has the scheme "${url.protocol}"`;
  if (url.hostname === "") return "has no host";
  return null;
}

/** PUBLIC_RPC: each chain's public RPC is read, after its RPC_URL_<chainId> ones if any (default true). */
export const publicRpcEnabled = (): boolean => booleanFromEnv("PUBLIC_RPC", true);

/** Merkl's public API (Merkl's guide "Integrate Merkl API": github.com/AngleProtocol/merkl-docs, integrate-merkl/app.md). */
export const MERKL_PUBLIC_API_URL = "https://api.merkl.xyz";

/**
 * MERKL_API_URL: the base URL reward campaigns are read from (`/v4/opportunities` under it), or `off`;
 * unset or empty, Merkl's public API while public access is on (PUBLIC_RPC), none when it is off.
 * Null: Merkl is not read. Throws a message for the operator on a value that is not an http(s) URL.
 */
export function merklApiUrl(): string | null {
  const raw = process.env.MERKL_API_URL?.trim();
  if (raw === undefined || raw === "") return publicRpcEnabled() ? MERKL_PUBLIC_API_URL : null;
  if (raw.toLowerCase() === "off") return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "")
    throw new Error(`MERKL_API_URL must be an http(s) base URL without query (for example "${MERKL_PUBLIC_API_URL}") or "off", got "${raw}"`);
  return raw.replace(/\/+$/, "");
}

/** DATABASE_URL: PostgreSQL instead of the embedded database. */
export const databaseUrl = (): string | undefined => process.env.DATABASE_URL || undefined;

/** DATABASE_POOL_SIZE: PostgreSQL connections per instance. */
export const databasePoolSize = (): number => intFromEnv("DATABASE_POOL_SIZE", 10, 1);

/** DATA_DIR: where the embedded database lives. */
export const embeddedDataDir = (): string => process.env.DATA_DIR ?? path.join(process.cwd(), ".data", "pglite");

/** DEVNET_MANIFEST: where a running `npm run devnet` describes itself. */
export const devnetManifestFile = (): string => process.env.DEVNET_MANIFEST ?? path.join(process.cwd(), ".data", "devnet.json");

/** RPC_TIMEOUT_MS and RPC_RETRIES: one RPC HTTP request's timeout, and retries after a failed one. */
export const rpcTimeoutMs = (): number => lenientIntFromEnv("RPC_TIMEOUT_MS", 10_000);
export const rpcRetries = (): number => lenientIntFromEnv("RPC_RETRIES", 2);

/** SYNC_TIMEOUT_SECONDS: a chain's sync that takes longer publishes nothing and counts as failed (default 120). */
export const syncDeadlineMs = (): number => intFromEnv("SYNC_TIMEOUT_SECONDS", 120, 5) * 1000;

// The RPC settings keep their old leniency: a value that is not a non-negative integer means the default.
function lenientIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** BENCH_BASELINE_DIR: the benchmark's baseline bodies (scripts/bench.mjs), for its route only. */
export const benchBaselineDir = (): string | undefined => process.env.BENCH_BASELINE_DIR;

/**
 * The sites the dashboard signs in from: `host[:port]` entries, from SIWE_DOMAIN only,
 * never from a request's Host or X-Forwarded-Host (a phishing site relays those as it likes). A
 * port-less entry means the scheme's default port, as a browser's `window.location.host` writes it.
 */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`);

function isDomain(entry: string): boolean {
  const match = DOMAIN.exec(entry);
  if (!match) return false;
  const [, , ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/** SIWE_DOMAIN parsed and validated; unset or empty: the loopback hosts on `port`. Throws a message for the operator. */
export function parseSiweDomains(value: string | undefined, port: number): string[] {
  if (value === undefined || value.trim() === "") return LOOPBACK_HOSTS.map((host) => `${host}:${port}`);
  const entries = value.split(",").map((entry) => entry.trim().toLowerCase());
  const bad = entries.filter((entry) => !isDomain(entry));
  if (bad.length > 0)
    throw new Error(
      `SIWE_DOMAIN must be a comma-separated list of host[:port] (for example "app.example.com" or ` +
        `"app.example.com,localhost:3000"; no scheme, path or empty entry), got ${JSON.stringify(value)}: ` +
        bad.map((entry) => (entry === "" ? "an empty entry" : JSON.stringify(entry))).join(", ") +
        " is not host[:port]",
    );
  return [...new Set(entries)];
}
