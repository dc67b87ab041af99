/**
 * APY formulas of shared/spec/protocols.md, in percent (decisions D2). log1p/expm1 keep the
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

/** Aave v3: currentLiquidityRate is a yearly APR in ray; compounded every second over a year. */
export function aaveApyPercent(liquidityRateRay: bigint): number {
  const apr = ratio(liquidityRateRay, RAY);
  return Math.expm1(SECONDS_PER_YEAR * Math.log1p(apr / SECONDS_PER_YEAR)) * 100;
}

/** Compound v3: getSupplyRate is per second, 1e18-scaled; compounded every second over a year. */
export function cometApyPercent(supplyRatePerSecondWad: bigint): number {
  const perSecond = ratio(supplyRatePerSecondWad, WAD);
  return Math.expm1(SECONDS_PER_YEAR * Math.log1p(perSecond)) * 100;
}

/**
 * ERC-4626 vaults (recipe 1.3-B): share-price growth between two samples, annualised:
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
