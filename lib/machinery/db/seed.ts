import "server-only";
import { count, eq } from "drizzle-orm";

import { catalogInstruments, catalogProtocols, type CatalogInstrument } from "@/lib/machinery/catalog/catalog-data";
import { localChainInstruments, localChainProtocols } from "@/lib/machinery/catalog/local-chain";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { environmentOfChain } from "@/lib/facts/chains";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { protocolRecordFacts } from "@/lib/facts/protocol-versions";
import { generateDemoHistory } from "@/lib/machinery/catalog/demo-metrics";
import type { Db } from "./client";
import { datasetMeta, instrumentSnapshots, instruments, protocols } from "./schema";
import { refreshYieldColumns } from "./yield-columns";

// What a database is seeded with: the production catalog, and the local chain (31337) as its plan
// deploys it (local-chain.ts, generated from devnet/).
export const seededProtocols = [...catalogProtocols, ...localChainProtocols];
export const seededInstruments: readonly CatalogInstrument[] = [...catalogInstruments, ...localChainInstruments];

// Markets the protocol itself has frozen: listed, but not taking deposits.
const frozenMarkets = new Set([
  "8453:aBasUSDbC", // Aave froze the bridged USDbC reserve on Base in favour of native USDC.
]);

export function catalogRow(item: CatalogInstrument) {
  const marketId = marketIdOf(item.marketAddress);
  return {
    instrumentId: instrumentIdOf(item.chainId, item.protocolAddress, marketId),
    marketId,
  };
}

interface CatalogAdditions {
  newProtocols: typeof seededProtocols;
  newInstruments: CatalogInstrument[];
  /** Catalog instruments an earlier catalog filed under another version (a Vault V2 once listed as MetaMorpho). */
  misfiled: CatalogInstrument[];
}

/**
 * Inserts the catalog's protocols and instruments that the database does not hold yet, each
 * instrument with a year of generated demo metrics: everything on an empty database, only the
 * additions (a new chain, a new market) on an existing one. Returns whether anything was added.
 */
export async function seedCatalog({ db, now }: { db: Db; now: Date }): Promise<boolean> {
  const { newProtocols, newInstruments, misfiled } = await catalogAdditions(db);
  if (newProtocols.length === 0 && newInstruments.length === 0 && misfiled.length === 0) return false;
  await db.transaction(async (tx) => {
    await insertProtocols(tx, newProtocols, now);
    const protocolIdOf = await protocolIds(tx);
    await refileInstruments(tx, misfiled, protocolIdOf, now);
    await insertInstruments(tx, newInstruments, protocolIdOf, now);
    await tx.insert(datasetMeta).values({ key: "mode", value: "demo", updatedAt: now }).onConflictDoNothing();
  });
  return true;
}

/** What the catalog holds that the database does not (yet, or not under the same version). */
async function catalogAdditions(db: Db): Promise<CatalogAdditions> {
  const [{ total: instrumentCount } = { total: 0 }] = await db.select({ total: count() }).from(instruments);
  const [{ total: protocolCount } = { total: 0 }] = await db.select({ total: count() }).from(protocols);
  const knownProtocols = new Set(
    protocolCount === 0
      ? []
      : (
          await db
            .select({ name: protocols.name, version: protocols.version, chainId: protocols.chainId })
            .from(protocols)
        ).map(protocolKey),
  );
  const knownRows =
    instrumentCount === 0
      ? []
      : await db
          .select({ id: instruments.instrumentId, protocol: protocols.name, version: protocols.version })
          .from(instruments)
          .innerJoin(protocols, eq(protocols.id, instruments.protocolId));
  const knownInstruments = new Set(knownRows.map((r) => r.id));
  // Same id under another version: re-filed rather than added.
  const versionOf = new Map(knownRows.map((r) => [r.id, `${r.protocol}:${r.version}`]));
  return {
    newProtocols: seededProtocols.filter((p) => !knownProtocols.has(protocolKey(p))),
    newInstruments: seededInstruments.filter((item) => !knownInstruments.has(catalogRow(item).instrumentId)),
    misfiled: seededInstruments.filter((item) => {
      const filed = versionOf.get(catalogRow(item).instrumentId);
      return filed !== undefined && filed !== `${item.protocol}:${item.version}`;
    }),
  };
}

const protocolKey = (p: { name: string; version: number; chainId: number }) => `${p.name}:${p.version}:${p.chainId}`;

async function insertProtocols(tx: Db, newProtocols: typeof seededProtocols, now: Date) {
  if (newProtocols.length === 0) return;
  await tx
    .insert(protocols)
    .values(
      newProtocols.map((p) => ({
        name: p.name,
        version: p.version,
        ...protocolRecordFacts(p.name, p.version),
        chainId: p.chainId,
        environment: environmentOfChain(p.chainId)!,
        protocolAddress: p.protocolAddress,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Every protocol record's id, by name, version and chain. */
async function protocolIds(tx: Db): Promise<ProtocolIdOf> {
  const all = await tx
    .select({ id: protocols.id, name: protocols.name, version: protocols.version, chainId: protocols.chainId })
    .from(protocols);
  const idOf = new Map(all.map((p) => [protocolKey(p), p.id]));
  return (item) => idOf.get(protocolKey({ name: item.protocol, version: item.version, chainId: item.chainId }));
}

type ProtocolIdOf = (item: CatalogInstrument) => string | undefined;

async function refileInstruments(tx: Db, misfiled: CatalogInstrument[], protocolIdOf: ProtocolIdOf, now: Date) {
  for (const item of misfiled)
    await tx
      .update(instruments)
      .set({ protocolId: protocolIdOf(item)!, description: item.description, updatedAt: now })
      .where(eq(instruments.instrumentId, catalogRow(item).instrumentId));
}

/** The new instruments with their generated demo history, and their yield columns from it. */
async function insertInstruments(
  tx: Db,
  newInstruments: CatalogInstrument[],
  protocolIdOf: ProtocolIdOf,
  now: Date,
) {
  const snapshotRows: (typeof instrumentSnapshots.$inferInsert)[] = [];
  const instrumentRows = newInstruments.map((item) => {
    const { instrumentId, marketId } = catalogRow(item);
    const history = generateDemoHistory({ instrumentId, typicalApy: item.typicalApyPercent, typicalTvl: item.typicalTvlUsd, now });
    for (const p of history.daily) snapshotRows.push({ instrumentId, interval: "day", ...p, isDemo: true });
    for (const p of history.hourly) snapshotRows.push({ instrumentId, interval: "hour", ...p, isDemo: true });
    const protocolId = protocolIdOf(item);
    if (!protocolId) throw new Error(`catalog instrument ${item.description} has no protocol record`);
    return {
      ...instrumentRecord(item, now),
      instrumentId,
      marketId,
      protocolId,
      currentApy: history.current.apy,
      tvl: history.current.tvl,
      lastSyncedAt: history.current.bucketStart,
    };
  });
  if (instrumentRows.length > 0) await tx.insert(instruments).values(instrumentRows).onConflictDoNothing();
  for (let i = 0; i < snapshotRows.length; i += SNAPSHOT_ROWS_PER_INSERT)
    await tx
      .insert(instrumentSnapshots)
      .values(snapshotRows.slice(i, i + SNAPSHOT_ROWS_PER_INSERT))
      .onConflictDoNothing();
  // Their sample history gives them apy7d, apy30d and apyChange7d like any other history.
  await refreshYieldColumns(
    tx,
    instrumentRows.map((r) => r.instrumentId),
  );
}

// Far below PostgreSQL's 65,535 parameters per statement.
const SNAPSHOT_ROWS_PER_INSERT = 2_000;

/** A catalog instrument's record, but for its id, protocol record and metrics. */
function instrumentRecord(item: CatalogInstrument, now: Date) {
  return {
    protocol: item.protocol,
    chainId: item.chainId,
    environment: environmentOfChain(item.chainId)!,
    protocolAddress: item.protocolAddress,
    adapterAddress: item.adapterAddress,
    tokenAddress: item.tokenAddress,
    tokenSymbol: item.tokenSymbol,
    tokenDecimals: item.tokenDecimals,
    yieldTokenAddress: item.yieldTokenAddress,
    yieldTokenSymbol: item.yieldTokenSymbol,
    description: item.description,
    isActive: !frozenMarkets.has(`${item.chainId}:${item.yieldTokenSymbol}`),
    isStablecoin: isStablecoinCategory(item.assetCategory),
    assetCategory: item.assetCategory,
    createdAt: now,
    updatedAt: now,
  };
}
