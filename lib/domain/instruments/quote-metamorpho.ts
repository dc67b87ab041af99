import "server-only";
/**
 * MetaMorpho v1.0 and v1.1 (morpho-org/metamorpho src/MetaMorpho.sol _supplyMorpho): a deposit walks
 * the supply queue; in each market with a cap it accrues the market's interest, then supplies the
 * lesser of the cap's room (cap − the vault's supply, rounded up) and what is left; what no cap takes
 * makes the deposit revert. The APY after is recipe A's, as the sync computes currentApy: each market's
 * IRM rate right after (the touched ones at their new utilization, accrued; the others as they stand),
 * weighted by the vault's supply, net of the market and vault fees.
 */
import type { MetaMorphoQuoteModel, MorphoMarketModel } from "@/lib/machinery/chain/adapters/quote-model";
import { metaMorphoApyPercent, morphoSharesToAssets } from "@/lib/machinery/chain/rates";
import {
  accrueInterest,
  adaptiveCurveBorrowRate,
  toAssetsUp,
  toSharesDown,
  type MorphoMarketState,
} from "./quote-adaptive-curve-irm";
import { sharesAtSharePrice, utilizationAfterDeposit, type DepositOutcome } from "./quote-outcome";

interface MarketAfter extends MorphoMarketState {
  id: string;
  supplyShares: bigint;
  totalBorrowShares: bigint;
  touched: boolean;
}

const stateOf = (m: MorphoMarketModel): MarketAfter => ({
  id: m.id,
  totalSupplyAssets: BigInt(m.totalSupplyAssets),
  totalSupplyShares: BigInt(m.totalSupplyShares),
  totalBorrowAssets: BigInt(m.totalBorrowAssets),
  totalBorrowShares: BigInt(m.totalBorrowShares),
  lastUpdate: BigInt(m.lastUpdate),
  fee: BigInt(m.fee),
  rateAtTarget: m.rateAtTarget === null ? null : BigInt(m.rateAtTarget),
  supplyShares: BigInt(m.supplyShares),
  touched: false,
});

/** The supply-queue walk: the markets after the deposit (by id), what each took, and what no cap took. */
function walkSupplyQueue(model: MetaMorphoQuoteModel, amount: bigint, now: bigint) {
  const markets = new Map(model.markets.map((m) => [m.id, stateOf(m)]));
  const capOf = new Map(model.markets.map((m) => [m.id, BigInt(m.cap)]));
  const allocation: { marketId: string; assets: bigint }[] = [];
  let left = amount;
  for (const id of model.supplyQueue) {
    const cap = capOf.get(id) ?? 0n;
    const before = markets.get(id);
    if (cap === 0n || !before) continue;
    const accrued = { ...before, ...accrueInterest(before, now) };
    const supplied = toAssetsUp(accrued.supplyShares, accrued.totalSupplyAssets, accrued.totalSupplyShares);
    const room = cap > supplied ? cap - supplied : 0n;
    const toSupply = room < left ? room : left;
    if (toSupply > 0n) {
      const shares = toSharesDown(toSupply, accrued.totalSupplyAssets, accrued.totalSupplyShares);
      markets.set(id, {
        ...accrued,
        totalSupplyAssets: accrued.totalSupplyAssets + toSupply,
        totalSupplyShares: accrued.totalSupplyShares + shares,
        supplyShares: accrued.supplyShares + shares,
        touched: true,
      });
      allocation.push({ marketId: id, assets: toSupply });
      left -= toSupply;
    }
    if (left === 0n) break;
  }
  return { markets, allocation, left };
}

/** What the deposit's caps would take in all: the vault's maxDeposit as read, else the supply queue's room. */
function maxDepositOf(model: MetaMorphoQuoteModel, now: bigint): bigint {
  if (model.maxDeposit !== null) return BigInt(model.maxDeposit);
  const { allocation } = walkSupplyQueue(model, 2n ** 255n, now);
  return allocation.reduce((sum, a) => sum + a.assets, 0n);
}

/**
 * The quote at `now` (Unix seconds; the sync's block time, or a later one: the markets' interest and
 * the IRM's adaptation are worked out to it).
 */
export function quoteMetaMorphoDeposit(
  model: MetaMorphoQuoteModel,
  amount: bigint,
  now: bigint,
): DepositOutcome {
  const { markets, allocation } = walkSupplyQueue(model, amount, now);
  const supplies = model.markets.map((m) => {
    const after = markets.get(m.id)!;
    // borrowRateView at `now`: a touched market was accrued then (its rate is the curve at its new
    // utilization), the others average their rate since their last update, as the sync reads them.
    const [borrowRate] = after.rateAtTarget === null ? [0n] : adaptiveCurveBorrowRate(after, now);
    return {
      borrowRate,
      totalSupplyAssets: after.totalSupplyAssets,
      totalBorrowAssets: after.totalBorrowAssets,
      fee: after.fee,
      supplyAssets: morphoSharesToAssets(
        after.supplyShares,
        after.totalSupplyAssets,
        after.totalSupplyShares,
      ),
    };
  });
  return {
    apyAfter: metaMorphoApyPercent({
      markets: supplies,
      totalAssets: BigInt(model.totalAssets) + amount,
      fee: BigInt(model.fee),
    }),
    utilizationAfter: utilizationAfterDeposit(model, amount),
    maxDepositRaw: maxDepositOf(model, now),
    sharesOut: sharesAtSharePrice(amount, model.assetsPerProbe),
    allocation,
    modelled: true,
  };
}
