// Reads the explorer query from a URL with the API's own schema. Imported by the server page
// directly, and by the browser only on demand (Back/Forward), to keep zod out of the first load.
import { listInstrumentsQuerySchema, type ListInstrumentsQuery } from "@/lib/schemas/instruments";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_BY,
  DEFAULT_SORT_ORDER,
  ENVIRONMENT_PARAM,
  explorerChains,
  PAGE_SIZES,
  urlKeys,
  withDepositSort,
  type ExplorerQuery,
} from "./explorer-query";

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

const read = (params: RawParams, key: string): string | undefined => {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};

const shape = listInstrumentsQuerySchema.shape;
const chainIdsOf = {
  live: new Set(explorerChains.live.map((c) => c.id)),
  test: new Set(explorerChains.test.map((c) => c.id)),
};

/**
 * The explorer query a URL describes. Each parameter is checked with the API's own schema on its
 * own, so one bad value (a hand-edited link, an old bookmark) is dropped instead of breaking the page;
 * unknown parameters are ignored.
 */
export function parseExplorerQuery(params: RawParams): ExplorerQuery {
  const raw: Record<string, string> = {};
  for (const key of urlKeys) {
    const value = read(params, key);
    if (value !== undefined && shape[key].safeParse(value).success) raw[key] = value;
  }
  const parsed = listInstrumentsQuerySchema.safeParse(raw);
  const q: ListInstrumentsQuery = parsed.success ? parsed.data : {};
  // env=test shows the test networks (read with the dashboard session); anything else is live.
  const environment = read(params, ENVIRONMENT_PARAM) === "test" ? "test" : "live";
  const chainId = q.chainId?.filter((id) => chainIdsOf[environment].has(id));
  const limit = PAGE_SIZES.find((size) => size === q.limit);
  return withDepositSort({
    environment,
    ...(chainId?.length && { chainId: [...chainId].sort((a, b) => a - b) }),
    ...(q.protocol && { protocol: q.protocol }),
    ...(q.assetCategory && { assetCategory: q.assetCategory }),
    ...(q.isStablecoin !== undefined && { isStablecoin: q.isStablecoin }),
    ...(q.isActive !== undefined && { isActive: q.isActive }),
    ...(q.minApy !== undefined && { minApy: q.minApy }),
    ...(q.minApy30d !== undefined && { minApy30d: q.minApy30d }),
    ...(q.minTvl !== undefined && { minTvl: q.minTvl }),
    ...(q.search && { search: q.search }),
    ...(q.depositAmountUsd !== undefined && { depositAmountUsd: q.depositAmountUsd }),
    sortBy: q.sortBy ?? DEFAULT_SORT_BY,
    sortOrder: q.sortOrder ?? DEFAULT_SORT_ORDER,
    limit: limit ?? DEFAULT_PAGE_SIZE,
    page: q.page ?? 1,
  });
}
