// The reward streams the local chain pays, through the protocols' own contracts (vendor/): an Aave
// RewardsController stream on aLocUSDC, COMP on the USDC Comet through CometRewards, and a Fluid
// LendingRewardsRateModel on fUSDC. Their contracts' addresses are in addresses.ts.
import type { DevnetContract } from "./addresses";
import { units } from "./tokens";

const DAY = 86_400n;
const SECONDS_PER_YEAR = 31_536_000n;

/** Tokens paid as rewards only (not markets' underlyings), each with its USD price (8 decimals). */
export const devnetRewardTokens = [
  {
    contract: "comp",
    name: "Compound",
    symbol: "COMP",
    decimals: 18,
    priceUsd8: 4_500_000_000n,
    feed: "compPriceFeed",
  },
  {
    contract: "aaveToken",
    name: "Aave Token",
    symbol: "AAVE",
    decimals: 18,
    priceUsd8: 18_000_000_000n,
    feed: "aaveTokenPriceFeed",
  },
] as const satisfies readonly {
  contract: DevnetContract;
  name: string;
  symbol: string;
  decimals: number;
  priceUsd8: bigint;
  feed: DevnetContract;
}[];

/**
 * aLocUSDC's stream in Aave's RewardsController: AAVE at `perYear` a year (emissionPerSecond in the
 * token's smallest units), for `days` from deployment (distributionEnd). The reward is priced by the
 * core pool's Aave oracle and by the controller's reward oracle (the AAVE / USD feed).
 */
export const devnetAaveStream = {
  aToken: "aUsdc",
  reward: "aaveToken",
  emissionPerSecond: units("11000", 18) / SECONDS_PER_YEAR,
  durationSeconds: 120n * DAY,
} as const satisfies {
  aToken: DevnetContract;
  reward: DevnetContract;
  emissionPerSecond: bigint;
  durationSeconds: bigint;
};

/**
 * The USD Comet's COMP: its tracking supply speed in trackingIndexScale (1e15) units per second,
 * 0.00125 COMP a second with CometRewards' default multiplier; rewards accrue once the suppliers'
 * principal reaches baseMinForRewards (1,000,000 USDC, as mainnet's USDC Comet). COMP is one of its
 * collaterals, priced by its COMP / USD feed.
 */
export const devnetCometStream = {
  comet: "cometUsdc",
  reward: "comp",
  baseTrackingSupplySpeed: 1_250_000_000_000n,
  baseMinForRewards: units("1000000", 6),
  /** COMP CometRewards holds to pay claims. */
  funding: units("100000", 18),
} as const satisfies {
  comet: DevnetContract;
  reward: DevnetContract;
  baseTrackingSupplySpeed: bigint;
  baseMinForRewards: bigint;
  funding: bigint;
};

/**
 * fUSDC's LendingRewardsRateModel: `amount` USDC over `days`, started at deployment, paid (as on
 * Fluid) through the fToken's exchange price; no rate below `startTvl` of total assets.
 */
export const devnetFluidStream = {
  fToken: "fUsdc",
  rewardAmount: units("300000", 6),
  durationSeconds: 90n * DAY,
  startTvl: units("1000000", 6),
} as const satisfies {
  fToken: DevnetContract;
  rewardAmount: bigint;
  durationSeconds: bigint;
  startTvl: bigint;
};

/**
 * The Fluid stream's yearly rate in basis points on `supply` (underlying units): what the model's
 * getRate answers at deployment (its yearly reward over total assets), rounded down. The fToken's
 * assets grow at its supply rate plus this one.
 */
export const fluidRewardsRateBps = (supply: bigint) =>
  (((devnetFluidStream.rewardAmount * SECONDS_PER_YEAR) / devnetFluidStream.durationSeconds) * 10_000n) /
  supply;
