import "server-only";
/**
 * The history backfill's state per chain: the claim that makes one instance at a time read a chain's
 * past (a lease, as a chain's sync is claimed: lib/machinery/sync/claim.ts), the buckets read (so a
 * restart resumes with the next missing one), and how the last run ended.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { chainHistoryState, historyBuckets } from "@/lib/machinery/db/schema";
import type { RejectedReading } from "../check-readings";
import { bucketKey } from "./buckets";

/** A run holds its chain this long at most; an instance that dies mid-run holds nothing after it. */
export const HISTORY_LEASE_SECONDS = 600;
/** After a node refused the past state, the buckets it would not serve are tried again this much later. */
export const HISTORY_RETRY_SECONDS = 6 * 3_600;
const MAX_ERROR_LENGTH = 1_000;

/**
 * Takes the chain's backfill unless another instance holds it (claimed within the lease): one atomic
 * upsert, so of two instances claiming at once the second takes nothing. Returns whether it took it.
 */
export async function claimHistory(db: Db, chainId: number, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - HISTORY_LEASE_SECONDS * 1000);
  const taken = await db
    .insert(chainHistoryState)
    .values({ chainId, claimedAt: now })
    .onConflictDoUpdate({
      target: chainHistoryState.chainId,
      set: { claimedAt: now },
      setWhere: sql`${chainHistoryState.claimedAt} is null or ${chainHistoryState.claimedAt} <= ${cutoff}`,
    })
    .returning({ chainId: chainHistoryState.chainId });
  return taken.length > 0;
}

/** Ends the run's hold on the chain (only its own: the claim it took at `claimedAt`). */
export async function releaseHistory(db: Db, chainId: number, claimedAt: Date): Promise<void> {
  await db
    .update(chainHistoryState)
    .set({ claimedAt: null })
    .where(and(eq(chainHistoryState.chainId, chainId), eq(chainHistoryState.claimedAt, claimedAt)));
}

/** The keys (bucketKey) of the chain's buckets already read. */
export async function readBucketKeys(db: Db, chainId: number): Promise<Set<string>> {
  const rows = await db
    .select({ interval: historyBuckets.interval, start: historyBuckets.bucketStart })
    .from(historyBuckets)
    .where(eq(historyBuckets.chainId, chainId));
  return new Set(rows.map((r) => bucketKey({ interval: r.interval, start: r.start.getTime() / 1000 })));
}

/** Where the last run stopped for want of past state, while that is recent enough to hold: the bucket end at or before which nothing is tried. */
export async function stoppedBeforeOf(db: Db, chainId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ before: chainHistoryState.stoppedBefore, at: chainHistoryState.stoppedAt })
    .from(chainHistoryState)
    .where(eq(chainHistoryState.chainId, chainId));
  if (!row?.before || !row.at || row.at.getTime() + HISTORY_RETRY_SECONDS * 1000 <= now.getTime())
    return null;
  return row.before.getTime() / 1000;
}

export interface HistoryRunOutcome {
  rpcCalls: number;
  bucketsRead: number;
  rejected: RejectedReading[];
  error: string | null;
  /** The run met a block the node serves no state for: that block, the bucket's end and why. */
  stopped: { block: number; before: number; reason: string } | null;
}

/** Records how a run ended: what it spent and read, its refusals, its error, and why it stopped if it did. */
export async function recordHistoryRun(
  db: Db,
  chainId: number,
  now: Date,
  run: HistoryRunOutcome,
): Promise<void> {
  const error = run.error?.slice(0, MAX_ERROR_LENGTH) ?? null;
  await db
    .update(chainHistoryState)
    .set({
      lastRunAt: now,
      rpcCalls: sql`${chainHistoryState.rpcCalls} + ${run.rpcCalls}`,
      bucketsRead: sql`${chainHistoryState.bucketsRead} + ${run.bucketsRead}`,
      ...(run.rejected.length > 0 ? { rejectedReadings: run.rejected.slice(0, 50) } : {}),
      ...(error ? { lastError: error, lastErrorAt: now } : {}),
      ...(run.stopped
        ? {
            stoppedReason: run.stopped.reason.slice(0, MAX_ERROR_LENGTH),
            stoppedAt: now,
            stoppedBlock: run.stopped.block,
            stoppedBefore: new Date(run.stopped.before * 1000),
          }
        : {}),
    })
    .where(eq(chainHistoryState.chainId, chainId));
}

/** A chain whose every planned bucket is read no longer stands stopped. */
export async function clearStopped(db: Db, chainId: number): Promise<void> {
  await db
    .update(chainHistoryState)
    .set({ stoppedReason: null, stoppedAt: null, stoppedBlock: null, stoppedBefore: null })
    .where(eq(chainHistoryState.chainId, chainId));
}
