import "server-only";
/**
 * The listing side of Morpho vault discovery: of the vaults the factories created, those whose
 * underlying the chain's instruments already cover are valued; one that reaches the TVL floor is
 * listed (becomes an instrument), and a listed one a day below the floor is delisted until it is above
 * again. A vault the catalog lists is the catalog's, and left alone.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { erc4626Abi } from "@/lib/machinery/chain/abis";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { multicall, type CallResult } from "@/lib/machinery/chain/multicall";
import { readUsdPrices } from "@/lib/machinery/chain/prices";
import { usdValue } from "@/lib/machinery/chain/rates";
import { getChain, type ChainInfo } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { pgArray } from "@/lib/machinery/db/pg-array";
import { discoveredVaults, instruments, protocols } from "@/lib/machinery/db/schema";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { protocolRecordFacts } from "@/lib/facts/protocol-versions";
import { morphoVersionOf } from "./vault-discovery-factories";

/** A listed vault below the floor this long is delisted. */
export const DELIST_AFTER_MS = 24 * 3_600_000;

type Protocol = typeof protocols.$inferSelect;
type Candidate = typeof discoveredVaults.$inferSelect;
/** A token the chain's instruments have as underlying. */
interface CoveredToken {
  address: string;
  symbol: string;
  decimals: number;
  category: (typeof instruments.$inferSelect)["assetCategory"];
}

/**
 * Values every vault that discovery manages (listed by it, or not listed yet) and whose asset the
 * chain covers, in two multicall round trips: lists those that reached the floor, and delists or
 * brings back the listed ones. Adds the vaults it lists to `result.added`.
 */
export async function reviewVaults({
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
  /** The chain's Morpho protocol records; one for Vault V2 is added where needed. */
  records: Protocol[];
  result: { added: number };
}) {
  const { managed, tokenOf } = await managedVaults({ db, chainId, records });
  if (managed.length === 0) return;
  const tvlOf = await valueVaults({ client, chainId, vaults: managed, tokenOf });
  const toList = managed.filter((c) => c.listedBy === null && (tvlOf.get(c.address) ?? -1) >= minTvlUsd);
  if (toList.length > 0) await listVaults({ db, client, chainId, now, records, vaults: toList, tokenOf, result });
  await updateFloorStates({ db, chainId, now, minTvlUsd, managed, tvlOf });
}

/**
 * The chain's discovered vaults that discovery manages and whose asset the chain covers, with the
 * covered tokens. Vaults the catalog lists already are marked as the catalog's on the way.
 */
async function managedVaults({ db, chainId, records }: { db: Db; chainId: number; records: Protocol[] }) {
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
  const tokenOf = new Map<string, CoveredToken>(tokens.map((t) => [t.address.toLowerCase(), t]));
  const covered = candidates.filter((c) => tokenOf.has(c.asset.toLowerCase()));
  if (covered.length === 0) return { managed: [], tokenOf };

  // A vault the catalog lists already is the catalog's; discovery leaves it alone.
  const v1 = records.find((p) => p.version === 1)!;
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
  return { managed: covered.filter((c) => !existing.has(idOf(c))), tokenOf };
}

/** Round trip 1: each vault's TVL in USD, by address; a vault that cannot be valued is left out. */
async function valueVaults({
  client,
  chainId,
  vaults,
  tokenOf,
}: {
  client: PublicClient;
  chainId: number;
  vaults: Candidate[];
  tokenOf: ReadonlyMap<string, CoveredToken>;
}): Promise<Map<string, number>> {
  const ctx = { client, chainId, deployment: deploymentOf(chainId) };
  const [assets, prices] = await Promise.all([
    multicall(client, vaults.map((c) => ({ address: c.address as Hex, abi: erc4626Abi, functionName: "totalAssets" }))),
    readUsdPrices(ctx, [...new Set(vaults.map((c) => c.asset as Hex))]),
  ]);
  const tvlOf = new Map<string, number>();
  vaults.forEach((c, i) => {
    const r = assets[i];
    const token = tokenOf.get(c.asset.toLowerCase())!;
    const price = prices.of(c.asset as Hex);
    if (r?.ok && price !== undefined) tvlOf.set(c.address, usdValue(r.value as bigint, token.decimals, price, prices.unit));
  });
  return tvlOf;
}

/** Round trip 2: the new listings' names and symbols; then their instruments, in one transaction. */
async function listVaults({
  db,
  client,
  chainId,
  now,
  records,
  vaults,
  tokenOf,
  result,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  records: Protocol[];
  vaults: Candidate[];
  tokenOf: ReadonlyMap<string, CoveredToken>;
  result: { added: number };
}) {
  const chain = getChain(chainId)!;
  const labels = await multicall(
    client,
    vaults.flatMap((c) => [
      { address: c.address as Hex, abi: vaultLabelAbi, functionName: "name" },
      { address: c.address as Hex, abi: erc4626Abi, functionName: "symbol" },
    ]),
  );
  const rows: (typeof instruments.$inferInsert)[] = [];
  for (const [i, c] of vaults.entries()) {
    const record = await morphoRecord(db, records, morphoVersionOf(c.kind), now);
    const token = tokenOf.get(c.asset.toLowerCase())!;
    rows.push(vaultInstrumentRow({ vault: c, record, token, chain, name: label(labels[2 * i], 80), symbol: label(labels[2 * i + 1], 32), now }));
  }
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(instruments).values(rows).onConflictDoNothing().returning({ id: instruments.instrumentId });
    result.added += inserted.length;
    for (const [i, c] of vaults.entries())
      await tx
        .update(discoveredVaults)
        .set({ listedBy: "discovery", instrumentId: rows[i]!.instrumentId, belowFloorSince: null, delisted: false })
        .where(and(eq(discoveredVaults.chainId, chainId), eq(discoveredVaults.address, c.address)));
  });
}

/** A vault's instrument as discovery lists it: no metrics until the sync reads it. */
function vaultInstrumentRow({
  vault,
  record,
  token,
  chain,
  name,
  symbol,
  now,
}: {
  vault: Candidate;
  record: Protocol;
  token: CoveredToken;
  chain: ChainInfo;
  /** Its name() and symbol(), where they are fit to show. */
  name: string | undefined;
  symbol: string | undefined;
  now: Date;
}): typeof instruments.$inferInsert {
  const short = `${vault.address.slice(0, 6)}…${vault.address.slice(-4)}`;
  const marketId = marketIdOf(vault.address as Hex);
  return {
    instrumentId: instrumentIdOf(chain.id, record.protocolAddress as Hex, marketId),
    protocolId: record.id,
    protocol: "morpho",
    chainId: chain.id,
    environment: chain.environment,
    protocolAddress: record.protocolAddress,
    marketId,
    adapterAddress: vault.address,
    tokenAddress: token.address,
    tokenSymbol: token.symbol,
    tokenDecimals: token.decimals,
    yieldTokenAddress: vault.address,
    yieldTokenSymbol: symbol ?? short,
    description: `${name ?? `Morpho vault ${short}`}, a ${vault.kind === "metamorpho" ? "MetaMorpho vault" : "Morpho Vault V2"} on ${chain.name}`,
    currentApy: 0,
    tvl: 0,
    isActive: false,
    isStablecoin: isStablecoinCategory(token.category),
    assetCategory: token.category,
    // Never synced: the sync reads it right after discovery, as any discovered market.
    lastSyncedAt: new Date(0),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Every valued vault's TVL and check time; for the listed ones, a day below the floor delists one
 * (and its instrument goes inactive), being above it again brings it back.
 */
async function updateFloorStates({
  db,
  chainId,
  now,
  minTvlUsd,
  managed,
  tvlOf,
}: {
  db: Db;
  chainId: number;
  now: Date;
  minTvlUsd: number;
  managed: Candidate[];
  tvlOf: ReadonlyMap<string, number>;
}) {
  const listed = managed.filter((c) => c.listedBy === "discovery" && tvlOf.has(c.address));
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
        ${pgArray(valued.map((c) => state.get(c.address)?.since?.toISOString() ?? null))}::timestamptz[],
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
