import "server-only";

// What a reward source says about one stream on one instrument, before it is priced and judged
// (running, counted once): the on-chain readers (Aave's incentives controller, Compound's
// CometRewards, Fluid's rewards rate model) and Merkl's API each return these.

/** Where a stream was read: the API's `source` values. */
export const rewardSources = ["aave-rewards-controller", "comet-rewards", "fluid-rewards-model", "merkl"] as const;
export type RewardSource = (typeof rewardSources)[number];

export interface RewardReading {
  source: RewardSource;
  /** The yield token the stream pays on (aToken, Comet, vault, fToken), lowercase. */
  yieldTokenAddress: `0x${string}`;
  /** The token paid, lowercase. */
  tokenAddress: `0x${string}`;
  tokenSymbol: string;
  tokenDecimals: number;
  /**
   * Whole tokens the stream pays a year to all suppliers at today's emission (emission per second
   * × 31,536,000 / 10^decimals), or null when the source gives an APR instead (Merkl).
   */
  tokensPerYear: number | null;
  /** The source's own APR in percent, when it gives one (Merkl); null otherwise. */
  aprPercent: number | null;
  /**
   * The protocol's own oracle's USD price of the token at the block (Aave's price oracle, a Comet's
   * price feed for the token), null when the protocol prices none.
   */
  protocolPriceUsd: number | null;
  /** The source's own USD price of the token (Merkl), null when it gives none. */
  sourcePriceUsd: number | null;
  /** Unix seconds; null when the source sets none. */
  startsAt: number | null;
  endsAt: number | null;
}

/** A source that could not be read: the instrument's rewards are then incomplete, never 0. */
export interface RewardSourceFailure {
  source: RewardSource;
  yieldTokenAddress: `0x${string}`;
  reason: string;
}
