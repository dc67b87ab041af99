import "server-only";
import type { RewardReading, RewardSource, RewardSourceFailure } from "./reward-reading";

// From what the sources read to what an instrument publishes: the streams running at the block's time,
// each counted once whichever sources report it, priced, and their APR over the USD supplied. A source
// that failed, or a stream whose token has no price, makes the rewards incomplete: unknown is never 0.

/** A reward stream as the API publishes it. */
export interface RewardStream {
  tokenAddress: `0x${string}`;
  tokenSymbol: string;
  /** Simple yearly rate in percent; null when the token has no price or nothing is supplied. */
  apr: number | null;
  priceUsd: number | null;
  source: RewardSource;
  /** ISO 8601, or null when the stream sets no end. */
  endsAt: string | null;
}

export interface InstrumentRewards {
  rewards: RewardStream[];
  /** The sum of the streams' APRs in percent (0 when none run). */
  apyReward: number;
  rewardsComplete: boolean;
}

export interface JudgeInput {
  /** Every reading of the instrument's yield token, from all sources. */
  readings: RewardReading[];
  /** The sources that could not be read for it. */
  failures: RewardSourceFailure[];
  /** Unix seconds of the block the chain was read at: whether a stream runs is judged then. */
  atTime: number;
  /** The USD value supplied (the instrument's TVL); null when unknown. */
  suppliedUsd: number | null;
  /** The chain's price feed for a token (by denomination), USD; null when it has none. */
  feedPriceUsd: (token: `0x${string}`) => number | null;
}

const SECONDS_PER_YEAR = 31_536_000;

/** Started, not ended, emitting something. */
export function isRunning(r: RewardReading, atTime: number): boolean {
  if (r.startsAt !== null && r.startsAt > atTime) return false;
  if (r.endsAt !== null && r.endsAt <= atTime) return false;
  if (r.tokensPerYear !== null) return r.tokensPerYear > 0;
  // A source that gives no figure for a running stream (Merkl, at times) leaves its rate unknown, not 0.
  return r.aprPercent === null || r.aprPercent > 0;
}

/** The protocol's oracle, else the chain's feed, else the source's own price. */
function priceOf(r: RewardReading, feedPriceUsd: JudgeInput["feedPriceUsd"]): number | null {
  const price = r.protocolPriceUsd ?? feedPriceUsd(r.tokenAddress) ?? r.sourcePriceUsd;
  return price !== null && Number.isFinite(price) && price > 0 ? price : null;
}

function aprOf(r: RewardReading, priceUsd: number | null, suppliedUsd: number | null): number | null {
  if (priceUsd === null) return null;
  if (r.tokensPerYear !== null) {
    if (suppliedUsd === null || suppliedUsd <= 0) return null;
    return ((r.tokensPerYear * priceUsd) / suppliedUsd) * 100;
  }
  // A source that states its own APR (Merkl) priced it at its own price: restate it at ours.
  if (r.aprPercent === null) return null;
  if (r.sourcePriceUsd === null || r.sourcePriceUsd <= 0) return r.aprPercent;
  return (r.aprPercent * priceUsd) / r.sourcePriceUsd;
}

/**
 * A stream reported on chain and by Merkl counts once, as the chain says it: Merkl's campaigns in a
 * token the instrument's own protocol already pays are left out. Merkl's own campaigns in one token
 * (two with different ends, say) are different streams and each counts.
 */
function countedOnce(readings: RewardReading[]): RewardReading[] {
  const onChain = readings.filter((r) => r.source !== "merkl");
  const paidOnChain = new Set(onChain.map((r) => r.tokenAddress.toLowerCase()));
  return [...onChain, ...readings.filter((r) => r.source === "merkl" && !paidOnChain.has(r.tokenAddress.toLowerCase()))];
}

export function judgeRewards({ readings, failures, atTime, suppliedUsd, feedPriceUsd }: JudgeInput): InstrumentRewards {
  let complete = failures.length === 0;
  const rewards = countedOnce(readings.filter((r) => isRunning(r, atTime))).map((r): RewardStream => {
    const priceUsd = priceOf(r, feedPriceUsd);
    const apr = aprOf(r, priceUsd, suppliedUsd);
    if (apr === null) complete = false;
    return {
      tokenAddress: r.tokenAddress,
      tokenSymbol: r.tokenSymbol,
      apr,
      priceUsd,
      source: r.source,
      endsAt: r.endsAt === null ? null : new Date(r.endsAt * 1000).toISOString(),
    };
  });
  rewards.sort((a, b) => (b.apr ?? -1) - (a.apr ?? -1) || a.tokenSymbol.localeCompare(b.tokenSymbol));
  const apyReward = rewards.reduce((sum, r) => sum + (r.apr ?? 0), 0);
  return { rewards, apyReward, rewardsComplete: complete };
}

/** Whole tokens a year from an emission per second in the token's smallest units. */
export function tokensPerYearOf(emissionPerSecond: bigint, decimals: number): number {
  return (Number(emissionPerSecond) * SECONDS_PER_YEAR) / 10 ** decimals;
}
