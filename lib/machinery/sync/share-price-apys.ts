import "server-only";
/**
 * The APY of an ERC-4626 reading without a rate of its own: its share-price growth since a stored
 * sample about a day older, or, for a vault with no such sample yet, since one read from the chain's
 * past.
 */
import { sql } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import { SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import { sharePriceApyPercent } from "@/lib/machinery/chain/rates";
import { readPastSharePrices, type PastSharePrice } from "@/lib/machinery/chain/share-price-history";
import type { Db } from "@/lib/machinery/db/client";
import { rowsOf } from "@/lib/machinery/db/execute-results";
import { sharePriceSamples } from "@/lib/machinery/db/schema";
import type { GoodReadings } from "./check-readings";

/** The share-price APY looks back about a day, and needs samples at least this far apart. */
export const SHARE_PRICE_TARGET_WINDOW_S = 24 * 3600;
export const SHARE_PRICE_MIN_WINDOW_S = 60;
/** As far back as the sync looks for a share-price sample; older ones are deleted. */
export const SHARE_PRICE_RETENTION_MS = 8 * 24 * 3_600_000;

/**
 * The share-price APYs of the readings that need one, by instrument id, and the past samples read
 * from the chain for them (to be stored with this sync's own).
 */
export async function sharePriceApys({
  db,
  client,
  good,
  markets,
  syncedAt,
}: {
  db: Db;
  client: PublicClient;
  good: GoodReadings;
  markets: readonly { instrumentId: string; adapterAddress: Hex }[];
  syncedAt: Date;
}): Promise<{ apys: Map<string, number>; pastSamples: PastSharePrice[] }> {
  const apys = await apysFromStoredSamples(db, good, syncedAt);
  const pastSamples = await backfillSharePrices(client, good, apys, markets);
  return { apys, pastSamples };
}

/**
 * APY of each ERC-4626 reading from its share-price growth since the stored sample closest to a
 * day before it (at least SHARE_PRICE_MIN_WINDOW_S older). Without such a sample there is no APY
 * yet and the instrument keeps its previous one.
 */
async function apysFromStoredSamples(db: Db, good: GoodReadings, syncedAt: Date): Promise<Map<string, number>> {
  // Only readings without an APY of their own (a MetaMorpho vault has one) need the samples.
  const sampled = good.filter(([, r]) => r.apy === null && r.sharePrice);
  const apys = new Map<string, number>();
  if (sampled.length === 0) return apys;
  const latestAt = Math.max(...sampled.map(([, r]) => r.sharePrice!.at));
  const references = await db.execute(sql`
    select distinct on (instrument_id) instrument_id, sampled_at, share_price::text as share_price
    from ${sharePriceSamples}
    where instrument_id in (${sql.join(
      sampled.map(([id]) => sql`${id}`),
      sql`, `,
    )})
      and sampled_at <= ${new Date((latestAt - SHARE_PRICE_MIN_WINDOW_S) * 1000)}
      and sampled_at >= ${new Date(syncedAt.getTime() - SHARE_PRICE_RETENTION_MS)}
    order by instrument_id, abs(extract(epoch from sampled_at) - ${latestAt - SHARE_PRICE_TARGET_WINDOW_S})`);
  const reference = new Map(
    rowsOf<{ instrument_id: string; sampled_at: string | Date; share_price: string }>(references).map((r) => [r.instrument_id, r]),
  );
  for (const [id, reading] of sampled) {
    const ref = reference.get(id);
    if (!ref) continue;
    const t0 = new Date(ref.sampled_at).getTime() / 1000;
    const { value, at } = reading.sharePrice!;
    if (at - t0 < SHARE_PRICE_MIN_WINDOW_S) continue;
    apys.set(id, sharePriceApyPercent(BigInt(ref.share_price), t0, value, at));
  }
  return apys;
}

/**
 * Vaults with no stored sample old enough for an APY (a first sync, a newly discovered vault) get
 * one from the chain's past where the node can serve it, and their APY from it at once. Adds the
 * APYs to `apys` and returns the past samples, to be stored. Never fails the sync.
 */
async function backfillSharePrices(
  client: PublicClient,
  good: GoodReadings,
  apys: Map<string, number>,
  markets: readonly { instrumentId: string; adapterAddress: Hex }[],
): Promise<PastSharePrice[]> {
  const lacking = good.filter(([id, r]) => r.apy === null && r.sharePrice && !apys.has(id));
  if (lacking.length === 0) return [];
  const addressOf = new Map(markets.map((m) => [m.instrumentId, m.adapterAddress]));
  const past = await readPastSharePrices(
    client,
    lacking.map(([id]) => ({ instrumentId: id, address: addressOf.get(id)! })),
    {
      probe: SHARE_PRICE_PROBE,
      targetWindowS: SHARE_PRICE_TARGET_WINDOW_S,
      minWindowS: SHARE_PRICE_MIN_WINDOW_S,
    },
  ).catch(() => []);
  const current = new Map(lacking.map(([id, r]) => [id, r.sharePrice!]));
  for (const sample of past) {
    const now = current.get(sample.instrumentId)!;
    if (now.at - sample.at >= SHARE_PRICE_MIN_WINDOW_S)
      apys.set(sample.instrumentId, sharePriceApyPercent(sample.value, sample.at, now.value, now.at));
  }
  return past;
}
