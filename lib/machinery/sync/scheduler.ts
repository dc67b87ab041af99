import "server-only";
/**
 * The in-process sync, in two independent loops so that a slow or unreachable public RPC never holds
 * up the others:
 * - chains with RPC_URL_<chainId> and a running local chain (`npm run devnet`): every
 *   SYNC_INTERVAL_SECONDS when set; without it only the local chain, every DEVNET_SYNC_SECONDS, so
 *   the offline demo is live;
 * - chains read through their public RPC (no RPC_URL_<chainId>, PUBLIC_RPC not false): every
 *   PUBLIC_RPC_SYNC_SECONDS (or SYNC_INTERVAL_SECONDS if longer), and after a failed sync a chain
 *   waits twice as long each time (up to an hour) before it is tried again.
 */
import { readDevnetManifest } from "@/lib/machinery/chain/devnet-manifest";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import type { Config } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import { claimChains } from "./claim";
import { startHistoryLoop } from "./history/run-history";
import { syncAllChains, syncableChainIds } from "./run-sync";

export const DEVNET_SYNC_SECONDS = 15;
export const PUBLIC_RPC_SYNC_SECONDS = 300;
export const PUBLIC_RPC_MAX_BACKOFF_SECONDS = 3_600;

interface Cadence {
  name: "own" | "public";
  periodSeconds: number;
  /** The chains this loop syncs now. */
  candidates(): number[];
  /** Whether a failed chain waits longer before its next try. */
  backoff: boolean;
}

export function syncCadences(intervalSeconds: number | null): Cadence[] {
  return [
    {
      name: "own",
      periodSeconds: intervalSeconds ?? DEVNET_SYNC_SECONDS,
      candidates: () =>
        intervalSeconds
          ? syncableChainIds(undefined, ["configured", "devnet"])
          : readDevnetManifest()
            ? syncableChainIds([LOCAL_CHAIN_ID])
            : [],
      backoff: false,
    },
    {
      name: "public",
      periodSeconds: Math.max(intervalSeconds ?? 0, PUBLIC_RPC_SYNC_SECONDS),
      candidates: () => syncableChainIds(undefined, ["public"]),
      backoff: true,
    },
  ];
}

/** What the scheduler works with: the database, the sync interval, the clock, and whom to tell of new data. */
export interface SyncSchedulerDeps {
  db: Db;
  config: Pick<Config, "syncIntervalSeconds">;
  now?: () => Date;
  /**
   * Called after each round of syncs with the chains it synced, whatever came of each: even a sync that
   * failed half-way may have written (a vault delisted before a read failed), so answers cached from
   * those chains are stale.
   */
  onDataChanged?: (chainIds: number[]) => void;
}

/**
 * Starts the scheduler, and beside it the history backfill's own loop (history/run-history.ts); the
 * function it returns stops them and resolves once the syncs in flight end.
 */
export function startSyncScheduler(deps: SyncSchedulerDeps): () => Promise<void> {
  const loops = [...syncCadences(deps.config.syncIntervalSeconds).map((cadence) => startLoop(deps, cadence)), startHistoryLoop(deps)];
  return async () => {
    await Promise.all(loops.map((stop) => stop()));
  };
}

function startLoop({ db, now: clock = () => new Date(), onDataChanged }: SyncSchedulerDeps, cadence: Cadence): () => Promise<void> {
  const periodMs = cadence.periodSeconds * 1000;
  // Chains whose last syncs failed: how many in a row, and not before when to try again.
  const failing = new Map<number, { failures: number; notBefore: number }>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = async () => {
    let delayMs = periodMs;
    const now = clock();
    const candidates = cadence.candidates().filter((id) => (failing.get(id)?.notBefore ?? 0) <= now.getTime());
    if (candidates.length > 0) {
      try {
        // Instances sharing a database take turns: each chain is synced once per period by whichever
        // instance claims it first, and the others look again when that claim falls due. A restart
        // likewise keeps the cadence instead of syncing at once.
        const { claimed, nextDueAt } = await claimChains(db, candidates, cadence.periodSeconds, now);
        if (nextDueAt) delayMs = Math.min(periodMs, Math.max(1_000, nextDueAt.getTime() - now.getTime()));
        const results = await syncAllChains({ db, chainIds: claimed, now: clock });
        if (results.length > 0) onDataChanged?.(results.map((r) => r.chainId));
        for (const r of results) {
          if (cadence.backoff) {
            const failures = r.ok ? 0 : (failing.get(r.chainId)?.failures ?? 0) + 1;
            if (failures === 0) failing.delete(r.chainId);
            else {
              const pauseMs = Math.min(periodMs * 2 ** failures, PUBLIC_RPC_MAX_BACKOFF_SECONDS * 1000);
              failing.set(r.chainId, { failures, notBefore: clock().getTime() + pauseMs });
            }
          }
          console.log(
            JSON.stringify({ level: r.error ? "warn" : "info", msg: "sync", rpc: cadence.name, chainId: r.chainId, updated: r.updated, discovered: r.discovered, failed: r.failed.length, error: r.error, durationMs: r.durationMs }),
          );
        }
      } catch (err) {
        console.error(JSON.stringify({ level: "error", msg: "sync failed", rpc: cadence.name, err: String(err) }));
      }
    }
    const nextRetry = Math.min(...[...failing.values()].map((f) => f.notBefore));
    if (Number.isFinite(nextRetry)) delayMs = Math.min(delayMs, Math.max(1_000, nextRetry - clock().getTime()));
    if (!stopped) timer = setTimeout(run, delayMs).unref();
  };
  const run = () => {
    inFlight = tick();
  };
  timer = setTimeout(run, 0).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
}
