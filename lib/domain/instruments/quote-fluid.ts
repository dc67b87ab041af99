import "server-only";
/**
 * Fluid (Instadapp/fluid-contracts-public): an fToken's deposit is a supply with interest at the
 * Liquidity layer (userModule/main.sol operate). The layer adds it at the current exchange prices, and
 * writes a new borrow rate (LiquidityCalcs.calcBorrowRateFromUtilization on its kinks, at the new
 * utilization in 1e2) only when the utilization or the supply or borrow ratio moves by more than the
 * token's storage update threshold, or its last write is over a day old; otherwise the stored rate and
 * exchange prices stay. The APY is then the LiquidityResolver's supplyRate, borrowRate × (1 − fee) ×
 * borrowWithInterest / supplyWithInterest at the stored exchange prices, as the sync reads it.
 */
import type { FluidQuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { fluidSupplyApyPercent } from "@/lib/machinery/chain/rates";
import { sharesAtSharePrice, utilizationAfterDeposit, type DepositOutcome } from "./quote-outcome";

const FOUR_DECIMALS = 10_000n;
const TWELVE_DECIMALS = 10n ** 12n;
const EXCHANGE_PRICES_PRECISION = 10n ** 12n;
const FORCE_STORAGE_WRITE_AFTER_TIME = 86_400n;
const X14 = (1n << 14n) - 1n;
const X15 = (1n << 15n) - 1n;
const X16 = (1n << 16n) - 1n;
const X33 = (1n << 33n) - 1n;
const X64 = (1n << 64n) - 1n;

/** The packed exchangePricesAndConfig slot (LiquiditySlotsLink.BITS_EXCHANGE_PRICES_*). */
function unpack(slot: bigint) {
  return {
    borrowRate: slot & X16,
    fee: (slot >> 16n) & X14,
    utilization: (slot >> 30n) & X14,
    threshold: (slot >> 44n) & X14,
    lastUpdate: (slot >> 58n) & X33,
    supplyExchangePrice: (slot >> 91n) & X64,
    borrowExchangePrice: (slot >> 155n) & X64,
    supplyRatio: (slot >> 219n) & X15,
    borrowRatio: (slot >> 234n) & X15,
  };
}

/** LiquidityCalcs.calcRateV1 / calcRateV2: the borrow rate (1e2) at `utilization` (1e2), capped at 16 bits. */
export function fluidBorrowRate(model: FluidQuoteModel, utilization: bigint): bigint {
  const kink1 = BigInt(model.kink1);
  const kink2 = BigInt(model.kink2);
  let points: [bigint, bigint, bigint, bigint];
  if (utilization < kink1) points = [0n, kink1, BigInt(model.rateAtZero), BigInt(model.rateAtKink1)];
  else if (model.rateVersion === 2 && utilization < kink2)
    points = [kink1, kink2, BigInt(model.rateAtKink1), BigInt(model.rateAtKink2)];
  else if (model.rateVersion === 2)
    points = [kink2, FOUR_DECIMALS, BigInt(model.rateAtKink2), BigInt(model.rateAtMax)];
  else points = [kink1, FOUR_DECIMALS, BigInt(model.rateAtKink1), BigInt(model.rateAtMax)];
  const [x1, x2, y1, y2] = points;
  const slope = ((y2 - y1) * TWELVE_DECIMALS) / (x2 - x1);
  const constant = y1 * TWELVE_DECIMALS - slope * x1;
  const rate = slope * utilization + constant;
  if (rate < 0n) return 0n;
  const result = rate / TWELVE_DECIMALS;
  return result > X16 ? X16 : result;
}

/** A supply or borrow ratio as operate() packs it: the smaller part over the larger, its lowest bit saying which. */
function ratioOf(withInterest: bigint, interestFree: bigint): bigint {
  if (withInterest > interestFree) return ((interestFree * FOUR_DECIMALS) / withInterest) << 1n;
  if (withInterest < interestFree) return (((withInterest * FOUR_DECIMALS) / interestFree) << 1n) | 1n;
  return withInterest + interestFree > 0n ? FOUR_DECIMALS << 1n : 0n;
}

/** Whether a ratio moved by more than the threshold (a change of which side is larger always counts). */
const ratioMoved = (before: bigint, after: bigint, threshold: bigint) => {
  if ((before & 1n) !== (after & 1n)) return true;
  const diff = (after >> 1n) - (before >> 1n);
  return (diff < 0n ? -diff : diff) > threshold;
};

/** The LiquidityResolver's supplyRate (1e2) after the fToken supplies `amount`, at `now` (Unix seconds). */
export function fluidSupplyRateAfter(model: FluidQuoteModel, amount: bigint, now: bigint): bigint {
  const stored = unpack(BigInt(model.exchangePricesAndConfig));
  const supplyPrice = BigInt(model.supplyExchangePrice);
  const borrowPrice = BigInt(model.borrowExchangePrice);
  const supplyRaw = BigInt(model.supplyRawInterest) + (amount * EXCHANGE_PRICES_PRECISION) / supplyPrice;
  const borrowRaw = BigInt(model.borrowRawInterest);
  const supplyWithInterest = (supplyRaw * supplyPrice) / EXCHANGE_PRICES_PRECISION;
  const borrowWithInterest = (borrowRaw * borrowPrice) / EXCHANGE_PRICES_PRECISION;
  const totalSupply = supplyWithInterest + BigInt(model.supplyInterestFree);
  const totalBorrow = borrowWithInterest + BigInt(model.borrowInterestFree);
  const utilization = totalSupply > 0n ? (totalBorrow * FOUR_DECIMALS) / totalSupply : 0n;
  const utilizationMove =
    utilization > stored.utilization ? utilization - stored.utilization : stored.utilization - utilization;
  const writes =
    now > stored.lastUpdate + FORCE_STORAGE_WRITE_AFTER_TIME ||
    utilizationMove > stored.threshold ||
    ratioMoved(
      stored.supplyRatio,
      ratioOf(supplyWithInterest, BigInt(model.supplyInterestFree)),
      stored.threshold,
    ) ||
    ratioMoved(
      stored.borrowRatio,
      ratioOf(borrowWithInterest, BigInt(model.borrowInterestFree)),
      stored.threshold,
    );
  const borrowRate = writes ? fluidBorrowRate(model, utilization) : stored.borrowRate;
  // The resolver's rate uses the stored exchange prices: the new ones when operate wrote them.
  const storedSupplyPrice = writes ? supplyPrice : stored.supplyExchangePrice;
  const storedBorrowPrice = writes ? borrowPrice : stored.borrowExchangePrice;
  if (supplyRaw === 0n) return 0n;
  const supplyAtStored = (supplyRaw * storedSupplyPrice) / EXCHANGE_PRICES_PRECISION;
  const borrowAtStored = (borrowRaw * storedBorrowPrice) / EXCHANGE_PRICES_PRECISION;
  return supplyAtStored === 0n
    ? 0n
    : (borrowRate * (FOUR_DECIMALS - stored.fee) * borrowAtStored) / (supplyAtStored * FOUR_DECIMALS);
}

/**
 * Above this an fToken's maxDeposit is no limit: with no supply limit at its Liquidity layer it
 * answers about int128's largest value less what is supplied (~1.7e38 units), far beyond any amount
 * a quote takes (at most 1e15 tokens of at most 18 decimals, 1e33 units).
 */
const NO_FLUID_LIMIT = 2n ** 120n;

/** The fToken's maxDeposit as a limit, or null where nothing limits a deposit. */
export const fluidDepositLimit = (maxDeposit: string | null) =>
  maxDeposit === null || BigInt(maxDeposit) >= NO_FLUID_LIMIT ? null : BigInt(maxDeposit);

export function quoteFluidDeposit(model: FluidQuoteModel, amount: bigint, now: bigint): DepositOutcome {
  return {
    apyAfter: fluidSupplyApyPercent(fluidSupplyRateAfter(model, amount, now)),
    utilizationAfter: utilizationAfterDeposit(model, amount),
    maxDepositRaw: fluidDepositLimit(model.maxDeposit),
    sharesOut: sharesAtSharePrice(amount, model.assetsPerProbe),
    modelled: true,
  };
}
