import "server-only";
/**
 * Aave v3.7 (aave-v3-origin): a supply as SupplyLogic.executeSupply makes it. The reserve's rates come
 * from DefaultReserveInterestRateStrategyV2.calculateInterestRates with the liquidity added to its
 * virtual balance, in the contract's ray and percentage maths (half-up rounding); the cap is
 * ValidationLogic.validateSupply's: (aToken scaled supply + accrued to treasury) at the income index
 * against supplyCap × 10^decimals. An inactive, frozen or paused reserve takes nothing.
 */
import type { AaveQuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { aaveApyPercent } from "@/lib/machinery/chain/rates";
import { utilizationAfterDeposit, type DepositOutcome } from "./quote-outcome";

const RAY = 10n ** 27n;
const PERCENTAGE_FACTOR = 10_000n;
const rayMul = (a: bigint, b: bigint) => (a * b + RAY / 2n) / RAY;
const rayDiv = (a: bigint, b: bigint) => (a * RAY + b / 2n) / b;
const percentMul = (value: bigint, percentage: bigint) =>
  (value * percentage + PERCENTAGE_FACTOR / 2n) / PERCENTAGE_FACTOR;
const bpsToRay = (bps: number) => BigInt(bps) * 10n ** 23n;

/** calculateInterestRates: the liquidity rate (ray) with `liquidityAdded` more in the reserve. */
export function aaveLiquidityRate(model: AaveQuoteModel, liquidityAdded: bigint): bigint {
  const totalDebt = BigInt(model.totalVariableDebt);
  if (totalDebt === 0n) return 0n;
  const optimal = bpsToRay(model.optimalUsageRatioBps);
  const availableLiquidity = BigInt(model.virtualUnderlyingBalance) + liquidityAdded;
  const availableLiquidityPlusDebt = availableLiquidity + totalDebt;
  const borrowUsageRatio = rayDiv(totalDebt, availableLiquidityPlusDebt);
  const supplyUsageRatio = rayDiv(totalDebt, availableLiquidityPlusDebt + BigInt(model.deficit));
  let borrowRate = bpsToRay(model.baseVariableBorrowRateBps);
  if (borrowUsageRatio > optimal) {
    const excess = rayDiv(borrowUsageRatio - optimal, RAY - optimal);
    borrowRate +=
      bpsToRay(model.variableRateSlope1Bps) + rayMul(bpsToRay(model.variableRateSlope2Bps), excess);
  } else {
    borrowRate += rayDiv(rayMul(bpsToRay(model.variableRateSlope1Bps), borrowUsageRatio), optimal);
  }
  return percentMul(rayMul(borrowRate, supplyUsageRatio), PERCENTAGE_FACTOR - BigInt(model.reserveFactorBps));
}

/** The supply cap's room at the block: what validateSupply would still accept; null without a cap. */
export function aaveSupplyCapRoom(model: AaveQuoteModel): bigint | null {
  const cap = BigInt(model.supplyCap);
  if (cap === 0n) return null;
  const index = BigInt(model.normalizedIncome);
  const used = ((BigInt(model.scaledATokenSupply) + BigInt(model.accruedToTreasuryScaled)) * index) / RAY;
  const room = cap * 10n ** BigInt(model.decimals) - used;
  return room > 0n ? room : 0n;
}

export function quoteAaveDeposit(model: AaveQuoteModel, amount: bigint): DepositOutcome {
  const accepts = model.active && !model.frozen && !model.paused;
  return {
    apyAfter: aaveApyPercent(aaveLiquidityRate(model, amount)),
    utilizationAfter: utilizationAfterDeposit(model, amount),
    maxDepositRaw: accepts ? aaveSupplyCapRoom(model) : 0n,
    // The aToken balance grows by the amount (its scaled mint rounds down: at most a unit less).
    sharesOut: amount,
    modelled: true,
  };
}
