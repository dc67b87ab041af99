import "server-only";
/**
 * Morpho Blue's AdaptiveCurveIrm v1.0.0 (morpho-org/morpho-blue-irm src/AdaptiveCurveIrm.sol,
 * libraries/adaptive-curve/ExpLib.sol and ConstantsLib.sol) and Morpho Blue v1.0.0's interest accrual
 * (Morpho.sol _accrueInterest, MathLib, SharesMathLib), in the contracts' integer maths: what a market
 * looks like at a later timestamp, and its borrow rate then.
 */

const WAD = 10n ** 18n;
const YEAR = 31_536_000n;
const CURVE_STEEPNESS = 4n * WAD;
const ADJUSTMENT_SPEED = (50n * WAD) / YEAR;
const TARGET_UTILIZATION = (9n * WAD) / 10n;
const INITIAL_RATE_AT_TARGET = (4n * WAD) / 100n / YEAR;
const MIN_RATE_AT_TARGET = WAD / 1000n / YEAR;
const MAX_RATE_AT_TARGET = (2n * WAD) / YEAR;

const LN_2_INT = 693_147_180_559_945_309n;
const LN_WEI_INT = -41_446_531_673_892_822_312n;
const WEXP_UPPER_BOUND = 93_859_467_695_000_404_319n;
const WEXP_UPPER_VALUE = 57_716_089_161_558_943_949_701_069_502_944_508_345_128_422_502_756_744_429_568n;

// BigInt division truncates toward zero, as Solidity's signed division does.
const wMulToZero = (x: bigint, y: bigint) => (x * y) / WAD;
const wDivToZero = (x: bigint, y: bigint) => (x * WAD) / y;
const wMulDown = (x: bigint, y: bigint) => (x * y) / WAD;
const bound = (x: bigint, low: bigint, high: bigint) => (x < low ? low : x > high ? high : x);

/** ExpLib.wExp: e^x in WAD, as the IRM approximates it. */
export function wExp(x: bigint): bigint {
  if (x < LN_WEI_INT) return 0n;
  if (x >= WEXP_UPPER_BOUND) return WEXP_UPPER_VALUE;
  const roundingAdjustment = x < 0n ? -(LN_2_INT / 2n) : LN_2_INT / 2n;
  const q = (x + roundingAdjustment) / LN_2_INT;
  const r = x - q * LN_2_INT;
  const expR = WAD + r + (r * r) / WAD / 2n;
  return q >= 0n ? expR << q : expR >> -q;
}

const newRateAtTarget = (start: bigint, linearAdaptation: bigint) =>
  bound(wMulToZero(start, wExp(linearAdaptation)), MIN_RATE_AT_TARGET, MAX_RATE_AT_TARGET);

function curve(rateAtTarget: bigint, err: bigint): bigint {
  const coeff = err < 0n ? WAD - wDivToZero(WAD, CURVE_STEEPNESS) : CURVE_STEEPNESS - WAD;
  return wMulToZero(wMulToZero(coeff, err) + WAD, rateAtTarget);
}

export interface MorphoMarketState {
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  lastUpdate: bigint;
  /** WAD. */
  fee: bigint;
  /** The IRM's stored rate at target; null for a market without an IRM (it earns nothing). */
  rateAtTarget: bigint | null;
}

/** AdaptiveCurveIrm._borrowRate at `now`: [the average rate since lastUpdate (borrowRateView), the rate at target at now]. */
export function adaptiveCurveBorrowRate(market: MorphoMarketState, now: bigint): [bigint, bigint] {
  const start = market.rateAtTarget ?? 0n;
  const utilization =
    market.totalSupplyAssets > 0n ? (market.totalBorrowAssets * WAD) / market.totalSupplyAssets : 0n;
  const errNormFactor = utilization > TARGET_UTILIZATION ? WAD - TARGET_UTILIZATION : TARGET_UTILIZATION;
  const err = wDivToZero(utilization - TARGET_UTILIZATION, errNormFactor);
  if (start === 0n) return [curve(INITIAL_RATE_AT_TARGET, err), INITIAL_RATE_AT_TARGET];
  const linearAdaptation = wMulToZero(ADJUSTMENT_SPEED, err) * (now - market.lastUpdate);
  if (linearAdaptation === 0n) return [curve(start, err), start];
  const end = newRateAtTarget(start, linearAdaptation);
  const mid = newRateAtTarget(start, linearAdaptation / 2n);
  return [curve((start + end + 2n * mid) / 4n, err), end];
}

/** MathLib.wTaylorCompounded: e^(x·n) − 1 to three terms. */
function wTaylorCompounded(x: bigint, n: bigint): bigint {
  const first = x * n;
  const second = (first * first) / (2n * WAD);
  const third = (second * first) / (3n * WAD);
  return first + second + third;
}

/** SharesMathLib.toSharesDown, with 1 virtual asset and 1e6 virtual shares. */
export const toSharesDown = (assets: bigint, totalAssets: bigint, totalShares: bigint) =>
  (assets * (totalShares + 1_000_000n)) / (totalAssets + 1n);
/** SharesMathLib.toAssetsUp. */
export const toAssetsUp = (shares: bigint, totalAssets: bigint, totalShares: bigint) => {
  const d = totalShares + 1_000_000n;
  return (shares * (totalAssets + 1n) + d - 1n) / d;
};

/** Morpho._accrueInterest at `now` (the IRM's borrowRate updating its rate at target): the market after it. */
export function accrueInterest(market: MorphoMarketState, now: bigint): MorphoMarketState {
  const elapsed = now - market.lastUpdate;
  if (elapsed <= 0n) return market;
  if (market.rateAtTarget === null) return { ...market, lastUpdate: now };
  const [rate, endRateAtTarget] = adaptiveCurveBorrowRate(market, now);
  const interest = wMulDown(market.totalBorrowAssets, wTaylorCompounded(rate, elapsed));
  const totalSupplyAssets = market.totalSupplyAssets + interest;
  let totalSupplyShares = market.totalSupplyShares;
  if (market.fee !== 0n) {
    const feeAmount = wMulDown(interest, market.fee);
    totalSupplyShares += toSharesDown(feeAmount, totalSupplyAssets - feeAmount, totalSupplyShares);
  }
  return {
    ...market,
    totalSupplyAssets,
    totalSupplyShares,
    totalBorrowAssets: market.totalBorrowAssets + interest,
    lastUpdate: now,
    rateAtTarget: endRateAtTarget,
  };
}
