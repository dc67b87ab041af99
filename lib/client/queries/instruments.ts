import { queryOptions } from "@tanstack/react-query";
import type { Environment } from "@/lib/facts/chains";
import { environmentRequestHeaders } from "@/lib/facts/environment-header";
import type { Instrument, InstrumentPage, ListInstrumentsQuery } from "@/lib/schemas/instruments";

/** A parsed instruments query, as listInstrumentsQuerySchema produces it (chainId as numbers, booleans as booleans). */
export type InstrumentQuery = ListInstrumentsQuery;

// The order parameters are written in, so equal queries give equal URLs (and cache entries on the server).
const paramOrder = [
  "chainId",
  "protocol",
  "assetCategory",
  "isStablecoin",
  "isActive",
  "minApy",
  "minApy30d",
  "minTvl",
  "search",
  "sort",
  "sortBy",
  "sortOrder",
  "limit",
  "offset",
  "page",
] as const satisfies readonly (keyof InstrumentQuery)[];

/** The query back in the API's own parameter names: the inverse of listInstrumentsQuerySchema. */
export function toSearchParams(query: InstrumentQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of paramOrder) {
    const value = query[key];
    if (value === undefined) continue;
    if (key === "chainId" && Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else if (key === "sort" && Array.isArray(value)) {
      params.set(key, query.sort!.map((s) => `${s.field}:${s.order}`).join(","));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

/**
 * GET an instruments page, parsed with instrumentPageSchema. apiFetch and the schema are imported on
 * first use: they bring zod (~30 kB gzip), which the explorer's first load does not need, since its
 * first page is rendered on the server. The test environment is read with the dashboard session
 * (the httpOnly cookie goes along by itself on a same-origin request); without one the API answers 401.
 */
async function fetchInstrumentPage(
  query: InstrumentQuery,
  environment: Environment,
  signal?: AbortSignal,
): Promise<InstrumentPage> {
  const [{ apiFetch }, { instrumentPageSchema }] = await Promise.all([
    import("@/lib/client/api-fetch"),
    import("@/lib/schemas/instruments"),
  ]);
  return apiFetch(`/api/v1/instruments?${toSearchParams(query)}`, instrumentPageSchema, {
    signal,
    headers: environmentRequestHeaders(environment),
  });
}

export const instrumentKeys = {
  all: ["instruments"] as const,
  lists: () => [...instrumentKeys.all, "list"] as const,
  list: (query: InstrumentQuery, environment: Environment = "live") =>
    [...instrumentKeys.lists(), environment, query] as const,
};

export const instrumentsQueryOptions = (query: InstrumentQuery, environment: Environment = "live") =>
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
  { signal, environment = "live" }: { signal?: AbortSignal; environment?: Environment } = {},
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
