import "server-only";
/**
 * Compound v3 (compound-finance/comet Comet.sol): a supply of the base token adds to totalSupply, and
 * the supply rate is getSupplyRate at the utilization totalBorrow × 1e18 / totalSupply that follows.
 * The base has no supply cap: only a paused supply refuses it.
 */
import type { CompoundQuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { cometApyPercent } from "@/lib/machinery/chain/rates";
import { utilizationAfterDeposit, type DepositOutcome } from "./quote-outcome";

const FACTOR_SCALE = 10n ** 18n;
const mulFactor = (n: bigint, factor: bigint) => (n * factor) / FACTOR_SCALE;

/** Comet.getSupplyRate(utilization), per second, 1e18. */
export function cometSupplyRate(model: CompoundQuoteModel, utilization: bigint): bigint {
  const kink = BigInt(model.supplyKink);
  const base = BigInt(model.supplyRateBase);
  const low = BigInt(model.supplyRateSlopeLow);
  if (utilization <= kink) return base + mulFactor(low, utilization);
  return base + mulFactor(low, kink) + mulFactor(BigInt(model.supplyRateSlopeHigh), utilization - kink);
}

export function quoteCompoundDeposit(model: CompoundQuoteModel, amount: bigint): DepositOutcome {
  const supply = BigInt(model.totalSupply) + amount;
  const utilization = supply === 0n ? 0n : (BigInt(model.totalBorrow) * FACTOR_SCALE) / supply;
  return {
    apyAfter: cometApyPercent(cometSupplyRate(model, utilization)),
    utilizationAfter: utilizationAfterDeposit(model, amount),
    maxDepositRaw: model.supplyPaused ? 0n : null,
    // The Comet balance grows by the amount (its principal rounds down: at most a unit or two less).
    sharesOut: amount,
    modelled: true,
  };
}
