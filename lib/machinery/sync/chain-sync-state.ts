/** What /health says of a chain's syncs: when one last succeeded, and the last error and when. */
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";

/** The state's error text is cut to this length. */
const MAX_ERROR_LENGTH = 1_000;
/** The markets a sync could not read that its error names (the count says how many in all). */
const NAMED_UNREAD_MARKETS = 5;

/**
 * A sync's outcome (in its transaction `tx`): a success time when it updated any market, its
 * errors with their time when it had any. What did not happen keeps its earlier value.
 */
export async function recordSyncState(
  tx: Db,
  { chainId, syncedAt, succeeded, errors }: { chainId: number; syncedAt: Date; succeeded: boolean; errors: readonly string[] },
) {
  const lastError = errors.length > 0 ? errors.join("; ").slice(0, MAX_ERROR_LENGTH) : null;
  await tx
    .insert(chainSyncState)
    .values({
      chainId,
      lastSuccessAt: succeeded ? syncedAt : null,
      lastErrorAt: lastError ? syncedAt : null,
      lastError,
    })
    .onConflictDoUpdate({
      target: chainSyncState.chainId,
      set: {
        ...(succeeded ? { lastSuccessAt: syncedAt } : {}),
        ...(lastError ? { lastErrorAt: syncedAt, lastError } : {}),
      },
    });
}

/** A sync that failed as a whole: only its error and when. */
export async function recordChainError(db: Db, chainId: number, message: string, at: Date) {
  await db
    .insert(chainSyncState)
    .values({ chainId, lastErrorAt: at, lastError: message })
    .onConflictDoUpdate({ target: chainSyncState.chainId, set: { lastErrorAt: at, lastError: message } });
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
