// The benchmark's in-memory databases: the one that lists the whole chain (Comets and Morpho vaults
// inserted as the catalog lists chain 31337's, the rest left to discovery), a fresh one per vault
// discovery scan, and one that lists 200 of the chain's markets.
import { and, eq } from "drizzle-orm";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { migrateDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { isStablecoinCategory } from "@/lib/facts/asset-categories";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { MORPHO_BLUE_ADDRESS, devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import type { ExtraMarket } from "./extra-market";
import { POSITIONS_SUBSET, PROTOCOLS } from "./settings";

type InstrumentRow = typeof instruments.$inferSelect;
/** Steps to run at the end, the last added first. */
export type Cleanup = (() => Promise<unknown>)[];
const localInstruments = eq(instruments.chainId, LOCAL_CHAIN_ID);

/** A migrated in-memory database, closed with the benchmark; seeded with the catalog unless `seeded` is false. */
export async function openMemoryDatabase(cleanup: Cleanup, now: Date, seeded = true): Promise<Database> {
  const database = await openPglite("memory://");
  cleanup.unshift(() => database.close());
  await migrateDatabase(database);
  if (seeded) await seedCatalog({ db: database.db, now });
  return database;
}

/** Comets and Morpho vaults as instrument rows, by chain 31337's catalog rules (devnet/local-chain-catalog.ts). */
export async function listUndiscoverable(database: Database, markets: ExtraMarket[], now: Date) {
  const local = await database.db.select().from(protocols).where(eq(protocols.chainId, LOCAL_CHAIN_ID));
  const rows = markets
    .filter((m) => m.protocol === "compound" || m.protocol === "morpho")
    .map((m): typeof instruments.$inferInsert => {
      // Comets are Compound III's; the benchmark's vaults MetaMorpho (Morpho v1) vaults.
      const record = local.find(
        (p) => p.name === m.protocol && p.version === (m.protocol === "compound" ? 3 : 1),
      );
      if (!record) throw new Error(`the database has no ${m.protocol} record for chain ${LOCAL_CHAIN_ID}`);
      const protocolAddress = m.protocol === "compound" ? m.contract : MORPHO_BLUE_ADDRESS;
      const marketId = marketIdOf(m.protocol === "compound" ? m.underlying : m.contract);
      const kind = m.protocol === "compound" ? "market" : "vault";
      return {
        instrumentId: instrumentIdOf(LOCAL_CHAIN_ID, protocolAddress, marketId),
        protocolId: record.id,
        protocol: m.protocol,
        chainId: LOCAL_CHAIN_ID,
        environment: "test",
        protocolAddress,
        marketId,
        adapterAddress: m.contract,
        tokenAddress: m.underlying,
        tokenSymbol: m.token.symbol,
        tokenDecimals: m.token.decimals,
        yieldTokenAddress: m.contract,
        yieldTokenSymbol: m.symbol,
        description: `${record.displayName} ${m.token.symbol} ${kind} on the local chain (benchmark)`,
        currentApy: 0,
        tvl: 0,
        isActive: false,
        isStablecoin: isStablecoinCategory(m.token.assetCategory),
        assetCategory: m.token.assetCategory,
        lastSyncedAt: new Date(0),
        createdAt: now,
        updatedAt: now,
      };
    });
  await database.db.insert(instruments).values(rows);
  return rows.length;
}

export const localInstrumentRows = (database: Database) =>
  database.db.select().from(instruments).where(localInstruments);
export const countLocalInstruments = (database: Database) =>
  database.db.$count(instruments, localInstruments);

/**
 * A fresh database for a vault discovery scan, with the Aave rows of the synced one: the
 * underlyings the sync's Aave discovery added (WBTC) are covered there too.
 */
export async function discoveryScanDatabase(
  cleanup: Cleanup,
  now: Date,
  synced: Database,
): Promise<Database> {
  const aaveRows = await synced.db
    .select()
    .from(instruments)
    .where(and(localInstruments, eq(instruments.protocol, "aave")));
  const fresh = await openMemoryDatabase(cleanup, now);
  const [aave] = await fresh.db
    .select()
    .from(protocols)
    .where(and(eq(protocols.chainId, LOCAL_CHAIN_ID), eq(protocols.name, "aave")));
  await fresh.db
    .insert(instruments)
    .values(aaveRows.map((r) => ({ ...r, protocolId: aave!.id })))
    .onConflictDoNothing();
  return fresh;
}

/**
 * A database that lists POSITIONS_SUBSET of the synced chain's markets, a quarter per protocol:
 * the standard devnet's first, then the further markets in order.
 */
export async function subsetDatabase(cleanup: Cleanup, now: Date, synced: Database, extra: ExtraMarket[]) {
  const subset = await openMemoryDatabase(cleanup, now, false);
  await subset.db
    .insert(protocols)
    .values(await synced.db.select().from(protocols).where(eq(protocols.chainId, LOCAL_CHAIN_ID)));
  const standard = new Set(
    devnetMarkets.map((m) => devnetAddresses[m.contract as DevnetContract].toLowerCase()),
  );
  const extraIndex = new Map(extra.map((m) => [m.contract.toLowerCase(), m.index]));
  const rank = (address: string) =>
    standard.has(address.toLowerCase()) ? -1 : (extraIndex.get(address.toLowerCase()) ?? 1e9);
  const allRows = await localInstrumentRows(synced);
  const chosen: InstrumentRow[] = PROTOCOLS.flatMap((p) =>
    allRows
      .filter((r) => r.protocol === p)
      .sort((a, b) => rank(a.yieldTokenAddress) - rank(b.yieldTokenAddress))
      .slice(0, POSITIONS_SUBSET / 4),
  );
  await subset.db.insert(instruments).values(chosen);
  return { subset, chosen, allRows };
}
