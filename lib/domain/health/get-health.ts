import "server-only";
import { count, eq } from "drizzle-orm";
import { chains } from "@/lib/facts/chains";
import { rpcEndpointOf } from "@/lib/machinery/chain/rpc-endpoints";
import type { Database } from "@/lib/machinery/db/client";
import { chainSyncState, datasetMeta, instruments } from "@/lib/machinery/db/schema";
import type { Health } from "@/lib/schemas/health";

/** The data set's mode and, per chain, the last successful sync and the last error. */
export async function getHealth({ database, now }: { database: Database; now: Date }): Promise<Health> {
  const { db } = database;
  const [mode, syncRows, counts] = await Promise.all([
    db.select({ value: datasetMeta.value }).from(datasetMeta).where(eq(datasetMeta.key, "mode")),
    db.select().from(chainSyncState),
    db.select({ chainId: instruments.chainId, total: count() }).from(instruments).groupBy(instruments.chainId),
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
      const rpc = rpcEndpointOf(chain.id);
      return {
        chainId: chain.id,
        name: chain.name,
        environment: chain.environment,
        instruments: instrumentsOn.get(chain.id) ?? 0,
        rpcConfigured: rpc !== undefined,
        rpcSource: rpc?.source ?? null,
        // A configured URL may carry the provider's key in its path: only public and local ones are named.
        rpcUrl: rpc && rpc.source !== "configured" ? rpc.url : null,
        lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
        lastBlock: state?.lastBlock ?? null,
        lastBlockAt: state?.lastBlockAt?.toISOString() ?? null,
        failedSyncs: state?.failedSyncs ?? 0,
        lastErrorAt: state?.lastErrorAt?.toISOString() ?? null,
        lastError: state?.lastError ?? null,
        rejectedReadings: state?.rejectedReadings ?? [],
      };
    }),
  };
}
