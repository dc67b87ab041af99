import { count } from "drizzle-orm";

import { catalogInstruments, catalogProtocols, type CatalogInstrument } from "@/lib/catalog/catalog-data";
import { instrumentIdOf, marketIdOf } from "@/lib/catalog/instrument-id";
import { environmentOfChain } from "@/lib/chains";
import { generateDemoHistory } from "@/lib/metrics/demo-metrics";
import type { Db } from "./client";
import { datasetMeta, instrumentSnapshots, instruments, protocols } from "./schema";

const displayNames = { aave: "Aave", compound: "Compound", morpho: "Morpho", fluid: "Fluid" } as const;

// Markets the protocol itself has frozen: listed, but not taking deposits.
const frozenMarkets = new Set([
  "8453:aBasUSDbC", // Aave froze the bridged USDbC reserve on Base in favour of native USDC.
]);

export const isStablecoinCategory = (category: string) => category === "USD" || category === "EUR";

export function catalogRow(item: CatalogInstrument) {
  const marketId = marketIdOf(item.marketAddress);
  return {
    instrumentId: instrumentIdOf(item.chainId, item.protocolAddress, marketId),
    marketId,
  };
}

/** Inserts the real catalog and a year of generated demo metrics, once, on an empty database. */
export async function seedCatalog({ db, now }: { db: Db; now: Date }): Promise<boolean> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(protocols);
  if (total > 0) return false;

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(protocols)
      .values(
        catalogProtocols.map((p) => ({
          name: p.name,
          version: p.version,
          displayName: `${displayNames[p.name]} V${p.version}`,
          chainId: p.chainId,
          environment: environmentOfChain(p.chainId)!,
          protocolAddress: p.protocolAddress,
          icon: p.name,
          docsUrl: p.docsUrl,
          deprecated: p.deprecated,
          deprecationReason: p.deprecated ? p.deprecationReason : null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: protocols.id, name: protocols.name, version: protocols.version, chainId: protocols.chainId });
    const protocolId = new Map(inserted.map((p) => [`${p.name}:${p.version}:${p.chainId}`, p.id]));

    const snapshotRows: (typeof instrumentSnapshots.$inferInsert)[] = [];
    const instrumentRows = catalogInstruments.map((item) => {
      const { instrumentId, marketId } = catalogRow(item);
      const history = generateDemoHistory({ instrumentId, typicalApy: item.typicalApyPercent, typicalTvl: item.typicalTvlUsd, now });
      for (const p of history.daily) snapshotRows.push({ instrumentId, interval: "day", ...p, isDemo: true });
      for (const p of history.hourly) snapshotRows.push({ instrumentId, interval: "hour", ...p, isDemo: true });
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
    await tx.insert(instruments).values(instrumentRows);
    for (let i = 0; i < snapshotRows.length; i += 2_000) await tx.insert(instrumentSnapshots).values(snapshotRows.slice(i, i + 2_000));
    await tx
      .insert(datasetMeta)
      .values({ key: "mode", value: "demo", updatedAt: now })
      .onConflictDoNothing();
  });
  return true;
}

