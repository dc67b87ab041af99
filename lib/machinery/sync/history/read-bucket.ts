import "server-only";
/**
 * One bucket's points, read at its closing block by the same rules as a live sync (docs/data.md):
 * every instrument of the chain through its protocol's adapter, in one round of merged multicalls
 * per round of dependent reads, pinned to the block; the readings checked as live ones are (a reading
 * that is not finite fails, an impossible value is refused with its block); a vault without a rate
 * of its own (recipe B) measured by its share price's growth since the previous bucket's closing
 * block; TVL at that block's prices; the on-chain reward streams as they stood then (Merkl cannot be
 * read for the past: an instrument only Merkl rewards gets no apyReward).
 */
import type { PublicClient } from "viem";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { erc4626Abi } from "@/lib/machinery/chain/abis";
import { SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { coalescingMulticalls } from "@/lib/machinery/chain/coalesced-multicall";
import { multicall } from "@/lib/machinery/chain/multicall";
import { sharePriceApyPercent } from "@/lib/machinery/chain/rates";
import { readOnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
import { checkReadings, refuseImpossible, type GoodReadings, type RejectedReading } from "../check-readings";
import { instrumentValuesOf } from "../instrument-values";
import { readMarkets, type SyncedMarket } from "../read-markets";
import { rewardsOfInstruments } from "../sync-rewards";
import type { BlockHeader } from "./closing-block";

/** What one instrument's point holds. */
export interface HistoryPoint {
  instrumentId: string;
  apy: number;
  /** The on-chain reward streams' APR at the block; null where no source can be read for the past. */
  apyReward: number | null;
  tvl: number;
}

export interface BucketReading {
  points: HistoryPoint[];
  /** Instruments without a point and why (a contract younger than the bucket, a read that failed). */
  unread: { instrumentId: string; error: string }[];
  rejected: RejectedReading[];
}

type MarketsAndRewards = [
  Awaited<ReturnType<typeof readMarkets>>,
  Awaited<ReturnType<typeof readOnChainRewards>> | { readings: []; failures: [] },
];

/**
 * What the buckets of a run share, by block: the markets' readings (read once per closing block),
 * and the vaults' share prices: a bucket's reference (the share prices at the previous bucket's
 * closing block) is that bucket's own reading when the run reads it too, and costs no call; only a
 * bucket whose previous one is not being read asks the chain.
 */
export class SharedBlockReads {
  private readonly byBlock = new Map<bigint, Promise<Map<string, bigint>>>();
  private readonly pending = new Map<
    bigint,
    { resolve(prices: Map<string, bigint>): void; reject(err: unknown): void }
  >();
  private readonly readings = new Map<bigint, Promise<MarketsAndRewards>>();

  /** The markets' and rewards' reading at `block`, read once however many buckets close there. */
  readingAt(block: bigint, read: () => Promise<MarketsAndRewards>): Promise<MarketsAndRewards> {
    let reading = this.readings.get(block);
    if (!reading) {
      reading = read();
      reading.catch(() => this.readings.delete(block));
      this.readings.set(block, reading);
      // Kept for the buckets of this batch and the next: older blocks are not asked again.
      if (this.readings.size > 32) this.readings.delete(this.readings.keys().next().value!);
    }
    return reading;
  }

  /** A bucket about to be read at `block` will give its share prices. */
  expect(block: bigint) {
    if (this.byBlock.has(block)) return;
    const promise = new Promise<Map<string, bigint>>((resolve, reject) =>
      this.pending.set(block, { resolve, reject }),
    );
    promise.catch(() => this.byBlock.delete(block));
    this.byBlock.set(block, promise);
  }

  settle(block: bigint, prices: Map<string, bigint> | Error) {
    const waiting = this.pending.get(block);
    this.pending.delete(block);
    if (prices instanceof Error) waiting?.reject(prices);
    else if (waiting) waiting.resolve(prices);
    else this.byBlock.set(block, Promise.resolve(prices));
  }

  /** The share prices at `block`: given by a bucket's reading, else read with `read`. */
  at(block: bigint, read: () => Promise<Map<string, bigint>>): Promise<Map<string, bigint>> {
    const known = this.byBlock.get(block);
    if (known) return known.catch(read);
    const reading = read();
    reading.catch(() => this.byBlock.delete(block));
    this.byBlock.set(block, reading);
    return reading;
  }
}

/**
 * The points of `markets` at `block`; `previous` is the previous bucket's closing block (null when the
 * chain began after it: vaults measured by share price then get no point). An RPC that fails rejects.
 */
export async function readBucket({
  client,
  chainId,
  deployment,
  markets,
  block,
  previous,
  sharePrices = new SharedBlockReads(),
}: {
  client: PublicClient;
  chainId: number;
  deployment: ChainDeployment;
  markets: readonly SyncedMarket[];
  block: BlockHeader;
  previous: BlockHeader | null;
  sharePrices?: SharedBlockReads;
}): Promise<BucketReading> {
  const pinned = coalescingMulticalls(pinnedToBlock(client, block.number));
  const vaults = markets.filter((m) => m.protocol === "morpho" || m.protocol === "fluid");
  const onChain = markets.filter((m) => m.protocol !== "morpho");
  // Buckets with the same closing block (a day and the hour that end together, hours without a block
  // of their own) read it once.
  const ownRead = sharePrices.readingAt(block.number, () =>
    Promise.all([
      readMarkets({ client: pinned, chainId, deployment, markets }),
      onChain.length > 0
        ? readOnChainRewards({ client: pinned, chainId, instruments: onChain, deployment })
        : { readings: [], failures: [] },
    ]),
  );
  // The next bucket's reference: this bucket's share prices, once read.
  ownRead.then(
    ([read]) => sharePrices.settle(block.number, sharePricesOf(checkReadings(read.readings).good)),
    (err: unknown) => sharePrices.settle(block.number, err instanceof Error ? err : new Error(String(err))),
  );
  const [[read, rewardSources], pastSharePrices] = await Promise.all([
    ownRead,
    previous && vaults.length > 0
      ? sharePrices.at(previous.number, () => readSharePrices(client, vaults, previous.number))
      : new Map<string, bigint>(),
  ]);
  const { good, failed } = checkReadings(read.readings);
  const apys = sharePriceApys(good, pastSharePrices, previous);
  const measured = good.filter(([id, r]) => r.apy !== null || apys.has(id));
  const unmeasured = good
    .filter(([id, r]) => r.apy === null && !apys.has(id))
    .map(([instrumentId]) => ({
      instrumentId,
      error: "no share price at the previous bucket's closing block",
    }));
  const { accepted, rejected } = refuseImpossible(
    instrumentValuesOf({ good: measured, markets, sharePriceApys: apys }),
    Number(block.number),
  );
  const head = { number: block.number, timestamp: block.timestamp, hash: block.hash };
  const rewards = rewardsOfInstruments({ values: accepted, markets, sources: rewardSources, head });
  const merklOnly = new Set(markets.filter((m) => m.protocol === "morpho").map((m) => m.instrumentId));
  return {
    points: accepted.map((v) => {
      const judged = rewards.get(v.id);
      const known = judged && judged.rewardsComplete && !merklOnly.has(v.id);
      return { instrumentId: v.id, apy: v.apy, apyReward: known ? judged.apyReward : null, tvl: v.tvl };
    }),
    unread: [...failed, ...unmeasured],
    rejected,
  };
}

const sharePricesOf = (good: GoodReadings) =>
  new Map(good.flatMap(([id, r]) => (r.sharePrice ? [[id, r.sharePrice.value] as const] : [])));

/** Each vault's share price (assets per SHARE_PRICE_PROBE shares) at `blockNumber`, by instrument id; a vault that does not answer is left out. */
async function readSharePrices(
  client: PublicClient,
  vaults: readonly SyncedMarket[],
  blockNumber: bigint,
): Promise<Map<string, bigint>> {
  const results = await multicall(
    client,
    vaults.map((v) => ({
      address: v.adapterAddress,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [SHARE_PRICE_PROBE],
    })),
    { blockNumber },
  );
  return new Map(
    vaults.flatMap((v, i) => (results[i]?.ok ? [[v.instrumentId, results[i].value as bigint] as const] : [])),
  );
}

/** Recipe B: the share price's growth from the previous bucket's closing block to this one's, annualised. */
function sharePriceApys(
  good: GoodReadings,
  past: ReadonlyMap<string, bigint>,
  previous: BlockHeader | null,
): Map<string, number> {
  const apys = new Map<string, number>();
  if (!previous) return apys;
  for (const [id, r] of good) {
    const p0 = past.get(id);
    if (
      r.apy !== null ||
      !r.sharePrice ||
      p0 === undefined ||
      p0 <= 0n ||
      r.sharePrice.at <= previous.timestamp
    )
      continue;
    apys.set(id, sharePriceApyPercent(p0, previous.timestamp, r.sharePrice.value, r.sharePrice.at));
  }
  return apys;
}
