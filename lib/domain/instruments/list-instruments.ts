import "server-only";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { getChain, type Environment } from "@/lib/facts/chains";
import type { QuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { assertChainVisible } from "@/lib/domain/environments";
import { delistedVaultIds } from "@/lib/machinery/sync/vault-discovery-listing";
import { InvalidInput, NotFound } from "@/lib/domain/errors";
import type { InstrumentPage, ListInstrumentsQuery, SortKey } from "@/lib/schemas/instruments";
import { listQuoteOf } from "./quote-instrument";
import { listQuotedInstruments, QUOTED_SORT_FIELD } from "./list-instruments-quoted";
import { toInstrument } from "./to-instrument";
import { ensureYieldWindow } from "./yield-windows";

export const DEFAULT_LIMIT = 10;
const DEFAULT_SORT: SortKey[] = [{ field: "tvl", order: "desc" }];

export type InstrumentFilters = Omit<
  ListInstrumentsQuery,
  "sort" | "sortBy" | "sortOrder" | "limit" | "offset" | "page" | "depositAmountUsd"
>;

const sortColumns = {
  apy: instruments.currentApy,
  apyTotal: instruments.apyTotal,
  tvl: instruments.tvl,
  createdAt: instruments.createdAt,
  apy7d: instruments.apy7d,
  apy30d: instruments.apy30d,
  apyChange7d: instruments.apyChange7d,
} as const;
// Fields that may be null (no snapshot in the window): those instruments come last in both directions,
// as the yield indexes are ordered (lib/machinery/db/schema.ts).
const nullableSortFields: ReadonlySet<SortKey["field"]> = new Set(["apy7d", "apy30d", "apyChange7d"]);

/** A list row's columns: everything but the quote model, which only a quoted list reads. */
const listColumns = Object.fromEntries(
  Object.entries(getTableColumns(instruments)).filter(([name]) => name !== "quoteModel"),
) as Omit<ReturnType<typeof getTableColumns<typeof instruments>>, "quoteModel">;

/** The SQL order of a key; apyTotalAfter has none (listQuotedInstruments sorts by it in memory). */
function orderOf({ field, order }: SortKey): SQL {
  if (field === QUOTED_SORT_FIELD) throw new Error("apyTotalAfter is sorted in memory, not in SQL");
  const column = sortColumns[field];
  if (nullableSortFields.has(field))
    return order === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return order === "asc" ? asc(column) : desc(column);
}

/** The sort keys a query asks for: sort=…, else sortBy/sortOrder (order default desc), else tvl desc. */
export function sortKeysOf(query: Pick<ListInstrumentsQuery, "sort" | "sortBy" | "sortOrder">): SortKey[] {
  if (query.sort) return query.sort;
  if (query.sortBy) return [{ field: query.sortBy, order: query.sortOrder ?? "desc" }];
  if (query.sortOrder) return [{ field: "tvl", order: query.sortOrder }];
  return DEFAULT_SORT;
}

export function pageOf(query: Pick<ListInstrumentsQuery, "limit" | "offset" | "page">) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.page !== undefined ? (query.page - 1) * limit : (query.offset ?? 0);
  return { limit, offset };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => "\\" + c);

export function instrumentFilter(environment: Environment, filters: InstrumentFilters): SQL | undefined {
  for (const chainId of filters.chainId ?? []) {
    if (!assertChainVisible(chainId, environment))
      throw new InvalidInput(`chainId ${chainId} is not a supported chain`, [
        { path: "chainId", message: "not a supported chain" },
      ]);
  }
  const search = filters.search ? `%${escapeLike(filters.search)}%` : undefined;
  return and(
    eq(instruments.environment, environment),
    filters.chainId?.length ? inArray(instruments.chainId, filters.chainId) : undefined,
    filters.protocol ? eq(instruments.protocol, filters.protocol) : undefined,
    // Without an isActive filter, Morpho vaults that discovery delisted (a day below the floor) are left out.
    filters.isActive !== undefined
      ? eq(instruments.isActive, filters.isActive)
      : sql`${instruments.instrumentId} not in ${delistedVaultIds}`,
    filters.isStablecoin !== undefined ? eq(instruments.isStablecoin, filters.isStablecoin) : undefined,
    filters.assetCategory ? eq(instruments.assetCategory, filters.assetCategory) : undefined,
    filters.minApy !== undefined ? gte(instruments.currentApy, filters.minApy) : undefined,
    filters.minApyTotal !== undefined ? gte(instruments.apyTotal, filters.minApyTotal) : undefined,
    filters.minTvl !== undefined ? gte(instruments.tvl, filters.minTvl) : undefined,
    filters.minApy30d !== undefined ? gte(instruments.apy30d, filters.minApy30d) : undefined,
    search
      ? or(ilike(instruments.tokenSymbol, search), ilike(instruments.yieldTokenSymbol, search))
      : undefined,
  );
}

/**
 * One page of instruments, their yield figures exact for `now`; every ordering ends with
 * instrumentId ascending, so pages never overlap or skip.
 */
export async function listInstruments({
  db,
  environment,
  query,
  origin,
  now,
}: {
  db: Db;
  environment: Environment;
  query: ListInstrumentsQuery;
  origin: string;
  now: Date;
}): Promise<InstrumentPage> {
  await ensureYieldWindow(db, now);
  const where = instrumentFilter(environment, query);
  const { limit, offset } = pageOf(query);
  const keys = sortKeysOf(query);
  const quotedSort = keys.some((k) => k.field === QUOTED_SORT_FIELD);
  if (quotedSort && query.depositAmountUsd === undefined) {
    const path = query.sort !== undefined ? "sort" : "sortBy";
    throw new InvalidInput("apyTotalAfter sorts a list with depositAmountUsd only", [
      { path, message: "apyTotalAfter needs depositAmountUsd" },
    ]);
  }
  if (quotedSort && query.depositAmountUsd !== undefined)
    return listQuotedInstruments({
      db,
      where,
      keys,
      limit,
      offset,
      amountUsd: query.depositAmountUsd,
      origin,
    });
  const ordering = [...keys.map(orderOf), asc(instruments.instrumentId)];
  const quoted = query.depositAmountUsd;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ instrument: quoted === undefined ? listColumns : instruments, protocol: protocols })
      .from(instruments)
      .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
      .where(where)
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(instruments).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      ...toInstrument(r.instrument, r.protocol, origin),
      ...(quoted !== undefined && {
        quote: listQuoteOf(
          {
            ...r.instrument,
            quoteModel: (r.instrument as { quoteModel?: QuoteModel | null }).quoteModel ?? null,
          },
          quoted,
        ),
      }),
    })),
    pagination: { total, limit, offset, hasMore: offset + rows.length < total },
  };
}

/** The instrument list of one chain: a chain Yieldgrid does not know is a 404, another environment's a 403. */
export async function listInstrumentsOfChain(
  input: Parameters<typeof listInstruments>[0] & { chainId: number },
): Promise<InstrumentPage> {
  const { chainId, query } = input;
  if (!getChain(chainId)) throw new NotFound(`Chain ${chainId} is not supported`);
  assertChainVisible(chainId, input.environment);
  return listInstruments({ ...input, query: { ...query, chainId: [chainId] } });
}
