import { queryOptions } from "@tanstack/react-query";
import { DEFAULT_ENVIRONMENT, type Environment } from "@/lib/facts/chains";
import type { components, operations } from "@/lib/client/api-types";
import type { ListInstrumentsQuery } from "@/lib/schemas/instruments";

type Instrument = components["schemas"]["Instrument"];
type InstrumentPage = components["schemas"]["InstrumentPage"];

/** A parsed instruments query, as listInstrumentsQuerySchema produces it (chainId as numbers, booleans as booleans). */
export type InstrumentQuery = ListInstrumentsQuery;

type ListInstrumentsParams = NonNullable<operations["listInstruments"]["parameters"]["query"]>;

const booleanParam = (value: boolean | undefined): "true" | "false" | undefined =>
  value === undefined ? undefined : value ? "true" : "false";

/**
 * The query back in the API's own parameters: the inverse of listInstrumentsQuerySchema. Parameters
 * are written in this order, so equal queries give equal URLs (and cache entries on the server).
 */
export function toListInstrumentsParams(query: InstrumentQuery): ListInstrumentsParams {
  const params = {
    chainId: query.chainId?.length ? query.chainId.join(",") : undefined,
    protocol: query.protocol,
    assetCategory: query.assetCategory,
    isStablecoin: booleanParam(query.isStablecoin),
    isActive: booleanParam(query.isActive),
    minApy: query.minApy,
    minApy30d: query.minApy30d,
    minApyTotal: query.minApyTotal,
    minTvl: query.minTvl,
    search: query.search,
    sort: query.sort?.map((s) => `${s.field}:${s.order}`).join(","),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    depositAmountUsd: query.depositAmountUsd,
    limit: query.limit,
    offset: query.offset,
    page: query.page,
  } satisfies Record<keyof InstrumentQuery, unknown>;
  return params;
}

/**
 * GET an instruments page. The request code is imported on first use, not with the explorer, whose
 * first page is rendered on the server. The test environment is read with the dashboard session (the
 * httpOnly cookie goes along by itself on a same-origin request); without one the API answers 401.
 */
async function fetchInstrumentPage(
  query: InstrumentQuery,
  environment: Environment,
  signal?: AbortSignal,
): Promise<InstrumentPage> {
  const { apiRequest } = await import("@/lib/client/api-request");
  return apiRequest(
    (api) => api.GET("/instruments", { params: { query: toListInstrumentsParams(query) }, signal }),
    {
      environment,
    },
  );
}

export const instrumentKeys = {
  all: ["instruments"] as const,
  lists: () => [...instrumentKeys.all, "list"] as const,
  list: (query: InstrumentQuery, environment: Environment = DEFAULT_ENVIRONMENT) =>
    [...instrumentKeys.lists(), environment, query] as const,
};

export const instrumentsQueryOptions = (
  query: InstrumentQuery,
  environment: Environment = DEFAULT_ENVIRONMENT,
) =>
  queryOptions({
    queryKey: instrumentKeys.list(query, environment),
    queryFn: ({ signal }) => fetchInstrumentPage(query, environment, signal),
  });

/** The largest page the API serves. */
export const MAX_PAGE_SIZE = 100;

/**
 * Every instrument matching the query's filters and order, fetched page by page (limit=100)
 * until the API says there is no more: the CSV export wants the whole view, not one page.
 */
export async function fetchAllInstruments(
  query: InstrumentQuery,
  { signal, environment = DEFAULT_ENVIRONMENT }: { signal?: AbortSignal; environment?: Environment } = {},
): Promise<Instrument[]> {
  const filtersAndSort: InstrumentQuery = { ...query, limit: undefined, offset: undefined, page: undefined };
  const all: Instrument[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchInstrumentPage(
      { ...filtersAndSort, limit: MAX_PAGE_SIZE, page },
      environment,
      signal,
    );
    all.push(...result.data);
    // An empty page also ends the loop, so a shrinking result set cannot make it spin.
    if (!result.pagination.hasMore || result.data.length === 0) return all;
  }
}
