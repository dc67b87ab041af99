/**
 * One chain's sync: discover new markets, read every instrument through its
 * protocol's adapter, then write currentApy, tvl, isActive, lastSyncedAt and the hour and day
 * snapshots in one transaction. A market that cannot be read keeps its last values and its old
 * lastSyncedAt; a failing adapter never stops the others.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import { adapters } from "@/lib/machinery/chain/adapters";
import type { Adapter, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import { shortError } from "@/lib/machinery/chain/multicall";
import { ratio, sharePriceApyPercent } from "@/lib/machinery/chain/rates";
import { readPastSharePrices, type PastSharePrice } from "@/lib/machinery/chain/share-price-history";
import type { Db } from "@/lib/machinery/db/client";
import {
  chainSyncState,
  datasetMeta,
  instrumentSnapshots,
  instruments,
  protocols,
  sharePriceSamples,
} from "@/lib/machinery/db/schema";
import { refreshYieldColumns } from "@/lib/machinery/db/yield-columns";
import { discoverMarkets } from "./discovery";
import { discoverVaults } from "./vault-discovery";
import { delistedVaultIds } from "./vault-discovery-listing";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The share-price APY looks back about a day, and needs samples at least this far apart. */
export const SHARE_PRICE_TARGET_WINDOW_S = 24 * 3600;
export const SHARE_PRICE_MIN_WINDOW_S = 60;
const SAMPLE_RETENTION_MS = 8 * DAY_MS;

export interface ChainSyncResult {
  chainId: number;
  ok: boolean;
  discovered: number;
  updated: number;
  failed: { instrumentId: string; error: string }[];
  error: string | null;
  durationMs: number;
}

export async function syncChain({
  db,
  client,
  chainId,
  now = () => new Date(),
  deployment = deploymentOf(chainId),
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now?: () => Date;
  /** The chain's contracts besides its markets (lib/machinery/chain/deployments.ts); tests pass their own. */
  deployment?: ChainDeployment;
}): Promise<ChainSyncResult> {
  const started = Date.now();
  const result: ChainSyncResult = {
    chainId,
    ok: false,
    discovered: 0,
    updated: 0,
    failed: [],
    error: null,
    durationMs: 0,
  };
  const errors: string[] = [];
  try {
    const discovery = await discoverMarkets({ db, client, chainId, deployment, now: now() }).catch(
      (err: unknown) => {
        errors.push(`discovery: ${shortError(err)}`);
        return { added: 0, errors: [] };
      },
    );
    result.discovered = discovery.added;
    errors.push(...discovery.errors);
    const vaults = await discoverVaults({ db, client, chainId, now: now() });
    result.discovered += vaults.added;
    errors.push(...vaults.errors);

    const rows = await db
      .select({
        instrumentId: instruments.instrumentId,
        protocol: instruments.protocol,
        version: protocols.version,
        adapterAddress: instruments.adapterAddress,
        tokenAddress: instruments.tokenAddress,
        tokenDecimals: instruments.tokenDecimals,
        yieldTokenAddress: instruments.yieldTokenAddress,
        yieldTokenSymbol: instruments.yieldTokenSymbol,
        assetCategory: instruments.assetCategory,
        currentApy: instruments.currentApy,
      })
      .from(instruments)
      .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
      .where(and(eq(instruments.chainId, chainId), eq(protocols.deprecated, false)));

    // One adapter per protocol, all at once: their first reads leave in the same JSON-RPC batch.
    const groups = new Map<Adapter, Market[]>();
    for (const r of rows) {
      const market: Market = {
        ...r,
        adapterAddress: r.adapterAddress as Hex,
        tokenAddress: r.tokenAddress as Hex,
        yieldTokenAddress: r.yieldTokenAddress as Hex,
      };
      const group = groups.get(adapters[market.protocol]);
      if (group) group.push(market);
      else groups.set(adapters[market.protocol], [market]);
    }
    const readings = new Map<string, MarketReading>();
    await Promise.all(
      [...groups].map(async ([adapter, markets]) => {
        try {
          for (const [id, reading] of await adapter({ client, chainId, deployment }, markets))
            readings.set(id, reading);
        } catch (err) {
          const message = shortError(err);
          errors.push(`${[...new Set(markets.map((m) => m.protocol))].join("/")}: ${message}`);
          for (const m of markets) readings.set(m.instrumentId, { ok: false, error: message });
        }
      }),
    );

    const syncedAt = now();
    for (const [id, reading] of readings)
      if (
        reading.ok &&
        (!Number.isFinite(reading.tvl) ||
          !Number.isFinite(reading.priceUsd) ||
          (reading.apy !== null && !Number.isFinite(reading.apy)))
      )
        readings.set(id, { ok: false, error: `not a finite APY, TVL or price (${reading.apy}, ${reading.tvl}, ${reading.priceUsd})` });
    const good = [...readings].filter((e): e is [string, Extract<MarketReading, { ok: true }>] => e[1].ok);
    for (const [instrumentId, reading] of readings)
      if (!reading.ok) result.failed.push({ instrumentId, error: reading.error });

    const vaultApys = await shareApys(db, good, syncedAt);
    const pastSamples = await backfillSharePrices(client, good, vaultApys, rows);

    await db.transaction(async (tx) => {
      const previousApy = new Map(rows.map((r) => [r.instrumentId, r.currentApy]));
      // A rate read from chain, else share-price growth, else the protocol's own rate, else the last APY.
      const inListedVaults = tvlInListedVaults(good, rows);
      const values = good.map(([id, reading]) => ({
        id,
        apy: reading.apy ?? vaultApys.get(id) ?? reading.fallbackApy ?? previousApy.get(id) ?? 0,
        tvl: reading.tvl,
        priceUsd: reading.priceUsd,
        inListedVaults: inListedVaults.get(id) ?? 0,
        isActive: reading.isActive,
      }));
      if (values.length > 0) {
        const ids = values.map((v) => v.id);
        // One array parameter per column (unnest) instead of four parameters per row: at a thousand
        // instruments, building and parsing per-row parameters was most of the sync's time.
        const at = syncedAt.toISOString();
        const hour = new Date(Math.floor(syncedAt.getTime() / HOUR_MS) * HOUR_MS).toISOString();
        const day = new Date(Math.floor(syncedAt.getTime() / DAY_MS) * DAY_MS).toISOString();
        const idsParam = pgArray(ids);
        const apysParam = pgArray(values.map((v) => v.apy));
        const tvlsParam = pgArray(values.map((v) => v.tvl));
        await tx.execute(sql`
          update ${instruments} as i set
            current_apy = v.apy, tvl = v.tvl, price_usd = v.price, tvl_in_listed_vaults = v.nested, is_active = v.active and v.id not in ${delistedVaultIds},
            last_synced_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          from unnest(${idsParam}::text[], ${apysParam}::float8[], ${tvlsParam}::float8[], ${pgArray(values.map((v) => v.priceUsd))}::float8[],
            ${pgArray(values.map((v) => v.inListedVaults))}::float8[], ${pgArray(values.map((v) => v.isActive))}::boolean[])
            as v(id, apy, tvl, price, nested, active)
          where i.instrument_id = v.id`);
        // A vault's own symbol() replaces a provisional catalog symbol (rarely: only when they differ).
        const symbolOf = new Map(rows.map((r) => [r.instrumentId, r.yieldTokenSymbol]));
        for (const [id, reading] of good)
          if (reading.symbol && isPlainSymbol(reading.symbol) && reading.symbol !== symbolOf.get(id))
            await tx.update(instruments).set({ yieldTokenSymbol: reading.symbol }).where(eq(instruments.instrumentId, id));
        // The first real reading replaces an instrument's generated demo history.
        await tx.execute(
          sql`delete from ${instrumentSnapshots} where is_demo and instrument_id = any(${idsParam}::text[])`,
        );
        await tx.execute(sql`
          insert into ${instrumentSnapshots} (instrument_id, interval, bucket_start, apy, tvl, is_demo)
          select v.id, b.interval, b.bucket_start, v.apy, v.tvl, false
          from unnest(${idsParam}::text[], ${apysParam}::float8[], ${tvlsParam}::float8[]) as v(id, apy, tvl)
          cross join (values ('hour', ${hour}::timestamptz), ('day', ${day}::timestamptz)) as b(interval, bucket_start)
          on conflict (instrument_id, interval, bucket_start) do update set apy = excluded.apy, tvl = excluded.tvl, is_demo = false`);
        // Their currentApy and day snapshot changed: so did their apy7d, apy30d and apyChange7d.
        await refreshYieldColumns(tx, ids);
        const samples = [
          ...pastSamples,
          ...good.flatMap(([id, r]) =>
            r.sharePrice ? [{ instrumentId: id, value: r.sharePrice.value, at: r.sharePrice.at }] : [],
          ),
        ].map((p) => ({
          instrumentId: p.instrumentId,
          sampledAt: new Date(p.at * 1000),
          sharePrice: p.value.toString(),
        }));
        if (samples.length > 0) {
          await tx.insert(sharePriceSamples).values(samples).onConflictDoNothing();
          await tx.delete(sharePriceSamples).where(
            and(
              inArray(
                sharePriceSamples.instrumentId,
                samples.map((s) => s.instrumentId),
              ),
              lt(sharePriceSamples.sampledAt, new Date(syncedAt.getTime() - SAMPLE_RETENTION_MS)),
            ),
          );
        }
        await tx
          .insert(datasetMeta)
          .values({ key: "mode", value: "live", updatedAt: syncedAt })
          .onConflictDoUpdate({ target: datasetMeta.key, set: { value: "live", updatedAt: syncedAt } });
      }
      if (result.failed.length > 0) {
        // Name each market that was not read (up to a few), so /health says which and why.
        const symbolOf = new Map(rows.map((r) => [r.instrumentId, r.yieldTokenSymbol]));
        const named = result.failed
          .slice(0, 5)
          .map((f) => `${symbolOf.get(f.instrumentId) ?? "?"} (${f.instrumentId.slice(0, 10)}…): ${f.error}`);
        errors.push(`${result.failed.length} market(s) not read: ${named.join("; ")}`);
      }
      const lastError = errors.length > 0 ? errors.join("; ").slice(0, 1_000) : null;
      await tx
        .insert(chainSyncState)
        .values({
          chainId,
          lastSuccessAt: values.length > 0 ? syncedAt : null,
          lastErrorAt: lastError ? syncedAt : null,
          lastError,
        })
        .onConflictDoUpdate({
          target: chainSyncState.chainId,
          set: {
            ...(values.length > 0 ? { lastSuccessAt: syncedAt } : {}),
            ...(lastError ? { lastErrorAt: syncedAt, lastError } : {}),
          },
        });
      result.updated = values.length;
    });
    result.ok = result.updated > 0 || rows.length === 0;
  } catch (err) {
    const message = shortError(err);
    result.error = message;
    await recordChainError(db, chainId, message, now()).catch(() => undefined);
  }
  if (!result.error && errors.length > 0) result.error = errors.join("; ");
  result.durationMs = Date.now() - started;
  return result;
}

/** A token symbol fit to show: short, printable, no control characters. */
const isPlainSymbol = (symbol: string) => symbol.length > 0 && symbol.length <= 32 && /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(symbol);

/**
 * Per Vault V2 reading, the USD of its TVL that sits in MetaMorpho vaults this chain lists (a vault
 * it allocates to through a MorphoVaultV1Adapter): that money is in the listed vault's TVL too, so
 * sums subtract it once. Valued at the V2's own underlying price (the adapter requires both vaults to
 * have the same asset), and never more than its TVL.
 */
function tvlInListedVaults(
  good: [string, Extract<MarketReading, { ok: true }>][],
  rows: { instrumentId: string; protocol: string; version: number; adapterAddress: string; tokenDecimals: number }[],
): Map<string, number> {
  const listed = new Set(
    rows.filter((r) => r.protocol === "morpho" && r.version === 1).map((r) => r.adapterAddress.toLowerCase()),
  );
  const decimalsOf = new Map(rows.map((r) => [r.instrumentId, r.tokenDecimals]));
  const result = new Map<string, number>();
  for (const [id, reading] of good) {
    if (!reading.heldInVaults) continue;
    const assets = reading.heldInVaults
      .filter((h) => listed.has(h.vault.toLowerCase()))
      .reduce((sum, h) => sum + h.assets, 0n);
    const usd = ratio(assets, 10n ** BigInt(decimalsOf.get(id) ?? 0)) * reading.priceUsd;
    result.set(id, Math.min(usd, reading.tvl));
  }
  return result;
}

/** A PostgreSQL array literal of ids (hex), numbers or booleans: nothing in them needs quoting. */
function pgArray(items: (string | number | boolean)[]): string {
  return `{${items.map((item) => (typeof item === "boolean" ? (item ? "t" : "f") : String(item))).join(",")}}`;
}

export async function recordChainError(db: Db, chainId: number, message: string, at: Date) {
  await db
    .insert(chainSyncState)
    .values({ chainId, lastErrorAt: at, lastError: message })
    .onConflictDoUpdate({ target: chainSyncState.chainId, set: { lastErrorAt: at, lastError: message } });
}

/**
 * Vaults with no stored sample old enough for an APY (a first sync, a newly discovered vault) get
 * one from the chain's past where the node can serve it, and their APY from it at once. Adds the
 * APYs to `vaultApys` and returns the past samples, to be stored. Never fails the sync.
 */
async function backfillSharePrices(
  client: PublicClient,
  good: [string, Extract<MarketReading, { ok: true }>][],
  vaultApys: Map<string, number>,
  rows: { instrumentId: string; adapterAddress: string }[],
): Promise<PastSharePrice[]> {
  const lacking = good.filter(([id, r]) => r.apy === null && r.sharePrice && !vaultApys.has(id));
  if (lacking.length === 0) return [];
  const addressOf = new Map(rows.map((r) => [r.instrumentId, r.adapterAddress as Hex]));
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
      vaultApys.set(sample.instrumentId, sharePriceApyPercent(sample.value, sample.at, now.value, now.at));
  }
  return past;
}

/**
 * APY of each ERC-4626 reading from its share-price growth since the stored sample closest to a
 * day before it (at least SHARE_PRICE_MIN_WINDOW_S older). Without such a sample there is no APY
 * yet and the instrument keeps its previous one.
 */
async function shareApys(
  db: Db,
  good: [string, Extract<MarketReading, { ok: true }>][],
  syncedAt: Date,
): Promise<Map<string, number>> {
  // Only readings without an APY of their own (a MetaMorpho vault has one) need the samples.
  const sampled = good.filter(([, r]) => r.apy === null && r.sharePrice);
  const apys = new Map<string, number>();
  if (sampled.length === 0) return apys;
  const latestAt = Math.max(...sampled.map(([, r]) => r.sharePrice!.at));
  const references = await db.execute<{
    instrument_id: string;
    sampled_at: string | Date;
    share_price: string;
  }>(sql`
    select distinct on (instrument_id) instrument_id, sampled_at, share_price::text as share_price
    from ${sharePriceSamples}
    where instrument_id in (${sql.join(
      sampled.map(([id]) => sql`${id}`),
      sql`, `,
    )})
      and sampled_at <= ${new Date((latestAt - SHARE_PRICE_MIN_WINDOW_S) * 1000)}
      and sampled_at >= ${new Date(syncedAt.getTime() - SAMPLE_RETENTION_MS)}
    order by instrument_id, abs(extract(epoch from sampled_at) - ${latestAt - SHARE_PRICE_TARGET_WINDOW_S})`);
  const rowsOf = (r: unknown) =>
    ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as {
      instrument_id: string;
      sampled_at: string | Date;
      share_price: string;
    }[];
  const reference = new Map(rowsOf(references).map((r) => [r.instrument_id, r]));
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
