import { count, eq } from "drizzle-orm";

import { catalogInstruments, catalogProtocols, type CatalogInstrument } from "@/lib/machinery/catalog/catalog-data";
import { localChainInstruments, localChainProtocols } from "@/lib/machinery/catalog/local-chain";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { environmentOfChain } from "@/lib/facts/chains";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { protocolRecordFacts } from "@/lib/facts/protocol-versions";
import { refreshYieldColumns } from "@/lib/machinery/db/yield-columns";
import { generateDemoHistory } from "@/lib/machinery/catalog/demo-metrics";
import type { Db } from "./client";
import { datasetMeta, instrumentSnapshots, instruments, protocols } from "./schema";

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

/**
 * Inserts the catalog's protocols and instruments that the database does not hold yet, each
 * instrument with a year of generated demo metrics: everything on an empty database, only the
 * additions (a new chain, a new market) on an existing one. Returns whether anything was added.
 */
export async function seedCatalog({ db, now }: { db: Db; now: Date }): Promise<boolean> {
  const [{ total: instrumentCount } = { total: 0 }] = await db.select({ total: count() }).from(instruments);
  const [{ total: protocolCount } = { total: 0 }] = await db.select({ total: count() }).from(protocols);
  const knownProtocols = new Set(
    protocolCount === 0
      ? []
      : (
          await db
            .select({ name: protocols.name, version: protocols.version, chainId: protocols.chainId })
            .from(protocols)
        ).map((p) => `${p.name}:${p.version}:${p.chainId}`),
  );
  const knownRows =
    instrumentCount === 0
      ? []
      : await db
          .select({ id: instruments.instrumentId, protocol: protocols.name, version: protocols.version })
          .from(instruments)
          .innerJoin(protocols, eq(protocols.id, instruments.protocolId));
  const knownInstruments = new Set(knownRows.map((r) => r.id));
  const newProtocols = seededProtocols.filter(
    (p) => !knownProtocols.has(`${p.name}:${p.version}:${p.chainId}`),
  );
  const newInstruments = seededInstruments.filter(
    (item) => !knownInstruments.has(catalogRow(item).instrumentId),
  );
  // Catalog instruments an earlier catalog filed under another version (a Vault V2 once listed as
  // MetaMorpho): same id, so they are re-filed rather than added.
  const versionOf = new Map(knownRows.map((r) => [r.id, `${r.protocol}:${r.version}`]));
  const misfiled = seededInstruments.filter((item) => {
    const filed = versionOf.get(catalogRow(item).instrumentId);
    return filed !== undefined && filed !== `${item.protocol}:${item.version}`;
  });
  if (newProtocols.length === 0 && newInstruments.length === 0 && misfiled.length === 0) return false;

  await db.transaction(async (tx) => {
    if (newProtocols.length > 0)
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
    const allProtocols = await tx
      .select({
        id: protocols.id,
        name: protocols.name,
        version: protocols.version,
        chainId: protocols.chainId,
      })
      .from(protocols);
    const protocolId = new Map(allProtocols.map((p) => [`${p.name}:${p.version}:${p.chainId}`, p.id]));
    for (const item of misfiled)
      await tx
        .update(instruments)
        .set({ protocolId: protocolId.get(`${item.protocol}:${item.version}:${item.chainId}`)!, description: item.description, updatedAt: now })
        .where(eq(instruments.instrumentId, catalogRow(item).instrumentId));

    const snapshotRows: (typeof instrumentSnapshots.$inferInsert)[] = [];
    const instrumentRows = newInstruments.map((item) => {
      const { instrumentId, marketId } = catalogRow(item);
      const history = generateDemoHistory({
        instrumentId,
        typicalApy: item.typicalApyPercent,
        typicalTvl: item.typicalTvlUsd,
        now,
      });
      for (const p of history.daily) snapshotRows.push({ instrumentId, interval: "day", ...p, isDemo: true });
      for (const p of history.hourly)
        snapshotRows.push({ instrumentId, interval: "hour", ...p, isDemo: true });
      return {
        instrumentId,
        protocolId: protocolId.get(`${item.protocol}:${item.version}:${item.chainId}`)!,
        protocol: item.protocol,
        chainId: item.chainId,
        environment: environmentOfChain(item.chainId)!,
        protocolAddress: item.protocolAddress,
        marketId,
        adapterAddress: item.adapterAddress,
        tokenAddress: item.tokenAddress,
        tokenSymbol: item.tokenSymbol,
        tokenDecimals: item.tokenDecimals,
        yieldTokenAddress: item.yieldTokenAddress,
        yieldTokenSymbol: item.yieldTokenSymbol,
        description: item.description,
        currentApy: history.current.apy,
        tvl: history.current.tvl,
        lastSyncedAt: history.current.bucketStart,
        isActive: !frozenMarkets.has(`${item.chainId}:${item.yieldTokenSymbol}`),
        isStablecoin: isStablecoinCategory(item.assetCategory),
        assetCategory: item.assetCategory,
        createdAt: now,
        updatedAt: now,
      };
    });
    for (const row of instrumentRows) {
      if (!row.protocolId) throw new Error(`catalog instrument ${row.description} has no protocol record`);
    }
    if (instrumentRows.length > 0) await tx.insert(instruments).values(instrumentRows).onConflictDoNothing();
    for (let i = 0; i < snapshotRows.length; i += 2_000)
      await tx
        .insert(instrumentSnapshots)
        .values(snapshotRows.slice(i, i + 2_000))
        .onConflictDoNothing();
    // Their sample history gives them apy7d, apy30d and apyChange7d like any other history.
    await refreshYieldColumns(tx, instrumentRows.map((r) => r.instrumentId));
    await tx.insert(datasetMeta).values({ key: "mode", value: "demo", updatedAt: now }).onConflictDoNothing();
  });
  return true;
}
