import "server-only";
/**
 * APY formulas of docs/data.md, in percent. log1p/expm1 keep the
 * compounding exact to double precision where (1 + r)^n would lose the small per-second rate.
 */
export const SECONDS_PER_YEAR = 31_536_000;

const RAY = 10n ** 27n;
const WAD = 10n ** 18n;

/** Exact bigint ratio as a double, for values far beyond 2^53. */
export function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) throw new RangeError("division by zero");
  const scale = 10n ** 18n;
  const whole = numerator / denominator;
  const rest = ((numerator % denominator) * scale) / denominator;
  return Number(whole) + Number(rest) / 1e18;
}

/** A yearly APR (a fraction) compounded every second over a year, in percent: (1 + apr/S)^S − 1. */
const aprCompoundedPercent = (apr: number) =>
  Math.expm1(SECONDS_PER_YEAR * Math.log1p(apr / SECONDS_PER_YEAR)) * 100;

/** Aave v3: currentLiquidityRate is a yearly APR in ray; compounded every second over a year. */
export function aaveApyPercent(liquidityRateRay: bigint): number {
  return aprCompoundedPercent(ratio(liquidityRateRay, RAY));
}

/**
 * Fluid: the Liquidity layer's supplyRate is a yearly APR in 1e2 precision (10,000 = 100 %), accrued
 * into the exchange price as it goes; compounded every second like Aave's.
 */
export function fluidSupplyApyPercent(supplyRate: bigint): number {
  return aprCompoundedPercent(ratio(supplyRate, 10_000n));
}

/** Morpho Blue SharesMathLib.toAssetsDown: supply shares in assets, with 1 virtual asset and 1e6 virtual shares. */
export function morphoSharesToAssets(
  shares: bigint,
  totalSupplyAssets: bigint,
  totalSupplyShares: bigint,
): bigint {
  return (shares * (totalSupplyAssets + 1n)) / (totalSupplyShares + 1_000_000n);
}

export interface MorphoMarketSupply {
  /** IRM.borrowRateView: per second, WAD. */
  borrowRate: bigint;
  totalSupplyAssets: bigint;
  totalBorrowAssets: bigint;
  /** The market's fee, WAD. */
  fee: bigint;
  /** What the vault has supplied to it, in assets (morphoSharesToAssets of its position). */
  supplyAssets: bigint;
}

/**
 * MetaMorpho net APY, recipe A of docs/data.md, Morpho (as Morpho's SDK): each market's supply rate,
 * borrowRate × utilization × (1 − market fee), weighted by the vault's assets in it over its
 * totalAssets, net of the vault's fee, then expm1(rate × S). Exact in integers up to the last step.
 */
export function metaMorphoApyPercent({
  markets,
  totalAssets,
  fee,
}: {
  markets: MorphoMarketSupply[];
  totalAssets: bigint;
  fee: bigint;
}): number {
  if (totalAssets === 0n) return 0;
  const precision = 10n ** 18n;
  let weighted = 0n; // Σ supply rate (WAD per second) × supplied assets × precision
  for (const m of markets) {
    if (m.totalSupplyAssets === 0n) continue;
    weighted +=
      (m.borrowRate * m.totalBorrowAssets * (WAD - m.fee) * m.supplyAssets * precision) /
      (m.totalSupplyAssets * WAD);
  }
  const yearlyNet = ratio(
    weighted * (WAD - fee) * BigInt(SECONDS_PER_YEAR),
    totalAssets * WAD * WAD * precision,
  );
  return Math.expm1(yearlyNet) * 100;
}

/** Compound v3: getSupplyRate is per second, 1e18-scaled; compounded every second over a year. */
export function cometApyPercent(supplyRatePerSecondWad: bigint): number {
  const perSecond = ratio(supplyRatePerSecondWad, WAD);
  return Math.expm1(SECONDS_PER_YEAR * Math.log1p(perSecond)) * 100;
}

/**
 * ERC-4626 vaults (docs/data.md, Morpho recipe B): share-price growth between two samples, annualised:
 * (p1 / p0)^(S / (t1 − t0)) − 1.
 */
export function sharePriceApyPercent(p0: bigint, t0: number, p1: bigint, t1: number): number {
  if (p0 <= 0n || t1 <= t0) throw new RangeError("need two samples, the later one after the earlier");
  const growth = ratio(p1 - p0, p0); // exact small difference, then log1p
  return Math.expm1((SECONDS_PER_YEAR / (t1 - t0)) * Math.log1p(growth)) * 100;
}

/** amount (smallest units) × price (priceDecimals) in USD, as a double. */
export function usdValue(amount: bigint, decimals: number, price: bigint, priceUnit: bigint): number {
  return ratio(amount * price, 10n ** BigInt(decimals) * priceUnit);
}
