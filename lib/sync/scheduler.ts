/**
 * The in-process sync: every SYNC_INTERVAL_SECONDS when set. Without it, a running local chain
 * (`npm run devnet`) is still synced every DEVNET_SYNC_SECONDS so the offline demo is live.
 */
import { readDevnetManifest } from "@/lib/devnet/manifest";
import { DEVNET_CHAIN_ID } from "@/lib/devnet/plan";
import type { Services } from "@/lib/server/services";
import { syncAllChains } from "./run-sync";

export const DEVNET_SYNC_SECONDS = 15;

export function startSyncScheduler(services: Services): () => void {
  const interval = services.config.syncIntervalSeconds;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    // With an interval: every chain with an RPC URL. Without one: only a running local chain.
    const chainIds = interval ? undefined : readDevnetManifest() ? [DEVNET_CHAIN_ID] : [];
    if (chainIds === undefined || chainIds.length > 0) {
      try {
        const results = await syncAllChains({ db: services.db, chainIds });
        if (results.some((r) => r.updated > 0 || r.discovered > 0)) services.responses.invalidate();
        for (const r of results)
          console.log(JSON.stringify({ level: r.error ? "warn" : "info", msg: "sync", chainId: r.chainId, updated: r.updated, discovered: r.discovered, failed: r.failed.length, error: r.error, durationMs: r.durationMs }));
      } catch (err) {
        console.error(JSON.stringify({ level: "error", msg: "sync failed", err: String(err) }));
      }
    }
    if (!stopped) timer = setTimeout(tick, (interval ?? DEVNET_SYNC_SECONDS) * 1000).unref();
  };
  timer = setTimeout(tick, 0).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
