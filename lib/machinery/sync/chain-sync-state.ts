import "server-only";
/**
 * What /health says of a chain's syncs: when one last succeeded and at which block, how many failed
 * since, the last error and when, and the readings the last sync refused as impossible.
 */
import { eq, sql } from "drizzle-orm";
import type { ChainHead } from "@/lib/machinery/chain/chain-head";
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";
import type { RejectedReading } from "./check-readings";

/** The state's error text is cut to this length. */
const MAX_ERROR_LENGTH = 1_000;
/** The markets a sync could not read that its error names (the count says how many in all). */
const NAMED_UNREAD_MARKETS = 5;

/** The block the chain's values were last published at: a sync refuses an older head. */
export async function publishedBlockOf(db: Db, chainId: number): Promise<number | null> {
  const [row] = await db.select({ lastBlock: chainSyncState.lastBlock }).from(chainSyncState).where(eq(chainSyncState.chainId, chainId));
  return row?.lastBlock ?? null;
}

/**
 * A sync that read its chain (in its transaction `tx`): the block it read at and, when it published
 * any market, a success time that ends a run of failures; its errors with their time when it had any;
 * the readings it refused. What did not happen keeps its earlier value.
 */
export async function recordSyncState(
  tx: Db,
  {
    chainId,
    syncedAt,
    head,
    succeeded,
    errors,
    rejected,
  }: { chainId: number; syncedAt: Date; head: ChainHead; succeeded: boolean; errors: readonly string[]; rejected: readonly RejectedReading[] },
) {
  const lastError = errors.length > 0 ? errors.join("; ").slice(0, MAX_ERROR_LENGTH) : null;
  const read = { lastBlock: Number(head.number), lastBlockAt: new Date(head.timestamp * 1000), rejectedReadings: [...rejected] };
  await tx
    .insert(chainSyncState)
    .values({ chainId, ...read, lastSuccessAt: succeeded ? syncedAt : null, lastErrorAt: lastError ? syncedAt : null, lastError })
    .onConflictDoUpdate({
      target: chainSyncState.chainId,
      set: {
        ...read,
        ...(succeeded ? { lastSuccessAt: syncedAt, failedSyncs: 0 } : {}),
        ...(lastError ? { lastErrorAt: syncedAt, lastError } : {}),
      },
    });
}

/** A sync that failed as a whole (nothing published): its error and when, one more failure in the run. */
export async function recordChainError(db: Db, chainId: number, message: string, at: Date) {
  const lastError = message.slice(0, MAX_ERROR_LENGTH);
  await db
    .insert(chainSyncState)
    .values({ chainId, lastErrorAt: at, lastError, failedSyncs: 1 })
    .onConflictDoUpdate({
      target: chainSyncState.chainId,
      set: { lastErrorAt: at, lastError, failedSyncs: sql`${chainSyncState.failedSyncs} + 1` },
    });
}

/** The error that names each market not read (up to a few), so /health says which and why. */
export function unreadMarketsError(
  failed: readonly { instrumentId: string; error: string }[],
  markets: readonly { instrumentId: string; yieldTokenSymbol: string }[],
): string {
  const symbolOf = new Map(markets.map((m) => [m.instrumentId, m.yieldTokenSymbol]));
  const named = failed
    .slice(0, NAMED_UNREAD_MARKETS)
    .map((f) => `${symbolOf.get(f.instrumentId) ?? "?"} (${f.instrumentId.slice(0, 10)}…): ${f.error}`);
  return `${failed.length} market(s) not read: ${named.join("; ")}`;
}
