import "server-only";
import { chains } from "@/lib/facts/chains";
import { chainClient } from "@/lib/machinery/chain/client";
import { rpcEndpointOf, type RpcSource } from "@/lib/machinery/chain/rpc-endpoints";
import type { Db } from "@/lib/machinery/db/client";
import { pruneHistory } from "./prune-history";
import { syncChain, type ChainSyncResult } from "./sync-chain";

/**
 * The chains among `chainIds` (all, when not given) that have an RPC and so can be synced; with
 * `sources`, only those read through one of these kinds of RPC.
 */
export function syncableChainIds(chainIds?: number[], sources?: RpcSource[]): number[] {
  return chains
    .filter((c) => (chainIds ? chainIds.includes(c.id) : true))
    .filter((c) => {
      const endpoint = rpcEndpointOf(c.id);
      return endpoint !== undefined && (!sources || sources.includes(endpoint.source));
    })
    .map((c) => c.id);
}

/** Syncs every chain that has an RPC, concurrently; chains without one are not read. */
export async function syncAllChains({ db, chainIds, now }: { db: Db; chainIds?: number[]; now?: () => Date }): Promise<ChainSyncResult[]> {
  const targets = chains.filter((c) => (chainIds ? chainIds.includes(c.id) : true)).flatMap((c) => {
    const client = chainClient(c.id);
    return client ? [{ chainId: c.id, client }] : [];
  });
  const results = await Promise.all(targets.map(({ chainId, client }) => syncChain({ db, client, chainId, now })));
  // What the history no longer serves goes with each sync, so storage stays bounded.
  await pruneHistory({ db, now: now?.() ?? new Date() }).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", msg: "pruning history failed", err: String(err) })),
  );
  return results;
}
