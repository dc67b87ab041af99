import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";

export interface ChainClaim {
  /** The chains this caller now syncs. */
  claimed: number[];
  /** When the earliest chain another instance holds falls due again; null when it took them all. */
  nextDueAt: Date | null;
}

/**
 * Takes the scheduled sync of each chain that no instance took in the last `spacingSeconds`.
 * Several server instances on one PostgreSQL database each run the scheduler; this makes one of
 * them read a chain per interval instead of every one of them.
 *
 * One upsert, atomic per row: of two instances claiming at once, the second sees the first's
 * claim and takes nothing. A claim is a timestamp, not a lock, so an instance that dies mid-sync
 * holds nothing: its chains fall due again one spacing after its claim.
 */
export async function claimChains(db: Db, chainIds: number[], spacingSeconds: number, now: Date): Promise<ChainClaim> {
  if (chainIds.length === 0) return { claimed: [], nextDueAt: null };
  const cutoff = new Date(now.getTime() - spacingSeconds * 1000);
  const taken = await db
    .insert(chainSyncState)
    .values(chainIds.map((chainId) => ({ chainId, syncClaimedAt: now })))
    .onConflictDoUpdate({
      target: chainSyncState.chainId,
      set: { syncClaimedAt: now },
      setWhere: sql`${chainSyncState.syncClaimedAt} is null or ${chainSyncState.syncClaimedAt} <= ${cutoff}`,
    })
    .returning({ chainId: chainSyncState.chainId });
  const claimed = taken.map((c) => c.chainId).sort((a, b) => a - b);
  const heldElsewhere = chainIds.filter((id) => !claimed.includes(id));
  if (heldElsewhere.length === 0) return { claimed, nextDueAt: null };
  const [earliest] = await db
    .select({ at: sql<string | Date | null>`min(${chainSyncState.syncClaimedAt})` })
    .from(chainSyncState)
    .where(inArray(chainSyncState.chainId, heldElsewhere));
  const heldSince = earliest?.at ? new Date(earliest.at) : now;
  return { claimed, nextDueAt: new Date(heldSince.getTime() + spacingSeconds * 1000) };
}
