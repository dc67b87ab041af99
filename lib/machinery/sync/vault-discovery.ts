/**
 * Morpho vaults found on chain: each sync reads the MetaMorpho (v1.0, v1.1) and Vault
 * V2 factories' creation events from a cursor per factory and chain, and keeps every vault they
 * created. A vault is listed (becomes an instrument, read by the sync like any other) once its
 * underlying is a token the chain's instruments already cover (so a USD, EUR, ETH or BTC asset) and
 * its TVL reaches DISCOVERY_MIN_TVL_USD; after a day below the floor it is delisted (kept, inactive,
 * out of default listings) and it comes back when it is above again. Nothing here stops the sync:
 * failures come back as errors, which the sync reports in the chain's health.
 */
import { and, eq, sql } from "drizzle-orm";
import { decodeEventLog, getAddress, isAddressEqual, toEventSelector, type Hex, type PublicClient, type RpcLog } from "viem";
import { BlockRangeTuner, scanLogs, type ScanBudget } from "@/lib/machinery/chain/logs";
import { shortError } from "@/lib/machinery/chain/multicall";
import { getChain } from "@/lib/facts/chains";
import { rpcEndpointOf } from "@/lib/machinery/chain/rpc-endpoints";
import { discoveryMinTvlUsd } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import { discoveredVaults, protocols, vaultDiscoveryCursors } from "@/lib/machinery/db/schema";
import { createMetaMorphoEvent, createVaultV2Event, vaultFactoriesOf } from "./vault-discovery-factories";
import { reviewVaults } from "./vault-review";
import type { VaultFactory, VaultKind } from "@/lib/machinery/catalog/catalog-data";

/** First eth_getLogs span on a chain; each cursor then keeps the span that last worked. */
export const INITIAL_BLOCK_RANGE = 10_000;
export const MAX_BLOCK_RANGE = 1_000_000;
/** Per sync and chain; a first scan that needs more goes on in the next sync. Public RPCs get less. */
export const SCAN_BUDGET = { maxRequests: 100, maxMs: 30_000 };
export const PUBLIC_RPC_SCAN_BUDGET = { maxRequests: 25, maxMs: 20_000 };

export interface VaultDiscoveryResult {
  /** Vaults listed by this sync. */
  added: number;
  /** Vaults whose creation events this sync read for the first time. */
  found: number;
  /** Every factory was read up to the chain's latest block. */
  complete: boolean;
  requests: number;
  refusals: number;
  errors: string[];
}


const topic0s = [toEventSelector(createMetaMorphoEvent), toEventSelector(createVaultV2Event)];

export async function discoverVaults({
  db,
  client,
  chainId,
  now,
  minTvlUsd,
  budget,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  /** DISCOVERY_MIN_TVL_USD unless given. */
  minTvlUsd?: number;
  budget?: { maxRequests: number; maxMs: number };
}): Promise<VaultDiscoveryResult> {
  const result: VaultDiscoveryResult = { added: 0, found: 0, complete: true, requests: 0, refusals: 0, errors: [] };
  const factories = vaultFactoriesOf(chainId);
  const chain = getChain(chainId);
  if (factories.length === 0 || !chain) return result;
  try {
    const records = await db
      .select()
      .from(protocols)
      .where(and(eq(protocols.chainId, chainId), eq(protocols.name, "morpho"), eq(protocols.deprecated, false)));
    if (!records.some((p) => p.version === 1)) return result; // no Morpho on this chain's catalog
    const limits = budget ?? (rpcEndpointOf(chainId)?.source === "public" ? PUBLIC_RPC_SCAN_BUDGET : SCAN_BUDGET);
    await scanFactories({ db, client, chainId, now, factories, result, budget: { maxRequests: limits.maxRequests, deadline: Date.now() + limits.maxMs } });
    await reviewVaults({ db, client, chainId, now, minTvlUsd: minTvlUsd ?? discoveryMinTvlUsd(), records, result });
  } catch (err) {
    result.errors.push(`Morpho vault discovery: ${shortError(err)}`);
  }
  return result;
}

/** Reads the factories' creation events from their cursors to the latest block, within the budget. */
async function scanFactories({
  db,
  client,
  chainId,
  now,
  factories,
  result,
  budget,
}: {
  db: Db;
  client: PublicClient;
  chainId: number;
  now: Date;
  factories: VaultFactory[];
  result: VaultDiscoveryResult;
  budget: ScanBudget;
}) {
  const cursors = await db.select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, chainId));
  const cursorOf = (f: VaultFactory) => cursors.find((c) => isAddressEqual(c.factory as Hex, f.address));
  const factoryAt = new Map(factories.map((f) => [f.address.toLowerCase(), f]));
  const tuner = new BlockRangeTuner(Math.min(...factories.map((f) => cursorOf(f)?.blockRange ?? INITIAL_BLOCK_RANGE)), {
    min: 1,
    max: MAX_BLOCK_RANGE,
  });
  const head = BigInt(await client.request({ method: "eth_blockNumber" }));
  const outcome = await scanLogs({
    client,
    sources: factories.map((f) => ({ address: f.address, nextBlock: BigInt(cursorOf(f)?.nextBlock ?? f.fromBlock) })),
    topic0: topic0s,
    toBlock: head,
    tuner,
    budget,
    onChunk: async ({ addresses, toBlock, logs }) => {
      const found = logs.flatMap((log) => {
        const factory = factoryAt.get(log.address.toLowerCase());
        // Only the queried factories' events count (a provider's stray answer does not).
        if (!factory || !addresses.some((a) => isAddressEqual(a, log.address))) return [];
        const vault = vaultOf(log, factory.kind);
        return vault ? [{ chainId, ...vault, factory: factory.address, kind: factory.kind, discoveredAt: now }] : [];
      });
      // The vaults and the cursors past them in one transaction: a vault is recorded exactly once.
      await db.transaction(async (tx) => {
        if (found.length > 0) {
          const inserted = await tx.insert(discoveredVaults).values(found).onConflictDoNothing().returning({ address: discoveredVaults.address });
          result.found += inserted.length;
        }
        await tx
          .insert(vaultDiscoveryCursors)
          .values(addresses.map((factory) => ({ chainId, factory, nextBlock: Number(toBlock + 1n), blockRange: tuner.size, updatedAt: now })))
          .onConflictDoUpdate({
            target: [vaultDiscoveryCursors.chainId, vaultDiscoveryCursors.factory],
            set: { nextBlock: sql`excluded.next_block`, blockRange: sql`excluded.block_range`, updatedAt: now },
          });
      });
    },
  });
  // The span learned from refusals is kept even when no query was answered.
  await db
    .update(vaultDiscoveryCursors)
    .set({ blockRange: tuner.size })
    .where(eq(vaultDiscoveryCursors.chainId, chainId));
  result.complete = outcome.complete;
  result.requests = outcome.requests;
  result.refusals = outcome.refusals;
  if (outcome.error) result.errors.push(`Morpho vault discovery: ${outcome.error}`);
}

function vaultOf(log: RpcLog, kind: VaultKind): { address: string; asset: string; createdBlock: number } | null {
  try {
    const event = decodeEventLog({
      abi: [kind === "metamorpho" ? createMetaMorphoEvent : createVaultV2Event],
      data: log.data,
      topics: log.topics as [Hex, ...Hex[]],
    });
    const args = event.args as { metaMorpho?: Hex; newVaultV2?: Hex; asset: Hex };
    const vault = args.metaMorpho ?? args.newVaultV2;
    if (!vault || log.blockNumber === null) return null;
    return { address: getAddress(vault), asset: getAddress(args.asset), createdBlock: Number(BigInt(log.blockNumber)) };
  } catch {
    return null; // the other factory kind's event, or a malformed log
  }
}
