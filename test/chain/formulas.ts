// The protocols' APY formulas (docs/data.md) in exact big-integer arithmetic, written
// from the formulas and independent of lib/machinery/chain/rates.ts, so that a test compares the two.
export const SECONDS_PER_YEAR = 31_536_000n;
const SCALE = 10n ** 40n;

function powScaled(base: bigint, exponent: bigint): bigint {
  let result = SCALE;
  let b = base;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) / SCALE;
    b = (b * b) / SCALE;
    e >>= 1n;
  }
  return result;
}
const percentOf = (scaledGrowth: bigint) => Number(((scaledGrowth - SCALE) * 10n ** 16n) / SCALE) / 1e14;

/** Aave: apy = (1 + apr/S)^S − 1 with apr = liquidityRate / 1e27. */
export const aaveApyExpected = (liquidityRate: bigint) =>
  percentOf(powScaled(SCALE + (liquidityRate * SCALE) / (10n ** 27n * SECONDS_PER_YEAR), SECONDS_PER_YEAR));

/** Compound v3: apy = (1 + r)^S − 1 with r = getSupplyRate(utilization) / 1e18 per second. */
export const cometApyExpected = (supplyRate: bigint) =>
  percentOf(powScaled(SCALE + (supplyRate * SCALE) / 10n ** 18n, SECONDS_PER_YEAR));

/** ERC-4626 share-price growth: apy = (p1/p0)^(S/(t1−t0)) − 1. */
export const sharePriceApyExpected = (p0: bigint, t0: number, p1: bigint, t1: number) =>
  (Math.pow(Number((p1 * 10n ** 18n) / p0) / 1e18, Number(SECONDS_PER_YEAR) / (t1 - t0)) - 1) * 100;

/** amount / 10^decimals × price / priceUnit, exactly, then as a double. */
export const usdExpected = (amount: bigint, decimals: number, price: bigint, priceUnit: bigint) =>
  Number((amount * price * 10n ** 12n) / (10n ** BigInt(decimals) * priceUnit)) / 1e12;

export const expectRelative = (actual: number, expected: number, tolerance = 1e-9) => {
  const relative = Math.abs(actual - expected) / Math.abs(expected);
  if (!(relative <= tolerance))
    throw new Error(`expected ${actual} to equal ${expected} within ${tolerance} relative (was ${relative})`);
};

/** Fluid: supplyRate is a yearly APR in 1e2 precision (10,000 = 100 %), compounded per second like Aave's. */
export const fluidApyExpected = (supplyRate: bigint) =>
  percentOf(powScaled(SCALE + (supplyRate * SCALE) / (10_000n * SECONDS_PER_YEAR), SECONDS_PER_YEAR));

/** e^x − 1 by its Taylor series, x and the result scaled by SCALE. */
function expm1Scaled(x: bigint): bigint {
  let sum = 0n;
  let term = x;
  for (let k = 2n; term !== 0n; k++) {
    sum += term;
    term = (term * x) / (SCALE * k);
  }
  return sum;
}

export interface MorphoMarketRaw {
  /** IRM.borrowRateView, WAD per second (0 for a market without an IRM). */
  borrowRate: bigint;
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  /** Morpho.market(id).fee, WAD. */
  fee: bigint;
  /** Morpho.position(id, vault).supplyShares. */
  supplyShares: bigint;
}

/**
 * MetaMorpho net APY, recipe A of docs/data.md, Morpho: marketSupplyRate = borrowRate × utilization ×
 * (1 − fee); supplyAssets = supplyShares × (totalSupplyAssets + 1) / (totalSupplyShares + 1e6);
 * vaultRate = Σ marketSupplyRate × supplyAssets / totalAssets; apy = expm1(vaultRate × (1 − vaultFee) × S).
 */
export function metaMorphoApyExpected(
  markets: MorphoMarketRaw[],
  totalAssets: bigint,
  vaultFee: bigint,
): number {
  const WAD = 10n ** 18n;
  let weighted = 0n; // Σ marketSupplyRate (scaled by SCALE) × supplyAssets
  for (const m of markets) {
    if (m.totalSupplyAssets === 0n) continue;
    const supplyAssets = (m.supplyShares * (m.totalSupplyAssets + 1n)) / (m.totalSupplyShares + 10n ** 6n);
    weighted +=
      ((m.borrowRate * SCALE * m.totalBorrowAssets * (WAD - m.fee)) / (WAD * m.totalSupplyAssets * WAD)) *
      supplyAssets;
  }
  const yearly = (weighted * (WAD - vaultFee) * SECONDS_PER_YEAR) / (totalAssets * WAD);
  return percentOf(SCALE + expm1Scaled(yearly));
}

// Reward streams (docs/data.md, Rewards), following each contract's own accrual over a year, in
// its own integer steps, for every supplier together: what the whole supply earns in a year.

/** Whole tokens from smallest units, to 12 decimals. */
const wholeTokens = (amount: bigint, decimals: bigint) => Number((amount * 10n ** 12n) / 10n ** decimals) / 1e12;

/**
 * Aave RewardsDistributor: _getAssetIndex grows the index by emissionPerSecond × Δt × 10^assetDecimals /
 * scaledTotalSupply; _getRewards pays each supplier balance × Δindex / 10^assetDecimals.
 */
export function aaveRewardPerYearExpected(r: { emissionPerSecond: bigint; scaledTotalSupply: bigint; assetDecimals: bigint; rewardDecimals: bigint }) {
  const assetUnit = 10n ** r.assetDecimals;
  const indexDelta = (r.emissionPerSecond * SECONDS_PER_YEAR * assetUnit) / r.scaledTotalSupply;
  return wholeTokens((r.scaledTotalSupply * indexDelta) / assetUnit, r.rewardDecimals);
}

/**
 * Comet.accrueInternal: trackingSupplyIndex += speed × Δt × baseScale / totalSupplyBase (divBaseWei);
 * updateBasePrincipal: baseTrackingAccrued += principal × Δindex / trackingIndexScale / (baseScale /
 * BASE_ACCRUAL_SCALE); CometRewards.getRewardAccrued: × or ÷ rescaleFactor, × multiplier / 1e18.
 */
export function cometRewardPerYearExpected(r: {
  speed: bigint;
  baseScale: bigint;
  trackingIndexScale: bigint;
  accrualScale: bigint;
  totalSupplyBase: bigint;
  rescaleFactor: bigint;
  shouldUpscale: boolean;
  multiplier: bigint;
  rewardDecimals: bigint;
}) {
  const indexDelta = (r.speed * SECONDS_PER_YEAR * r.baseScale) / r.totalSupplyBase;
  const accrued = (r.totalSupplyBase * indexDelta) / r.trackingIndexScale / (r.baseScale / r.accrualScale);
  const rescaled = r.shouldUpscale ? accrued * r.rescaleFactor : accrued / r.rescaleFactor;
  return wholeTokens((rescaled * r.multiplier) / 10n ** 18n, r.rewardDecimals);
}

/**
 * Fluid fToken._calculateNewTokenExchangePrice: the exchange price grows by rewardsRate × Δt /
 * SECONDS_PER_YEAR (in 1e14 = 100 %), so a year pays totalAssets × rate / 1e14 of the underlying.
 */
export const fluidRewardPerYearExpected = (r: { rate: bigint; totalAssets: bigint; decimals: bigint }) =>
  wholeTokens((r.totalAssets * r.rate) / 10n ** 14n, r.decimals);
