// The explorer's whole state, written to the URL in the API's own parameter names.
// No runtime import of zod here (types only): the client bundles this file, and zod with the
// schemas would add ~30 kB gzip to the explorer's first load (target: under 160 kB, npm run bench:web).
// Reading a URL back, with the API's schema, is parse-explorer-query.ts.
import { chainsOf, type ChainInfo, type Environment } from "@/lib/facts/chains";
import type { ListInstrumentsQuery } from "@/lib/schemas/instruments";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_SORT_BY = "tvl";
export const DEFAULT_SORT_ORDER = "desc";

/**
 * The chains of each environment the explorer can show. Live is what anonymous calls see; test is
 * read with the dashboard session (`env=test` in the URL, README "Keys, environments and limits").
 */
export const explorerChains: Record<Environment, readonly ChainInfo[]> = {
  live: chainsOf("live"),
  test: chainsOf("test"),
};

/** "Sepolia, Base Sepolia and Local". */
export const chainList = (environment: Environment) =>
  explorerChains[environment]
    .map((c) => c.name)
    .join(", ")
    .replace(/, ([^,]*)$/, " and $1");

export type ExplorerFilters = Pick<
  ListInstrumentsQuery,
  | "chainId"
  | "protocol"
  | "assetCategory"
  | "isStablecoin"
  | "isActive"
  | "minApy"
  | "minApy30d"
  | "minTvl"
  | "search"
>;

export type ExplorerQuery = ExplorerFilters &
  Pick<ListInstrumentsQuery, "depositAmountUsd"> &
  Required<Pick<ListInstrumentsQuery, "sortBy" | "sortOrder" | "limit" | "page">> & {
    /** Which chains are listed; not an API parameter (the browser sends it as a header). */
    environment: Environment;
  };

/** Moves the explorer to another query (use-explorer-query.ts): pushed to the history, or replacing the entry. */
export type Navigate = (
  update: ExplorerQuery | ((current: ExplorerQuery) => ExplorerQuery),
  options?: { replace?: boolean },
) => void;

/** What the API is asked for: the query without the environment, which travels as a header. */
export function apiQueryOf(q: ExplorerQuery): ListInstrumentsQuery {
  const api: ListInstrumentsQuery & { environment?: Environment } = { ...q };
  delete api.environment;
  return api;
}

export const filterKeys = [
  "chainId",
  "protocol",
  "assetCategory",
  "isStablecoin",
  "isActive",
  "minApy",
  "minApy30d",
  "minTvl",
  "search",
] as const satisfies readonly (keyof ExplorerFilters)[];
// The deposit amount is not a filter: it narrows nothing, it changes what the APY column shows (and
// presets and "Clear filters" leave it alone).
export const urlKeys = [...filterKeys, "depositAmountUsd", "sortBy", "sortOrder", "limit", "page"] as const;
/** The URL parameter of the environment: `env=test`; absent means live. */
export const ENVIRONMENT_PARAM = "env";

export const defaultExplorerQuery: ExplorerQuery = {
  environment: "live",
  sortBy: DEFAULT_SORT_BY,
  sortOrder: DEFAULT_SORT_ORDER,
  limit: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** The URL search string for a query; defaults are left out so shared links stay short. */
export function toExplorerSearch(q: ExplorerQuery): string {
  const params = new URLSearchParams();
  if (q.environment === "test") params.set(ENVIRONMENT_PARAM, "test");
  if (q.chainId?.length) params.set("chainId", q.chainId.join(","));
  if (q.protocol) params.set("protocol", q.protocol);
  if (q.assetCategory) params.set("assetCategory", q.assetCategory);
  if (q.isStablecoin !== undefined) params.set("isStablecoin", String(q.isStablecoin));
  if (q.isActive !== undefined) params.set("isActive", String(q.isActive));
  if (q.minApy !== undefined) params.set("minApy", String(q.minApy));
  if (q.minApy30d !== undefined) params.set("minApy30d", String(q.minApy30d));
  if (q.minTvl !== undefined) params.set("minTvl", String(q.minTvl));
  if (q.search) params.set("search", q.search);
  if (q.depositAmountUsd !== undefined) params.set("depositAmountUsd", String(q.depositAmountUsd));
  if (q.sortBy !== DEFAULT_SORT_BY || q.sortOrder !== DEFAULT_SORT_ORDER) {
    params.set("sortBy", q.sortBy);
    params.set("sortOrder", q.sortOrder);
  }
  if (q.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(q.limit));
  if (q.page !== 1) params.set("page", String(q.page));
  // Commas stay literal (chainId=1,8453): they are legal in a query and easier to read and share.
  const search = [...params].map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ",")}`).join("&");
  return search ? `?${search}` : "";
}

/** The largest deposit the API quotes (MAX_QUOTE_USD of lib/schemas/quotes.ts, which brings zod along). */
export const MAX_DEPOSIT_USD = 1e12;

/** US dollars as typed ("2,000,000", "$2000000"): the amount, undefined for an empty field, null for text that is none. */
export function parseDepositUsd(text: string): number | undefined | null {
  const clean = text.replace(/[\s,_]/g, "").replace(/^\$/, "");
  if (clean === "") return undefined;
  const amount = /^(\d+\.?\d*|\.\d+)$/.test(clean) ? Number(clean) : NaN;
  return amount > 0 && amount <= MAX_DEPOSIT_USD ? amount : null;
}

/**
 * The sort that goes with the deposit amount: with one, the APY column is the total APY after it
 * (sortBy=apyTotalAfter, the API's), so sorting by APY means that; without one, apyTotalAfter (which
 * the API refuses then) falls back to the total APY.
 */
export function withDepositSort(q: ExplorerQuery): ExplorerQuery {
  if (q.depositAmountUsd === undefined && q.sortBy === "apyTotalAfter") return { ...q, sortBy: "apyTotal" };
  if (q.depositAmountUsd !== undefined && q.sortBy === "apyTotal") return { ...q, sortBy: "apyTotalAfter" };
  return q;
}

/**
 * The view for a deposit of `amount` US dollars (undefined: none), back on page 1. A first amount
 * ranks by the APY after it, best first: the question it answers is where the money should go.
 */
export function withDeposit(q: ExplorerQuery, amount: number | undefined): ExplorerQuery {
  const next: ExplorerQuery = { ...q, page: 1, depositAmountUsd: amount };
  if (amount === undefined) delete next.depositAmountUsd;
  if (amount !== undefined && q.depositAmountUsd === undefined) {
    next.sortBy = "apyTotalAfter";
    next.sortOrder = "desc";
  }
  return withDepositSort(next);
}

/** Filters that narrow the list (sorting and paging do not). */
export const activeFilterKeys = (q: ExplorerQuery) => filterKeys.filter((key) => q[key] !== undefined);

/** The query with these filters removed, back on page 1. */
export function withoutFilters(q: ExplorerQuery, keys: readonly (keyof ExplorerFilters)[]): ExplorerQuery {
  const next: ExplorerQuery = { ...q, page: 1 };
  for (const key of keys) delete next[key];
  return next;
}

/** The same filters and order in the other environment; its chains are not this one's, so the chain filter goes. */
export const withEnvironment = (q: ExplorerQuery, environment: Environment): ExplorerQuery => ({
  ...withoutFilters(q, ["chainId"]),
  environment,
});

type Preset = { label: string; filters: ExplorerFilters };
const categoryPresets: readonly Preset[] = [
  { label: "ETH", filters: { assetCategory: "ETH" } },
  { label: "BTC", filters: { assetCategory: "BTC" } },
  { label: "EUR", filters: { assetCategory: "EUR" } },
];

/**
 * One-click views of each environment; each replaces the current filters (sorting and page size stay).
 * Test-network TVL is play money, so the test USD view has no TVL floor; the local chain (npm run
 * devnet) is the one test network whose numbers move while you watch.
 */
export const presets: Record<Environment, readonly Preset[]> = {
  live: [
    { label: "USD stablecoins over $1M TVL", filters: { assetCategory: "USD", minTvl: 1_000_000 } },
    ...categoryPresets,
  ],
  test: [
    { label: "Local devnet", filters: { chainId: [31337] } },
    { label: "USD stablecoins", filters: { assetCategory: "USD" } },
    ...categoryPresets,
  ],
};

export function applyPreset(q: ExplorerQuery, filters: ExplorerFilters): ExplorerQuery {
  return { ...withoutFilters(q, filterKeys), ...filters };
}

export const isPresetActive = (q: ExplorerQuery, filters: ExplorerFilters) =>
  filterKeys.every((key) => JSON.stringify(q[key]) === JSON.stringify(filters[key]));
