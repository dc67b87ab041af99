import "server-only";
import { isNotNull } from "drizzle-orm";
import { chains } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";

/**
 * Chains whose figures are still the generated sample data seeded on first start:
 * no sync has succeeded on them. /health says the same per chain (lastSuccessAt null); the dashboard
 * labels their rows so that sample figures never pass for chain data.
 */
export async function sampleDataChainIds(db: Db): Promise<number[]> {
  const synced = await db
    .select({ chainId: chainSyncState.chainId })
    .from(chainSyncState)
    .where(isNotNull(chainSyncState.lastSuccessAt));
  const syncedIds = new Set(synced.map((r) => r.chainId));
  return chains.filter((c) => !syncedIds.has(c.id)).map((c) => c.id);
}
