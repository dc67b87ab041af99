import "server-only";
/**
 * The sync's writes of one chain's readings, inside its transaction: the instruments' values and the
 * block they were read at, their hour and day snapshots (and with them the stored yield columns), the
 * share-price samples, and the data set's mode.
 */
import { eq, sql } from "drizzle-orm";
import type { ChainHead } from "@/lib/machinery/chain/chain-head";
import type { PastSharePrice } from "@/lib/machinery/chain/share-price-history";
import type { Db } from "@/lib/machinery/db/client";
import { pgArray } from "@/lib/machinery/db/pg-array";
import { datasetMeta, instrumentSnapshots, instruments, sharePriceSamples } from "@/lib/machinery/db/schema";
import { refreshYieldColumns } from "@/lib/machinery/db/yield-columns";
import type { InstrumentRewards } from "@/lib/machinery/rewards/judge-rewards";
import type { GoodReadings } from "./check-readings";
import { isPlainSymbol, type InstrumentValues } from "./instrument-values";
import type { SyncedMarket } from "./read-markets";
import { SHARE_PRICE_RETENTION_MS } from "./share-price-apys";
import { delistedVaultIds } from "./vault-discovery-listing";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Writes the values fit to publish, all read at `head` (in the caller's transaction `tx`), with the
 * readings they came from; returns how many instruments it updated.
 */
export async function writeReadings(
  tx: Db,
  {
    values,
    good,
    markets,
    pastSamples,
    head,
    syncedAt,
  }: {
    values: readonly InstrumentValues[];
    good: GoodReadings;
    markets: readonly SyncedMarket[];
    pastSamples: readonly PastSharePrice[];
    head: ChainHead;
    syncedAt: Date;
  },
): Promise<number> {
  if (values.length === 0) return 0;
  // A refused reading publishes nothing, its share-price sample included (a later APY would start from it).
  const published = new Set(values.map((v) => v.id));
  good = good.filter(([id]) => published.has(id));
  pastSamples = pastSamples.filter((p) => published.has(p.instrumentId));
  await writeInstrumentValues(tx, values, head, syncedAt);
  await adoptVaultSymbols(tx, good, markets);
  await writeSnapshots(tx, values, head, syncedAt);
  // Their currentApy and day snapshot changed: so did their apy7d, apy30d and apyChange7d.
  await refreshYieldColumns(
    tx,
    values.map((v) => v.id),
  );
  const currentSamples = good.flatMap(([id, r]) =>
    r.sharePrice ? [{ instrumentId: id, value: r.sharePrice.value, at: r.sharePrice.at }] : [],
  );
  await writeSharePriceSamples(tx, [...pastSamples, ...currentSamples], syncedAt);
  await markDatasetLive(tx, syncedAt);
  return values.length;
}

/** Rewards not judged (no source could say): none known, and said to be incomplete. */
const unknownRewards: InstrumentRewards = { rewards: [], apyReward: 0, rewardsComplete: false };
const rewardsOf = (v: InstrumentValues) => v.rewards ?? unknownRewards;

/**
 * currentApy, tvl, priceUsd, tvlInListedVaults, isActive, the rewards, the exit liquidity and the quote
 * model (null where this sync could not read them), lastSyncedAt and the block of every instrument read.
 */
async function writeInstrumentValues(
  tx: Db,
  values: readonly InstrumentValues[],
  head: ChainHead,
  syncedAt: Date,
) {
  // One array parameter per column (unnest) instead of several parameters per row.
  const at = syncedAt.toISOString();
  await tx.execute(sql`
    update ${instruments} as i set
      current_apy = v.apy, tvl = v.tvl, price_usd = v.price, tvl_in_listed_vaults = v.nested, is_active = v.active and v.id not in ${delistedVaultIds},
      rewards = v.rewards, apy_reward = v.apy_reward, rewards_complete = v.rewards_complete,
      available_liquidity_usd = v.liquidity, utilization = v.utilization, quote_model = v.quote_model,
      as_of_block = ${Number(head.number)}, as_of_time = ${new Date(head.timestamp * 1000).toISOString()}::timestamptz,
      last_synced_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
    from unnest(${pgArray(values.map((v) => v.id))}::text[], ${pgArray(values.map((v) => v.apy))}::float8[],
      ${pgArray(values.map((v) => v.tvl))}::float8[], ${pgArray(values.map((v) => v.priceUsd))}::float8[],
      ${pgArray(values.map((v) => v.inListedVaults))}::float8[], ${pgArray(values.map((v) => v.isActive))}::boolean[],
      ${pgArray(values.map((v) => JSON.stringify(rewardsOf(v).rewards)))}::jsonb[], ${pgArray(values.map((v) => rewardsOf(v).apyReward))}::float8[],
      ${pgArray(values.map((v) => rewardsOf(v).rewardsComplete))}::boolean[],
      ${pgArray(values.map((v) => v.availableLiquidityUsd))}::float8[], ${pgArray(values.map((v) => v.utilization))}::float8[],
      ${pgArray(values.map((v) => (v.quoteModel ? JSON.stringify(v.quoteModel) : null)))}::jsonb[])
      as v(id, apy, tvl, price, nested, active, rewards, apy_reward, rewards_complete, liquidity, utilization, quote_model)
    where i.instrument_id = v.id`);
}

/** A vault's own symbol() replaces a provisional catalog symbol (rarely: only when they differ). */
async function adoptVaultSymbols(tx: Db, good: GoodReadings, markets: readonly SyncedMarket[]) {
  const symbolOf = new Map(markets.map((m) => [m.instrumentId, m.yieldTokenSymbol]));
  for (const [id, reading] of good)
    if (reading.symbol && isPlainSymbol(reading.symbol) && reading.symbol !== symbolOf.get(id))
      await tx
        .update(instruments)
        .set({ yieldTokenSymbol: reading.symbol })
        .where(eq(instruments.instrumentId, id));
}

/**
 * The hour and day snapshots of the sync's hour and day, with their block; the first real ones replace the demo history,
 * and a live reading replaces a backfilled point of its bucket (the history backfill never replaces a live one).
 */
async function writeSnapshots(tx: Db, values: readonly InstrumentValues[], head: ChainHead, syncedAt: Date) {
  const hour = new Date(Math.floor(syncedAt.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const day = new Date(Math.floor(syncedAt.getTime() / DAY_MS) * DAY_MS).toISOString();
  const ids = pgArray(values.map((v) => v.id));
  await tx.execute(
    sql`delete from ${instrumentSnapshots} where is_demo and instrument_id = any(${ids}::text[])`,
  );
  await tx.execute(sql`
    insert into ${instrumentSnapshots} (instrument_id, interval, bucket_start, apy, apy_reward, tvl, block_number, is_demo)
    select v.id, b.interval, b.bucket_start, v.apy, v.apy_reward, v.tvl, ${Number(head.number)}, false
    from unnest(${ids}::text[], ${pgArray(values.map((v) => v.apy))}::float8[], ${pgArray(values.map((v) => v.rewards?.apyReward ?? null))}::float8[],
      ${pgArray(values.map((v) => v.tvl))}::float8[]) as v(id, apy, apy_reward, tvl)
    cross join (values ('hour', ${hour}::timestamptz), ('day', ${day}::timestamptz)) as b(interval, bucket_start)
    on conflict (instrument_id, interval, bucket_start) do update
      set apy = excluded.apy, apy_reward = excluded.apy_reward, tvl = excluded.tvl, block_number = excluded.block_number, is_demo = false, backfilled = false`);
}

/** Stores the share-price samples, and drops the sampled instruments' samples past the retention. */
async function writeSharePriceSamples(tx: Db, samples: readonly PastSharePrice[], syncedAt: Date) {
  if (samples.length === 0) return;
  // One array parameter per column, as the instruments' values are written.
  const ids = pgArray(samples.map((p) => p.instrumentId));
  await tx.execute(sql`
    insert into ${sharePriceSamples} (instrument_id, sampled_at, share_price)
    select * from unnest(${ids}::text[], ${pgArray(samples.map((p) => new Date(p.at * 1000).toISOString()))}::timestamptz[],
      ${pgArray(samples.map((p) => p.value.toString()))}::numeric[])
    on conflict do nothing`);
  await tx.execute(sql`
    delete from ${sharePriceSamples}
    where instrument_id = any(${ids}::text[]) and sampled_at < ${new Date(syncedAt.getTime() - SHARE_PRICE_RETENTION_MS).toISOString()}::timestamptz`);
}

/** The data set holds real readings now, not only the seed's samples. */
async function markDatasetLive(tx: Db, syncedAt: Date) {
  await tx
    .insert(datasetMeta)
    .values({ key: "mode", value: "live", updatedAt: syncedAt })
    .onConflictDoUpdate({ target: datasetMeta.key, set: { value: "live", updatedAt: syncedAt } });
}
