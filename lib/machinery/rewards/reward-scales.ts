/**
 * The scales of the on-chain reward sources, from the contracts' own sources (vendor/): what each
 * pays a year to all suppliers, in whole reward tokens, exact in integers up to the last division.
 */
import { ratio } from "@/lib/machinery/chain/rates";

export const SECONDS_PER_YEAR = 31_536_000n;

/**
 * Aave v3 RewardsDistributor: the asset's index grows by emissionPerSecond × Δt × 10^assetDecimals /
 * scaledTotalSupply and each supplier accrues balance × Δindex / 10^assetDecimals, so all suppliers
 * together receive emissionPerSecond of the reward's smallest units a second (until distributionEnd).
 */
export function aaveTokensPerYear({ emissionPerSecond, decimals }: { emissionPerSecond: bigint; decimals: number }): number {
  return ratio(emissionPerSecond * SECONDS_PER_YEAR, 10n ** BigInt(decimals));
}

export interface CometTracking {
  /** Comet.baseTrackingSupplySpeed, in trackingIndexScale units a second. */
  baseTrackingSupplySpeed: bigint;
  trackingIndexScale: bigint;
  /** Comet.baseScale: 10^(base token decimals). */
  baseScale: bigint;
  /** CometExt.baseAccrualScale(): CometCore's BASE_ACCRUAL_SCALE, 1e6. */
  baseAccrualScale: bigint;
  baseMinForRewards: bigint;
  /** totalsBasic().totalSupplyBase: the suppliers' principal. */
  totalSupplyBase: bigint;
  /** CometRewards.rewardConfig(comet). */
  rescaleFactor: bigint;
  shouldUpscale: boolean;
  multiplier: bigint;
  /** The reward token's decimals. */
  decimals: number;
}

/** CometRewards.FACTOR_SCALE, the unit of its multiplier. */
const COMET_FACTOR_SCALE = 10n ** 18n;

/**
 * Compound v3: while the suppliers' principal reaches baseMinForRewards, Comet.accrueInternal grows
 * trackingSupplyIndex by baseTrackingSupplySpeed × Δt × baseScale / totalSupplyBase, and each supplier
 * accrues principal × Δindex / trackingIndexScale / accrualDescaleFactor (baseScale / baseAccrualScale),
 * so all suppliers accrue speed × baseScale / (trackingIndexScale × accrualDescaleFactor) a second, in
 * units of baseAccrualScale. CometRewards.getRewardAccrued turns those into the reward's smallest
 * units: × rescaleFactor (shouldUpscale) or ÷ rescaleFactor, then × multiplier / FACTOR_SCALE.
 */
export function cometTokensPerYear(t: CometTracking): number {
  if (t.totalSupplyBase < t.baseMinForRewards) return 0;
  const descale = t.baseScale / t.baseAccrualScale;
  if (t.trackingIndexScale === 0n || descale === 0n || t.rescaleFactor === 0n)
    throw new RangeError("a zero scale (trackingIndexScale, baseScale / baseAccrualScale or rescaleFactor)");
  const up = t.shouldUpscale ? t.rescaleFactor : 1n;
  const down = t.shouldUpscale ? 1n : t.rescaleFactor;
  return ratio(
    t.baseTrackingSupplySpeed * SECONDS_PER_YEAR * t.baseScale * up * t.multiplier,
    t.trackingIndexScale * descale * down * COMET_FACTOR_SCALE * 10n ** BigInt(t.decimals),
  );
}

/** Fluid fToken (fToken/variables.sol): a model's rate above MAX_REWARDS_RATE (50 %) is applied as 0. */
export const FLUID_MAX_REWARDS_RATE = 50n * 10n ** 12n;
/** Fluid's rewards rate precision: 1e12 is 1 %, so 1e14 is 100 % (iLendingRewardsRateModel.sol). */
const FLUID_RATE_ONE = 10n ** 14n;

/**
 * Fluid: the rewards rate model's rate is a yearly rate of the fToken's total assets (1e12 = 1 %),
 * which the fToken adds to its exchange price (fToken/main.sol _calculateNewTokenExchangePrice): a
 * year pays rate / 1e14 of the total assets, in the underlying. An ended stream or a rate above the
 * fToken's cap pays nothing.
 */
export function fluidTokensPerYear({ rate, ended, totalAssets, decimals }: { rate: bigint; ended: boolean; totalAssets: bigint; decimals: number }): number {
  if (ended || rate > FLUID_MAX_REWARDS_RATE) return 0;
  return ratio(rate * totalAssets, FLUID_RATE_ONE * 10n ** BigInt(decimals));
}

/** A price answered in units of `unit` (10^decimals, or an oracle's BASE_CURRENCY_UNIT); null when either is not positive. */
export function priceIn(answer: bigint, unit: bigint): number | null {
  return answer > 0n && unit > 0n ? ratio(answer, unit) : null;
}
