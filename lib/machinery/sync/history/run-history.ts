import "server-only";
/**
 * The history backfill beside the live sync: its own loop, its own clients (so its calls never join
 * a live sync's JSON-RPC batches or wait behind them) and short transactions, so that it delays
 * neither a sync nor an API answer. Each run reads every chain that has an RPC and a successful live
 * sync (its instruments are known), within HISTORY_RPC_CALLS per chain.
 */
import { isNotNull } from "drizzle-orm";
import type { PublicClient } from "viem";
import { cachedChainClient } from "@/lib/machinery/chain/client";
import { rpcEndpointsOf, type RpcEndpoint } from "@/lib/machinery/chain/rpc-endpoints";
import { historyRpcCalls, historyRpcUrls } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import { chainSyncState } from "@/lib/machinery/db/schema";
import { syncableChainIds } from "../run-sync";
import { backfillChain, type HistoryRunResult } from "./backfill-chain";

/** Seconds between two runs of the backfill (each bounded by HISTORY_RPC_CALLS per chain). */
export const HISTORY_RUN_SECONDS = 30;

/** The RPCs for a chain's past: HISTORY_RPC_URL_<chainId> first, then the chain's own. */
export function historyEndpointsOf(chainId: number): RpcEndpoint[] {
  const own = rpcEndpointsOf(chainId);
  if (own.length === 0) return [];
  const past = historyRpcUrls(chainId).map((url): RpcEndpoint => ({ url, source: "configured" }));
  return [...past, ...own.filter((e) => !past.some((p) => p.url === e.url))];
}

const clients = new Map<string, PublicClient>();

/** The chain's history client (apart from its live one, so that the past never waits its turn), or undefined when it has no RPC. */
export const historyClient = (chainId: number) =>
  cachedChainClient(clients, chainId, historyEndpointsOf(chainId));

/** One run over every chain that may be backfilled, concurrently. */
export async function backfillAllChains({
  db,
  now,
}: {
  db: Db;
  now?: () => Date;
}): Promise<HistoryRunResult[]> {
  if (historyRpcCalls() === 0) return [];
  const synced = new Set(
    (
      await db
        .select({ chainId: chainSyncState.chainId })
        .from(chainSyncState)
        .where(isNotNull(chainSyncState.lastSuccessAt))
    ).map((r) => r.chainId),
  );
  const targets = syncableChainIds().filter((id) => synced.has(id));
  return Promise.all(
    targets.flatMap((chainId) => {
      const client = historyClient(chainId);
      return client ? [backfillChain({ db, client, chainId, now })] : [];
    }),
  );
}

/** Starts the backfill's loop; the function it returns stops it once the run in flight ends. */
export function startHistoryLoop({
  db,
  now,
  onDataChanged,
}: {
  db: Db;
  now?: () => Date;
  onDataChanged?: (chainIds: number[]) => void;
}): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const results = await backfillAllChains({ db, now });
      const written = results.filter((r) => r.pointsWritten > 0).map((r) => r.chainId);
      if (written.length > 0) onDataChanged?.(written);
      for (const r of results.filter((r) => r.claimed && (r.bucketsRead > 0 || r.error || r.stopped)))
        console.log(
          JSON.stringify({
            level: r.error ? "warn" : "info",
            msg: "history",
            chainId: r.chainId,
            buckets: r.bucketsRead,
            points: r.pointsWritten,
            missing: r.missing,
            rpcCalls: r.rpcCalls,
            error: r.error,
            stopped: r.stopped?.reason ?? null,
            durationMs: r.durationMs,
          }),
        );
    } catch (err) {
      console.error(JSON.stringify({ level: "error", msg: "history backfill failed", err: String(err) }));
    }
    if (!stopped) timer = setTimeout(run, HISTORY_RUN_SECONDS * 1000).unref();
  };
  const run = () => {
    inFlight = tick();
  };
  // The first run waits a little: the live sync goes first after a start.
  timer = setTimeout(run, 5_000).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
}
