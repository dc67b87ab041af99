import "server-only";
/**
 * One run of a chain's history backfill (docs/chain-data.md, History): it claims the chain (one
 * instance at a time), plans the buckets of the last year of days and week of hours at the head's
 * time, and reads the missing ones newest first, a few at a time, each at its closing block, until
 * none is missing, its JSON-RPC budget (HISTORY_RPC_CALLS) is spent, or the node refuses a block's
 * state: it then stops at the oldest block that node serves, and says why. What it read is written
 * bucket by bucket and recorded, so the next run carries on where this one stopped. It never touches
 * an instrument's current values, and never overwrites a point a live sync wrote.
 */
import type { PublicClient } from "viem";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { readChainHead } from "@/lib/machinery/chain/chain-head";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { describeRpcError } from "@/lib/machinery/chain/rpc-errors";
import { historyRpcCalls } from "@/lib/machinery/config";
import type { Db } from "@/lib/machinery/db/client";
import type { RejectedReading } from "../check-readings";
import { loadChainMarkets, type SyncedMarket } from "../read-markets";
import { missingBuckets, plannedBuckets, previousBucket, type Bucket } from "./buckets";
import { HeaderCache, type BlockHeader } from "./closing-block";
import {
  claimHistory,
  clearStopped,
  HISTORY_LEASE_SECONDS,
  readBucketKeys,
  recordHistoryRun,
  releaseHistory,
  stoppedBeforeOf,
  type HistoryRunOutcome,
} from "./history-state";
import { isBudgetSpent, meteredClient } from "./metered-client";
import { readBucket, SharedBlockReads } from "./read-bucket";
import { writeBuckets, type BucketToWrite } from "./write-bucket";

/** Buckets read at once: their reads of each round leave in one JSON-RPC batch. */
export const HISTORY_BATCH_BUCKETS = 8;
/**
 * What a bucket is taken to cost before the run has measured it (headers, the merged multicalls, the
 * lenses), and the margin on what it measured: a batch the budget cannot pay for to the end is read
 * for nothing (its buckets all stop at the last call).
 */
const FIRST_GUESS_CALLS_PER_BUCKET = 12;
const COST_MARGIN = 1.25;

export interface HistoryRunResult extends HistoryRunOutcome {
  chainId: number;
  /** False: another instance holds the chain's backfill; this run read nothing. */
  claimed: boolean;
  pointsWritten: number;
  /** Planned buckets still missing after the run. */
  missing: number;
  durationMs: number;
}

export async function backfillChain({
  db,
  client,
  chainId,
  deployment = deploymentOf(chainId),
  now = () => new Date(),
  budget = historyRpcCalls(),
  batchSize = HISTORY_BATCH_BUCKETS,
}: {
  db: Db;
  /** The chain's history client: HISTORY_RPC_URL_<chainId> first, then the chain's own RPCs. */
  client: PublicClient;
  chainId: number;
  deployment?: ChainDeployment;
  now?: () => Date;
  /** JSON-RPC calls the run may send (HISTORY_RPC_CALLS). */
  budget?: number;
  batchSize?: number;
}): Promise<HistoryRunResult> {
  const started = Date.now();
  const claimedAt = now();
  const result: HistoryRunResult = {
    chainId,
    claimed: false,
    rpcCalls: 0,
    bucketsRead: 0,
    pointsWritten: 0,
    missing: 0,
    rejected: [],
    error: null,
    stopped: null,
    durationMs: 0,
  };
  if (budget <= 0 || !(await claimHistory(db, chainId, claimedAt)))
    return { ...result, durationMs: Date.now() - started };
  result.claimed = true;
  const metered = meteredClient(client, budget);
  try {
    await fill({
      db,
      client: metered.client,
      spent: metered.spent,
      budget,
      chainId,
      deployment,
      now,
      batchSize,
      result,
      sharePrices: new SharedBlockReads(),
    });
  } catch (err) {
    if (!isBudgetSpent(err)) result.error = describeRpcError(err);
  } finally {
    result.rpcCalls = metered.spent();
    await recordHistoryRun(db, chainId, now(), result).catch(() => undefined);
    await releaseHistory(db, chainId, claimedAt).catch(() => undefined);
  }
  return { ...result, durationMs: Date.now() - started };
}

interface Run {
  db: Db;
  client: PublicClient;
  spent: () => number;
  budget: number;
  chainId: number;
  deployment: ChainDeployment;
  now: () => Date;
  batchSize: number;
  result: HistoryRunResult;
  sharePrices: SharedBlockReads;
}

async function fill(run: Run) {
  const { db, client, chainId, result } = run;
  const head = await readChainHead(client, chainId, null);
  const cache = new HeaderCache(headerReader(client), head);
  const markets = await loadChainMarkets({ db, chainId });
  const done = await readBucketKeys(db, chainId);
  const planned = plannedBuckets(head.timestamp);
  let missing = missingBuckets(planned, done, await stoppedBeforeOf(db, chainId, run.now()));
  const deadline = Date.now() + (HISTORY_LEASE_SECONDS / 2) * 1000;
  while (missing.length > 0 && markets.length > 0 && Date.now() < deadline) {
    const size = Math.min(run.batchSize, affordable(run));
    if (size === 0) break;
    const batch = missing.slice(0, size);
    const stop = await readBatch(run, cache, markets, batch);
    missing = missing.slice(batch.length);
    if (stop) break;
  }
  result.missing = missingBuckets(planned, await readBucketKeys(db, chainId)).length;
  if (result.missing === 0) await clearStopped(db, chainId);
}

/** How many more buckets the budget pays for, at what the run's buckets have cost so far. */
function affordable({ spent, budget, result }: Run): number {
  const perBucket =
    result.bucketsRead > 0
      ? Math.max(1, (spent() / result.bucketsRead) * COST_MARGIN)
      : FIRST_GUESS_CALLS_PER_BUCKET;
  return Math.max(0, Math.floor((budget - spent()) / perBucket));
}

/**
 * Reads `batch` (closing blocks one after another, each search starting from the headers of the one
 * before; then every bucket at once) and writes what was read. Returns whether the run must stop.
 */
async function readBatch(
  run: Run,
  cache: HeaderCache,
  markets: readonly SyncedMarket[],
  batch: Bucket[],
): Promise<boolean> {
  const blocks: { bucket: Bucket; block: BlockHeader | null; previous: BlockHeader | null }[] = [];
  for (const bucket of batch) {
    const block = await cache.closingBlock(bucket.end);
    const previous = block ? await cache.closingBlock(previousBucket(bucket).end) : null;
    blocks.push({ bucket, block, previous });
  }
  // Each bucket's share prices are the next one's recipe-B reference: read once.
  for (const { block } of blocks) if (block) run.sharePrices.expect(block.number);
  const reads = await Promise.allSettled(
    blocks.map(({ block, previous }) =>
      block
        ? readBucket({
            client: run.client,
            chainId: run.chainId,
            deployment: run.deployment,
            markets,
            block,
            previous,
            sharePrices: run.sharePrices,
          })
        : Promise.resolve(null),
    ),
  );
  const toWrite: BucketToWrite[] = [];
  let stop = false;
  const rejected: RejectedReading[] = [];
  reads.forEach((read, i) => {
    const { bucket, block } = blocks[i]!;
    if (stop) return;
    if (read.status === "rejected") {
      stop = true;
      stopFor(run, read.reason, bucket, block!);
      return;
    }
    // A bucket before the chain began is read as empty: nothing is there to read.
    const genesis: BlockHeader = { number: 0n, timestamp: 0, hash: "0x" };
    toWrite.push({ bucket, block: block ?? genesis, points: read.value?.points ?? [] });
    rejected.push(...(read.value?.rejected ?? []));
  });
  run.result.pointsWritten += await writeBuckets(run.db, run.chainId, toWrite, run.now());
  run.result.bucketsRead += toWrite.length;
  run.result.rejected.push(...rejected);
  return stop;
}

/** Why a bucket's read failed: the budget (no error), a node without the block's state (the backfill stops there), or another failure. */
function stopFor(run: Run, reason: unknown, bucket: Bucket, block: BlockHeader) {
  if (isBudgetSpent(reason)) return;
  const message = describeRpcError(reason);
  if (MISSING_STATE.test(message)) {
    run.result.stopped = {
      block: Number(block.number),
      before: bucket.end,
      reason: `the RPC serves no state at block ${block.number} (${new Date(bucket.start * 1000).toISOString().slice(0, 16)}Z ${bucket.interval}): ${message}`,
    };
  } else
    run.result.error = `bucket ${bucket.interval} ${new Date(bucket.start * 1000).toISOString()} at block ${block.number}: ${message}`;
}

/** What nodes answer for a block whose state they no longer keep (geth, erigon, reth, nethermind, Anvil, providers). */
const MISSING_STATE =
  /missing trie node|state.*(not available|unavailable|pruned|histor)|histor.*state|header not found|pruned|not (archive|available)|BlockOutOfRange|unknown block|block .*not found|archive/i;

function headerReader(client: PublicClient) {
  return async (number: bigint): Promise<BlockHeader> => {
    const block = await client.getBlock({ blockNumber: number });
    if (block.number === null || block.hash === null)
      throw new Error(`block ${number} has no number or hash`);
    return { number: block.number, timestamp: Number(block.timestamp), hash: block.hash };
  };
}
