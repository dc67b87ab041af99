import "server-only";
import { count, eq } from "drizzle-orm";
import { chains } from "@/lib/facts/chains";
import { rpcEndpointsOf, rpcNameOf, type RpcEndpoint } from "@/lib/machinery/chain/rpc-endpoints";
import type { Database } from "@/lib/machinery/db/client";
import { chainSyncState, datasetMeta, instruments } from "@/lib/machinery/db/schema";
import { historyProgressByChain } from "@/lib/machinery/sync/history/history-progress";
import type { Health } from "@/lib/schemas/health";

/** The data set's mode and, per chain, the last successful sync and the last error, and the history backfill's progress. */
export async function getHealth({ database, now }: { database: Database; now: Date }): Promise<Health> {
  const { db } = database;
  const [mode, syncRows, counts, historyOf] = await Promise.all([
    db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, "mode")),
    db.select().from(chainSyncState),
    db.select({ chainId: instruments.chainId, total: count() }).from(instruments).groupBy(instruments.chainId),
    historyProgressByChain(db, now),
  ]);
  const sync = new Map(syncRows.map((r) => [r.chainId, r]));
  const instrumentsOn = new Map(counts.map((r) => [r.chainId, r.total]));
  return {
    status: "ok",
    mode: mode[0]?.value === "live" ? "live" : "demo",
    database: database.kind,
    time: now.toISOString(),
    chains: chains.map((chain) => {
      const state = sync.get(chain.id);
      const endpoints = rpcEndpointsOf(chain.id);
      const rpc = endpoints[0];
      return {
        chainId: chain.id,
        name: chain.name,
        environment: chain.environment,
        instruments: instrumentsOn.get(chain.id) ?? 0,
        rpcConfigured: rpc !== undefined,
        rpcSource: rpc?.source ?? null,
        // A configured URL may carry the provider's key in its path: only public and local ones are named.
        rpcUrl: rpc && rpc.source !== "configured" ? rpc.url : null,
        rpcs: rpcsOf(endpoints, state?.rpcEndpoints ?? null),
        lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
        lastBlock: state?.lastBlock ?? null,
        lastBlockAt: state?.lastBlockAt?.toISOString() ?? null,
        failedSyncs: state?.failedSyncs ?? 0,
        lastErrorAt: state?.lastErrorAt?.toISOString() ?? null,
        lastError: state?.lastError ?? null,
        rejectedReadings: state?.rejectedReadings ?? [],
        history: rpc === undefined && !historyOf.known(chain.id) ? null : historyOf(chain.id),
      };
    }),
  };
}

/**
 * The chain's RPCs as configured now, with the rank and last error the last sync recorded for them;
 * when the list has changed since (other names or sources), ranked in the order given, without errors.
 */
function rpcsOf(endpoints: readonly RpcEndpoint[], recorded: Health["chains"][number]["rpcs"] | null): Health["chains"][number]["rpcs"] {
  const current = endpoints.map((e) => ({ name: rpcNameOf(e.url), source: e.source }));
  const same = recorded !== null && recorded.length === current.length && recorded.every((r, i) => r.name === current[i]!.name && r.source === current[i]!.source);
  if (same) return recorded.map((r) => ({ name: r.name, source: r.source, rank: r.rank, lastError: r.lastError, lastErrorAt: r.lastErrorAt }));
  return current.map((c, i) => ({ ...c, rank: i + 1, lastError: null, lastErrorAt: null }));
}
