import "server-only";
/**
 * A list ranked by what a deposit would earn (sortBy=apyTotalAfter with depositAmountUsd): the quote
 * is worked out in memory from each row's stored model, so the filtered rows' few columns are read,
 * quoted and sorted, and only the page's rows are read whole. Rows that do not fit (or whose quote is
 * unknown) come last in either direction; every order ends with instrumentId ascending, as the SQL
 * orders do, so pages never overlap or skip.
 */
import { eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import type { InstrumentPage, SortKey } from "@/lib/schemas/instruments";
import type { ListQuote } from "@/lib/schemas/quotes";
import { listQuoteOf } from "./quote-instrument";
import { toInstrument } from "./to-instrument";

export const QUOTED_SORT_FIELD = "apyTotalAfter";

type SortValue = number | null;

/** 0 for rows that fit, 1 for those that do not, 2 for those whose quote is unknown. */
const fitRank = (q: ListQuote) => (q.apyTotalAfter === null || q.fits === null ? 2 : q.fits ? 0 : 1);

function compareBy(
  keys: SortKey[],
  valuesOf: (id: string) => { quote: ListQuote; values: Record<string, SortValue> },
) {
  return (a: string, b: string): number => {
    const x = valuesOf(a);
    const y = valuesOf(b);
    for (const { field, order } of keys) {
      if (field === QUOTED_SORT_FIELD) {
        const rank = fitRank(x.quote) - fitRank(y.quote);
        if (rank !== 0) return rank;
      }
      const u = field === QUOTED_SORT_FIELD ? x.quote.apyTotalAfter : x.values[field]!;
      const v = field === QUOTED_SORT_FIELD ? y.quote.apyTotalAfter : y.values[field]!;
      if (u === v) continue;
      // Nulls last in both directions, as the SQL orders put them.
      if (u === null) return 1;
      if (v === null) return -1;
      return order === "asc" ? u - v : v - u;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

export async function listQuotedInstruments({
  db,
  where,
  keys,
  limit,
  offset,
  amountUsd,
  origin,
}: {
  db: Db;
  where: SQL | undefined;
  keys: SortKey[];
  limit: number;
  offset: number;
  amountUsd: number;
  origin: string;
}): Promise<InstrumentPage> {
  const rows = await db
    .select({
      instrumentId: instruments.instrumentId,
      tokenSymbol: instruments.tokenSymbol,
      tokenDecimals: instruments.tokenDecimals,
      currentApy: instruments.currentApy,
      apyTotal: instruments.apyTotal,
      tvl: instruments.tvl,
      priceUsd: instruments.priceUsd,
      rewards: instruments.rewards,
      quoteModel: instruments.quoteModel,
      asOfBlock: instruments.asOfBlock,
      asOfTime: instruments.asOfTime,
      createdAt: instruments.createdAt,
      apy7d: instruments.apy7d,
      apy30d: instruments.apy30d,
      apyChange7d: instruments.apyChange7d,
    })
    .from(instruments)
    .where(where);
  const byId = new Map(
    rows.map((r) => [
      r.instrumentId,
      {
        quote: listQuoteOf(r, amountUsd),
        values: {
          apy: r.currentApy,
          apyTotal: r.apyTotal,
          tvl: r.tvl,
          createdAt: r.createdAt.getTime(),
          apy7d: r.apy7d,
          apy30d: r.apy30d,
          apyChange7d: r.apyChange7d,
        } as Record<string, SortValue>,
      },
    ]),
  );
  const ids = [...byId.keys()].sort(compareBy(keys, (id) => byId.get(id)!));
  const pageIds = ids.slice(offset, offset + limit);
  const pageRows =
    pageIds.length === 0
      ? []
      : await db
          .select({ instrument: instruments, protocol: protocols })
          .from(instruments)
          .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
          .where(inArray(instruments.instrumentId, pageIds));
  const rowOf = new Map(pageRows.map((r) => [r.instrument.instrumentId, r]));
  return {
    data: pageIds.flatMap((id) => {
      const r = rowOf.get(id);
      return r ? [{ ...toInstrument(r.instrument, r.protocol, origin), quote: byId.get(id)!.quote }] : [];
    }),
    pagination: { total: ids.length, limit, offset, hasMore: offset + pageIds.length < ids.length },
  };
}
