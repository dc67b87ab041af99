/**
 * Morpho vaults found on chain: each sync reads the MetaMorpho (v1.0, v1.1) and Vault
 * V2 factories' creation events from a cursor per factory and chain, and keeps every vault they
 * created. A vault is listed (becomes an instrument, read by the sync like any other) once its
 * underlying is a token the chain's instruments already cover (so a USD, EUR, ETH or BTC asset) and
 * its TVL reaches DISCOVERY_MIN_TVL_USD; after a day below the floor it is delisted (kept, inactive,
 * out of default listings) and it comes back when it is above again. Nothing here stops the sync:
 * failures come back as errors, which the sync reports in the chain's health.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { decodeEventLog, getAddress, isAddressEqual, toEventSelector, type Hex, type PublicClient, type RpcLog } from "viem";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { erc4626Abi } from "@/lib/machinery/chain/abis";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { BlockRangeTuner, scanLogs, type ScanBudget } from "@/lib/machinery/chain/logs";
import { multicall, shortError, type CallResult } from "@/lib/machinery/chain/multicall";
import { readUsdPrices } from "@/lib/machinery/chain/prices";
import { usdValue } from "@/lib/machinery/chain/rates";
import { getChain } from "@/lib/facts/chains";
import { rpcEndpointOf } from "@/lib/machinery/chain/rpc-endpoints";
import { discoveryMinTvlUsd } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import { discoveredVaults, instruments, protocols, vaultDiscoveryCursors } from "@/lib/machinery/db/schema";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { protocolRecordFacts } from "@/lib/facts/protocol-versions";
import {
  createMetaMorphoEvent,
  createVaultV2Event,
  morphoVersionOf,
  vaultFactoriesOf,
} from "./vault-discovery-factories";
import type { VaultFactory, VaultKind } from "@/lib/machinery/catalog/catalog-data";

/** A listed vault below the floor this long is delisted. */
export const DELIST_AFTER_MS = 24 * 3_600_000;
/** First eth_getLogs span on a chain; each cursor then keeps the span that last worked. */
export const INITIAL_BLOCK_RANGE = 10_000;
export const MAX_BLOCK_RANGE = 1_000_000;
/** Per sync and chain; a first scan that needs more goes on in the next sync. Public RPCs get less. */
export const SCAN_BUDGET = { maxRequests: 100, maxMs: 30_000 };
export const PUBLIC_RPC_SCAN_BUDGET = { maxRequests: 25, maxMs: 20_000 };

export interface VaultDiscoveryResult {
  /** Vaults listed by this sync. */
  added: number;
  /** Vaults whose creation events this sync read for the first time. */
  found: number;
  /** Every factory was read up to the chain's latest block. */
  complete: boolean;
  requests: number;
  refusals: number;
  errors: string[];
}

type Protocol = typeof protocols.$inferSelect;
type Candidate = typeof discoveredVaults.$inferSelect;

const topic0s = [toEventSelector(createMetaMorphoEvent), toEventSelector(createVaultV2Event)];

export async function discoverVaults({
  db,
  client,
  chainId,
  now,
  minTvlUsd,
  budget,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  /** DISCOVERY_MIN_TVL_USD unless given. */
  minTvlUsd?: number;
  budget?: { maxRequests: number; maxMs: number };
}): Promise<VaultDiscoveryResult> {
  const result: VaultDiscoveryResult = { added: 0, found: 0, complete: true, requests: 0, refusals: 0, errors: [] };
  const factories = vaultFactoriesOf(chainId);
  const chain = getChain(chainId);
  if (factories.length === 0 || !chain) return result;
  try {
    const records = await db
      .select()
      .from(protocols)
      .where(and(eq(protocols.chainId, chainId), eq(protocols.name, "morpho"), eq(protocols.deprecated, false)));
    if (!records.some((p) => p.version === 1)) return result; // no Morpho on this chain's catalog
    const limits = budget ?? (rpcEndpointOf(chainId)?.source === "public" ? PUBLIC_RPC_SCAN_BUDGET : SCAN_BUDGET);
    await scanFactories({ db, client, chainId, now, factories, result, budget: { maxRequests: limits.maxRequests, deadline: Date.now() + limits.maxMs } });
    await reviewVaults({ db, client, chainId, now, minTvlUsd: minTvlUsd ?? discoveryMinTvlUsd(), records, result });
  } catch (err) {
    result.errors.push(`Morpho vault discovery: ${shortError(err)}`);
  }
  return result;
}

/** Reads the factories' creation events from their cursors to the latest block, within the budget. */
async function scanFactories({
  db,
  client,
  chainId,
  now,
  factories,
  result,
  budget,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  factories: VaultFactory[];
  result: VaultDiscoveryResult;
  budget: ScanBudget;
}) {
  const cursors = await db.select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, chainId));
  const cursorOf = (f: VaultFactory) => cursors.find((c) => isAddressEqual(c.factory as Hex, f.address));
  const factoryAt = new Map(factories.map((f) => [f.address.toLowerCase(), f]));
  const tuner = new BlockRangeTuner(Math.min(...factories.map((f) => cursorOf(f)?.blockRange ?? INITIAL_BLOCK_RANGE)), {
    min: 1,
    max: MAX_BLOCK_RANGE,
  });
  const head = BigInt(await client.request({ method: "eth_blockNumber" }));
  const outcome = await scanLogs({
    client,
    sources: factories.map((f) => ({ address: f.address, nextBlock: BigInt(cursorOf(f)?.nextBlock ?? f.fromBlock) })),
    topic0: topic0s,
    toBlock: head,
    tuner,
    budget,
    onChunk: async ({ addresses, toBlock, logs }) => {
      const found = logs.flatMap((log) => {
        const factory = factoryAt.get(log.address.toLowerCase());
        // Only the queried factories' events count (a provider's stray answer does not).
        if (!factory || !addresses.some((a) => isAddressEqual(a, log.address))) return [];
        const vault = vaultOf(log, factory.kind);
        return vault ? [{ chainId, ...vault, factory: factory.address, kind: factory.kind, discoveredAt: now }] : [];
      });
      // The vaults and the cursors past them in one transaction: a vault is recorded exactly once.
      await db.transaction(async (tx) => {
        if (found.length > 0) {
          const inserted = await tx.insert(discoveredVaults).values(found).onConflictDoNothing().returning({ address: discoveredVaults.address });
          result.found += inserted.length;
        }
        await tx
          .insert(vaultDiscoveryCursors)
          .values(addresses.map((factory) => ({ chainId, factory, nextBlock: Number(toBlock + 1n), blockRange: tuner.size, updatedAt: now })))
          .onConflictDoUpdate({
            target: [vaultDiscoveryCursors.chainId, vaultDiscoveryCursors.factory],
            set: { nextBlock: sql`excluded.next_block`, blockRange: sql`excluded.block_range`, updatedAt: now },
          });
      });
    },
  });
  // The span learned from refusals is kept even when no query was answered.
  await db
    .update(vaultDiscoveryCursors)
    .set({ blockRange: tuner.size })
    .where(eq(vaultDiscoveryCursors.chainId, chainId));
  result.complete = outcome.complete;
  result.requests = outcome.requests;
  result.refusals = outcome.refusals;
  if (outcome.error) result.errors.push(`Morpho vault discovery: ${outcome.error}`);
}

function vaultOf(log: RpcLog, kind: VaultKind): { address: string; asset: string; createdBlock: number } | null {
  try {
    const event = decodeEventLog({
      abi: [kind === "metamorpho" ? createMetaMorphoEvent : createVaultV2Event],
      data: log.data,
      topics: log.topics as [Hex, ...Hex[]],
    });
    const args = event.args as { metaMorpho?: Hex; newVaultV2?: Hex; asset: Hex };
    const vault = args.metaMorpho ?? args.newVaultV2;
    if (!vault || log.blockNumber === null) return null;
    return { address: getAddress(vault), asset: getAddress(args.asset), createdBlock: Number(BigInt(log.blockNumber)) };
  } catch {
    return null; // the other factory kind's event, or a malformed log
  }
}

/**
 * Values every vault that discovery manages (listed by it, or not listed yet) and whose asset the
 * chain covers, in two multicall round trips: lists those that reached the floor, and delists or
 * brings back the listed ones.
 */
async function reviewVaults({
  db,
  client,
  chainId,
  now,
  minTvlUsd,
  records,
  result,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  minTvlUsd: number;
  records: Protocol[];
  result: VaultDiscoveryResult;
}) {
  const chain = getChain(chainId)!;
  const [candidates, tokens] = await Promise.all([
    db
      .select()
      .from(discoveredVaults)
      .where(and(eq(discoveredVaults.chainId, chainId), sql`${discoveredVaults.listedBy} is distinct from 'catalog'`)),
    db
      .selectDistinct({
        address: instruments.tokenAddress,
        symbol: instruments.tokenSymbol,
        decimals: instruments.tokenDecimals,
        category: instruments.assetCategory,
      })
      .from(instruments)
      .where(eq(instruments.chainId, chainId)),
  ]);
  // The chain's covered tokens: the underlyings its listed markets already have.
  const tokenOf = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const v1 = records.find((p) => p.version === 1)!;
  const covered = candidates.filter((c) => tokenOf.has(c.asset.toLowerCase()));
  if (covered.length === 0) return;

  // A vault the catalog lists already is the catalog's; discovery leaves it alone.
  const idOf = (c: Candidate) => instrumentIdOf(chainId, v1.protocolAddress as Hex, marketIdOf(c.address as Hex));
  const unlisted = covered.filter((c) => c.listedBy === null);
  const existing = unlisted.length
    ? new Set(
        (
          await db
            .select({ id: instruments.instrumentId })
            .from(instruments)
            .where(inArray(instruments.instrumentId, unlisted.map(idOf)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  const catalogs = unlisted.filter((c) => existing.has(idOf(c)));
  if (catalogs.length > 0)
    await db
      .update(discoveredVaults)
      .set({ listedBy: "catalog" })
      .where(and(eq(discoveredVaults.chainId, chainId), inArray(discoveredVaults.address, catalogs.map((c) => c.address))));
  const managed = covered.filter((c) => !existing.has(idOf(c)));
  if (managed.length === 0) return;

  // Round trip 1: TVL.
  const ctx = { client, chainId, deployment: deploymentOf(chainId) };
  const [assets, prices] = await Promise.all([
    multicall(client, managed.map((c) => ({ address: c.address as Hex, abi: erc4626Abi, functionName: "totalAssets" }))),
    readUsdPrices(ctx, [...new Set(managed.map((c) => c.asset as Hex))]),
  ]);
  const tvlOf = new Map<string, number>();
  managed.forEach((c, i) => {
    const r = assets[i];
    const token = tokenOf.get(c.asset.toLowerCase())!;
    const price = prices.of(c.asset as Hex);
    if (r?.ok && price !== undefined) tvlOf.set(c.address, usdValue(r.value as bigint, token.decimals, price, prices.unit));
  });

  const toList = managed.filter((c) => c.listedBy === null && (tvlOf.get(c.address) ?? -1) >= minTvlUsd);
  const listed = managed.filter((c) => c.listedBy === "discovery" && tvlOf.has(c.address));

  // Round trip 2: the new listings' names and symbols.
  if (toList.length > 0) {
    const labels = await multicall(
      client,
      toList.flatMap((c) => [
        { address: c.address as Hex, abi: vaultLabelAbi, functionName: "name" },
        { address: c.address as Hex, abi: erc4626Abi, functionName: "symbol" },
      ]),
    );
    const rows: (typeof instruments.$inferInsert)[] = [];
    const ids = new Map<string, string>();
    for (const [i, c] of toList.entries()) {
      const record = await morphoRecord(db, records, morphoVersionOf(c.kind), now);
      const token = tokenOf.get(c.asset.toLowerCase())!;
      const short = `${c.address.slice(0, 6)}…${c.address.slice(-4)}`;
      const name = label(labels[2 * i], 80) ?? `Morpho vault ${short}`;
      const symbol = label(labels[2 * i + 1], 32) ?? short;
      const marketId = marketIdOf(c.address as Hex);
      const instrumentId = instrumentIdOf(chainId, record.protocolAddress as Hex, marketId);
      ids.set(c.address, instrumentId);
      rows.push({
        instrumentId,
        protocolId: record.id,
        protocol: "morpho",
        chainId,
        environment: chain.environment,
        protocolAddress: record.protocolAddress,
        marketId,
        adapterAddress: c.address,
        tokenAddress: token.address,
        tokenSymbol: token.symbol,
        tokenDecimals: token.decimals,
        yieldTokenAddress: c.address,
        yieldTokenSymbol: symbol,
        description: `${name}, a ${c.kind === "metamorpho" ? "MetaMorpho vault" : "Morpho Vault V2"} on ${chain.name}`,
        currentApy: 0,
        tvl: 0,
        isActive: false,
        isStablecoin: isStablecoinCategory(token.category),
        assetCategory: token.category,
        // Never synced: the sync reads it right after discovery, as any discovered market.
        lastSyncedAt: new Date(0),
        createdAt: now,
        updatedAt: now,
      });
    }
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(instruments).values(rows).onConflictDoNothing().returning({ id: instruments.instrumentId });
      result.added += inserted.length;
      for (const c of toList)
        await tx
          .update(discoveredVaults)
          .set({ listedBy: "discovery", instrumentId: ids.get(c.address)!, belowFloorSince: null, delisted: false })
          .where(and(eq(discoveredVaults.chainId, chainId), eq(discoveredVaults.address, c.address)));
    });
  }

  // Listed vaults: a day below the floor delists one, being above it again brings it back.
  const floorState = listed.map((c) => {
    const below = tvlOf.get(c.address)! < minTvlUsd;
    const since = below ? (c.belowFloorSince ?? now) : null;
    return { c, since, delisted: since !== null && now.getTime() - since.getTime() >= DELIST_AFTER_MS };
  });
  const valued = managed.filter((c) => tvlOf.has(c.address));
  if (valued.length === 0) return;
  const state = new Map(floorState.map((s) => [s.c.address, s]));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${discoveredVaults} as d set
        tvl_usd = v.tvl, checked_at = ${now.toISOString()}::timestamptz,
        below_floor_since = case when d.listed_by = 'discovery' then v.below_since else d.below_floor_since end,
        delisted = case when d.listed_by = 'discovery' then v.delisted else d.delisted end
      from unnest(
        ${pgArray(valued.map((c) => c.address))}::text[],
        ${pgArray(valued.map((c) => tvlOf.get(c.address)!))}::float8[],
        ${pgArray(valued.map((c) => state.get(c.address)?.since?.toISOString() ?? "NULL"))}::timestamptz[],
        ${pgArray(valued.map((c) => state.get(c.address)?.delisted ?? false))}::boolean[]
      ) as v(address, tvl, below_since, delisted)
      where d.chain_id = ${chainId} and d.address = v.address`);
    const delisted = floorState.filter((s) => s.delisted && s.c.instrumentId).map((s) => s.c.instrumentId!);
    if (delisted.length > 0)
      await tx.update(instruments).set({ isActive: false, updatedAt: now }).where(inArray(instruments.instrumentId, delisted));
  });
}

const vaultLabelAbi = [{ type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] }] as const;

/**
 * A name or symbol read from chain (anyone can create a vault), as text fit for listings: control,
 * zero-width and text-direction characters out, length capped.
 */
function label(result: CallResult | undefined, max: number): string | undefined {
  if (!result?.ok || typeof result.value !== "string") return undefined;
  const text = result.value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, "").trim().slice(0, max);
  return text || undefined;
}

/** The chain's Morpho record of `version`; a Vault V2 record is made from the V1 one where the catalog has none. */
async function morphoRecord(db: Db, records: Protocol[], version: number, now: Date): Promise<Protocol> {
  const found = records.find((p) => p.version === version);
  if (found) return found;
  const v1 = records.find((p) => p.version === 1)!;
  await db
    .insert(protocols)
    .values({
      name: "morpho",
      version,
      ...protocolRecordFacts("morpho", version),
      chainId: v1.chainId,
      environment: v1.environment,
      // Vault V2 vaults allocate to Morpho Blue: the record carries the Blue singleton, as the catalog's do.
      protocolAddress: v1.protocolAddress,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [record] = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.chainId, v1.chainId), eq(protocols.name, "morpho"), eq(protocols.version, version)));
  records.push(record!);
  return record!;
}

/** A PostgreSQL array literal; "NULL" stays a null element. Addresses, numbers and ISO dates need no quoting. */
function pgArray(items: (string | number | boolean)[]): string {
  return `{${items.map((item) => (typeof item === "boolean" ? (item ? "t" : "f") : typeof item === "string" && item !== "NULL" ? `"${item}"` : String(item))).join(",")}}`;
}
