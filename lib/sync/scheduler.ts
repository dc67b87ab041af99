/**
 * The in-process sync: every SYNC_INTERVAL_SECONDS when set. Without it, a running local chain
 * (`npm run devnet`) is still synced every DEVNET_SYNC_SECONDS so the offline demo is live.
 */
import { readDevnetManifest } from "@/lib/devnet/manifest";
import { DEVNET_CHAIN_ID } from "@/lib/devnet/plan";
import type { Services } from "@/lib/server/services";
import { claimChains } from "./claim";
import { syncAllChains, syncableChainIds } from "./run-sync";

export const DEVNET_SYNC_SECONDS = 15;

/** Starts the scheduler; the function it returns stops it and resolves once a sync in flight ends. */
export function startSyncScheduler(services: Services): () => Promise<void> {
  const interval = services.config.syncIntervalSeconds;
  const periodMs = (interval ?? DEVNET_SYNC_SECONDS) * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = async () => {
    let delayMs = periodMs;
    // With an interval: every chain with an RPC URL. Without one: only a running local chain.
    const candidates = syncableChainIds(interval ? undefined : readDevnetManifest() ? [DEVNET_CHAIN_ID] : []);
    if (candidates.length > 0) {
      try {
        // Instances sharing a database take turns: each chain is synced once per period by whichever
        // instance claims it first, and the others look again when that claim falls due. A restart
        // likewise keeps the cadence instead of syncing at once.
        const now = new Date();
        const { claimed, nextDueAt } = await claimChains(services.db, candidates, periodMs / 1000, now);
        if (nextDueAt) delayMs = Math.min(periodMs, Math.max(1_000, nextDueAt.getTime() - now.getTime()));
        const results = await syncAllChains({ db: services.db, chainIds: claimed });
        if (results.some((r) => r.updated > 0 || r.discovered > 0)) services.responses.invalidate();
        for (const r of results)
          console.log(JSON.stringify({ level: r.error ? "warn" : "info", msg: "sync", chainId: r.chainId, updated: r.updated, discovered: r.discovered, failed: r.failed.length, error: r.error, durationMs: r.durationMs }));
      } catch (err) {
        console.error(JSON.stringify({ level: "error", msg: "sync failed", err: String(err) }));
      }
    }
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
