import { chains } from "@/lib/chains";
import { chainClient } from "@/lib/chain/client";
import { rpcUrlOf } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { syncChain, type ChainSyncResult } from "./sync-chain";

/** The chains among `chainIds` (all, when not given) that have an RPC URL and so can be synced. */
export function syncableChainIds(chainIds?: number[]): number[] {
  return chains.filter((c) => (chainIds ? chainIds.includes(c.id) : true) && rpcUrlOf(c.id) !== undefined).map((c) => c.id);
}

/** Syncs every chain that has an RPC URL, concurrently; chains without one are not read. */
export async function syncAllChains({ db, chainIds, now }: { db: Db; chainIds?: number[]; now?: () => Date }): Promise<ChainSyncResult[]> {
  const targets = chains.filter((c) => (chainIds ? chainIds.includes(c.id) : true)).flatMap((c) => {
    const client = chainClient(c.id);
    return client ? [{ chainId: c.id, client }] : [];
  });
  return Promise.all(targets.map(({ chainId, client }) => syncChain({ db, client, chainId, now })));
}
