import "server-only";
import { count } from "drizzle-orm";
import { instrumentFilter } from "@/lib/domain/instruments/list-instruments";
import { chainsOf, type Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState, instruments } from "@/lib/machinery/db/schema";
import type { ChainSummary } from "@/lib/schemas/chains";

/**
 * The chains of `environment` in their documented order, each with the instruments the instrument
 * list shows on it and the time a sync last published its figures.
 */
export async function listChains({
  db,
  environment,
}: {
  db: Db;
  environment: Environment;
}): Promise<ChainSummary[]> {
  const [listed, synced] = await Promise.all([
    // The instrument list's own filter, so that each count is that list's total (delisted vaults left out).
    db
      .select({ chainId: instruments.chainId, total: count() })
      .from(instruments)
      .where(instrumentFilter(environment, {}))
      .groupBy(instruments.chainId),
    // The sync state: a row per chain a sync has tried. No row, or lastSuccessAt null: the chain's
    // figures are still the sample data seeded on first start.
    db
      .select({ chainId: chainSyncState.chainId, lastSuccessAt: chainSyncState.lastSuccessAt })
      .from(chainSyncState),
  ]);
  const totals = new Map(listed.map((row) => [row.chainId, row.total]));
  const lastSuccess = new Map(synced.map((row) => [row.chainId, row.lastSuccessAt]));
  return chainsOf(environment).map((chain) => ({
    chainId: chain.id,
    name: chain.name,
    instruments: totals.get(chain.id) ?? 0,
    lastSyncedAt: lastSuccess.get(chain.id)?.toISOString() ?? null,
  }));
}
