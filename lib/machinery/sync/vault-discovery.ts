import "server-only";
/**
 * Morpho vaults found on chain: each sync reads the MetaMorpho (v1.0, v1.1) and Vault
 * V2 factories' creation events, and keeps every vault they created. Each factory has its own cursor
 * per chain: a sync first follows the head (the blocks since the last sync), then fills the factory's
 * past newest block first, so a vault created today is listed by the next sync even while years of a
 * factory's history are still being read, within one budget of queries per sync. A vault is listed (becomes an instrument, read by the sync like any other) once its
 * underlying is a token the chain's instruments already cover (so a USD, EUR, ETH or BTC asset) and
 * its TVL reaches DISCOVERY_MIN_TVL_USD; after a day below the floor it is delisted (kept, inactive,
 * out of default listings) and it comes back when it is above again. Nothing here stops the sync:
 * failures come back as errors, which the sync reports in the chain's health.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { decodeEventLog, getAddress, isAddressEqual, toEventSelector, type Hex, type PublicClient, type RpcLog } from "viem";
import { BlockRangeTuner, scanLogs, scanLogsBackward, type OnChunk, type ScanBudget } from "@/lib/machinery/chain/logs";
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
/**
 * eth_getLogs queries and time per sync and chain, the head-following first and the backfill with the
 * rest; a past that needs more goes on in the next sync. Public RPCs get less.
 */
export const SCAN_BUDGET = { maxRequests: 100, maxMs: 30_000 };
export const PUBLIC_RPC_SCAN_BUDGET = { maxRequests: 25, maxMs: 20_000 };

export interface VaultDiscoveryResult {
  /** Vaults listed by this sync. */
  added: number;
  /** Vaults whose creation events this sync read for the first time. */
  found: number;
  /** Every factory was read from its deployment block up to the chain's latest block. */
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

/** A factory's cursor as this sync reads it: where its head-following and its backfill stand. */
interface FactoryCursor {
  factory: VaultFactory;
  /** The factory's address as its cursor row spells it (the row's key). */
  key: Hex;
  /** First block the head-following has not read. */
  nextBlock: bigint;
  /** Newest block of its past not read yet, and the oldest one to read. */
  backfillNextBlock: bigint;
  backfillLastBlock: bigint;
}

/**
 * Reads the factories' creation events within the budget: first the blocks since the last sync up to
 * the chain's head, for every factory (the head-following needs few queries, and takes what it needs
 * first, so that a vault created since is found however long a factory's history), then, with what is
 * left, the factories' past, newest block first, down to each one's deployment block.
 */
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
  // In a sync, the block every read is pinned to (lib/machinery/chain/chain-head.ts): the scan ends there.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const { cursors, blockRange } = await factoryCursors({ db, chainId, now, factories, head });
  const tuner = new BlockRangeTuner(blockRange, { min: 1, max: MAX_BLOCK_RANGE });
  const scan = { client, topic0: topic0s, tuner };
  const store = chunkStore({ db, chainId, now, factories, result, tuner });
  const following = await scanLogs({
    ...scan,
    sources: cursors.map((c) => ({ address: c.key, nextBlock: c.nextBlock })),
    toBlock: head,
    budget,
    onChunk: store("head"),
  });
  // The past gets what the head-following left of the budget. Each factory's backfill goes on from
  // where it stands, and the scan always reads the newest block any of them still needs: the chain's
  // recent history is complete soonest (a vault of last month before one of two years ago, whichever
  // factory made it), factories whose backfills stand at the same block (as after a first sync) share
  // every query, and the newest-deployed factory, whose past is shortest, is done first. After a
  // failure the rest waits for the next sync, which tries the head again first.
  const pending = cursors.filter((c) => c.backfillNextBlock >= c.backfillLastBlock);
  const backfill =
    pending.length === 0 || following.error
      ? { complete: pending.length === 0, requests: 0, refusals: 0, error: null }
      : await scanLogsBackward({
          ...scan,
          sources: pending.map((c) => ({ address: c.key, nextBlock: c.backfillNextBlock, lastBlock: c.backfillLastBlock })),
          budget: { deadline: budget.deadline, maxRequests: budget.maxRequests - following.requests },
          onChunk: store("backfill"),
        });
  // The span learned from refusals is kept even when no query was answered.
  await db.update(vaultDiscoveryCursors).set({ blockRange: tuner.size }).where(eq(vaultDiscoveryCursors.chainId, chainId));
  result.complete = following.complete && backfill.complete;
  result.requests = following.requests + backfill.requests;
  result.refusals = following.refusals + backfill.refusals;
  const error = following.error ?? backfill.error;
  if (error) result.errors.push(`Morpho vault discovery: ${error}`);
}

/**
 * Every factory's cursor, and the span to start with (the smallest that last worked). A factory no
 * sync has seen the head for yet (a new one, or one whose cursor the forward-only scan of earlier
 * versions left) starts following the head just after it, and its backfill at the head itself: the
 * backfill reads newest first anyway, so the first sync spends all of its budget on the most recent
 * blocks, none twice, and no overlap is needed where the two meet.
 */
async function factoryCursors({ db, chainId, now, factories, head }: { db: Db; chainId: number; now: Date; factories: VaultFactory[]; head: bigint }) {
  const rows = await db.select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, chainId));
  const rowOf = (f: VaultFactory) => rows.find((r) => isAddressEqual(r.factory as Hex, f.address));
  const blockRange = Math.min(...factories.map((f) => rowOf(f)?.blockRange ?? INITIAL_BLOCK_RANGE));
  const keyOf = (f: VaultFactory) => (rowOf(f)?.factory as Hex | undefined) ?? f.address;
  const starting = factories.filter((f) => rowOf(f)?.nextBlock == null);
  if (starting.length > 0)
    await db
      .insert(vaultDiscoveryCursors)
      .values(starting.map((f) => ({ chainId, factory: keyOf(f), nextBlock: Number(head + 1n), backfillNextBlock: Number(head), blockRange, updatedAt: now })))
      .onConflictDoUpdate({
        target: [vaultDiscoveryCursors.chainId, vaultDiscoveryCursors.factory],
        // backfill_last_block stays: a kept cursor's is where the forward-only scan had got to.
        set: { nextBlock: sql`excluded.next_block`, backfillNextBlock: sql`excluded.backfill_next_block`, updatedAt: now },
      });
  const cursors: FactoryCursor[] = factories.map((factory) => {
    const row = rowOf(factory);
    const nextBlock = row?.nextBlock != null ? BigInt(row.nextBlock) : head + 1n;
    return {
      factory,
      key: keyOf(factory),
      nextBlock,
      // Both are set together; were the backfill's ever missing, it would read the past again, not skip it.
      backfillNextBlock: row?.nextBlock != null ? BigInt(row.backfillNextBlock ?? row.nextBlock - 1) : head,
      backfillLastBlock: row?.backfillLastBlock != null ? BigInt(row.backfillLastBlock) : factory.fromBlock,
    };
  });
  return { cursors, blockRange };
}

/**
 * Stores an answered query: the vaults it found and its factories' cursors past its blocks, in one
 * transaction, so that a range counts as read only once its vaults are stored, and a vault is
 * recorded exactly once.
 */
function chunkStore({
  db,
  chainId,
  now,
  factories,
  result,
  tuner,
}: {
  db: Db;
  chainId: number;
  now: Date;
  factories: VaultFactory[];
  result: VaultDiscoveryResult;
  tuner: BlockRangeTuner;
}) {
  const factoryAt = new Map(factories.map((f) => [f.address.toLowerCase(), f]));
  return (part: "head" | "backfill"): OnChunk =>
    async ({ addresses, fromBlock, toBlock, logs }) => {
      const found = logs.flatMap((log) => {
        const factory = factoryAt.get(log.address.toLowerCase());
        // Only the queried factories' events count (a provider's stray answer does not).
        if (!factory || !addresses.some((a) => isAddressEqual(a, log.address))) return [];
        const vault = vaultOf(log, factory.kind);
        return vault ? [{ chainId, ...vault, factory: factory.address, kind: factory.kind, discoveredAt: now }] : [];
      });
      await db.transaction(async (tx) => {
        if (found.length > 0) {
          const inserted = await tx.insert(discoveredVaults).values(found).onConflictDoNothing().returning({ address: discoveredVaults.address });
          result.found += inserted.length;
        }
        await tx
          .update(vaultDiscoveryCursors)
          .set({ ...(part === "head" ? { nextBlock: Number(toBlock + 1n) } : { backfillNextBlock: Number(fromBlock - 1n) }), blockRange: tuner.size, updatedAt: now })
          .where(and(eq(vaultDiscoveryCursors.chainId, chainId), inArray(vaultDiscoveryCursors.factory, addresses)));
      });
    };
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
