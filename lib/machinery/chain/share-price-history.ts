import "server-only";
/**
 * A vault's APY is its share-price growth between two samples (docs/data.md, Morpho recipe B). On its
 * first sync a vault has no earlier sample, so this reads one from the chain's past: the share price
 * at the block about a day before the latest. That needs the node to keep old state (archive nodes,
 * and most hosted RPC providers); a full node keeps about the last 128 blocks, so where the day-old
 * read fails, a block RECENT_STATE_BLOCKS back is tried. Where neither works, there is no sample and
 * the vault gets its APY from the next sync's sample, as before.
 */
import type { PublicClient } from "viem";
import { MULTICALL3_ADDRESS, erc4626Abi, multicall3Abi } from "./abis";
import { multicall } from "./multicall";

/** Blocks back that a pruning full node still has the state of (geth keeps 128). */
export const RECENT_STATE_BLOCKS = 100n;
/** Close enough to the target time: the APY uses the block's own timestamp, not the target. */
const TIME_TOLERANCE_S = 600n;
/** Blocks over which the chain's average block time is estimated. */
const BLOCK_TIME_SAMPLE = 100_000n;

interface BlockRef {
  number: bigint;
  timestamp: bigint;
}

export interface PastSharePrice {
  instrumentId: string;
  /** Assets per `probe` shares at that block. */
  value: bigint;
  /** The block's timestamp, Unix seconds. */
  at: number;
}

/**
 * Share prices of `vaults` at a past block: about `targetWindowS` before the latest block, at least
 * `minWindowS` before it. A vault that did not exist then (or reverts) is left out; an RPC that
 * cannot serve old state gives an empty list, never an error.
 */
export async function readPastSharePrices(
  client: PublicClient,
  vaults: { instrumentId: string; address: `0x${string}` }[],
  { probe, targetWindowS, minWindowS }: { probe: bigint; targetWindowS: number; minWindowS: number },
): Promise<PastSharePrice[]> {
  if (vaults.length === 0) return [];
  const latestBlock = await client.getBlock({ blockTag: "latest" });
  const latest: BlockRef = { number: latestBlock.number, timestamp: latestBlock.timestamp };
  const newestAllowed = latest.timestamp - BigInt(minWindowS);
  const candidates: bigint[] = [];
  try {
    const dayBack = await lastBlockAtOrBefore(client, latest.timestamp - BigInt(targetWindowS), latest);
    if (dayBack) candidates.push(dayBack.number);
  } catch {
    // Block headers unavailable: only the recent block is tried.
  }
  if (latest.number > RECENT_STATE_BLOCKS) candidates.push(latest.number - RECENT_STATE_BLOCKS);

  for (const blockNumber of candidates) {
    try {
      const results = await multicall(
        client,
        [
          { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: "getCurrentBlockTimestamp" },
          ...vaults.map((v) => ({ address: v.address, abi: erc4626Abi, functionName: "convertToAssets", args: [probe] })),
        ],
        { blockNumber },
      );
      const stamp = results[0];
      if (!stamp?.ok) continue;
      const at = stamp.value as bigint;
      if (at > newestAllowed) continue;
      const samples = vaults.flatMap((v, i) => {
        const r = results[i + 1];
        return r?.ok && (r.value as bigint) > 0n ? [{ instrumentId: v.instrumentId, value: r.value as bigint, at: Number(at) }] : [];
      });
      if (samples.length > 0) return samples;
    } catch {
      // The node has pruned this block's state (or has no Multicall3 there): try the next candidate.
    }
  }
  return [];
}

/**
 * The last block with a timestamp at or before `target` (to within TIME_TOLERANCE_S), or null when
 * even the first block is later. Starts from the chain's average block time, gallops to bracket the
 * target, then bisects: a handful of header reads on a chain with steady blocks.
 */
export async function lastBlockAtOrBefore(client: PublicClient, target: bigint, latest: BlockRef): Promise<BlockRef | null> {
  if (latest.timestamp <= target) return latest;
  const read = async (number: bigint): Promise<BlockRef> => {
    const block = await client.getBlock({ blockNumber: number });
    return { number, timestamp: block.timestamp };
  };
  const sampleFrom = await read(latest.number > BLOCK_TIME_SAMPLE ? latest.number - BLOCK_TIME_SAMPLE : 0n);
  const span = latest.number - sampleFrom.number;
  const elapsed = latest.timestamp - sampleFrom.timestamp;
  // Seconds per block as a ratio, so sub-second blocks (Arbitrum) need no fractions.
  const blocksFor = (seconds: bigint) => (elapsed > 0n ? (seconds * span) / elapsed : 0n);
  const clampNumber = (n: bigint) => (n < 0n ? 0n : n > latest.number ? latest.number : n);

  // lo: at or before the target; hi: after it.
  let lo: BlockRef | null = null;
  let hi: BlockRef = latest;
  const guess = await read(clampNumber(latest.number - blocksFor(latest.timestamp - target)));
  if (guess.timestamp <= target) lo = guess;
  else hi = guess;
  let step = blocksFor(TIME_TOLERANCE_S) > 0n ? blocksFor(TIME_TOLERANCE_S) : 1n;
  // Gallop away from the guess until the target is bracketed.
  while (lo === null) {
    if (hi.number === 0n) return null;
    const probe = await read(clampNumber(hi.number - step));
    if (probe.timestamp <= target) lo = probe;
    else hi = probe;
    step *= 2n;
  }
  while (hi === latest && lo.number < latest.number - 1n) {
    const probe = await read(clampNumber(lo.number + step));
    if (probe.number === latest.number) break;
    if (probe.timestamp <= target) lo = probe;
    else hi = probe;
    step *= 2n;
  }
  // Bisect until the bracket is within the tolerance or adjacent.
  while (hi.number - lo.number > 1n && hi.timestamp - lo.timestamp > TIME_TOLERANCE_S) {
    const mid = await read((lo.number + hi.number) / 2n);
    if (mid.timestamp <= target) lo = mid;
    else hi = mid;
  }
  return lo;
}
