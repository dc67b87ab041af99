import "server-only";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import type { QuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import type { RewardStream } from "@/lib/machinery/rewards/judge-rewards";
import { DepositExceedsCapacity, NotAcceptingDeposits } from "@/lib/domain/errors";
import type { InstrumentQuote, ListQuote, QuoteQuery } from "@/lib/schemas/quotes";
import { getInstrumentRowOrThrow } from "./get-instrument-or-throw";
import { formatUnits, overMaxTokens, parseQuoteAmount, usdToUnits } from "./quote-amount";
import { quoteDeposit } from "./quote-deposit";
import type { DepositOutcome } from "./quote-outcome";

/** What of an instrument's row a quote reads. */
export interface QuotedRow {
  instrumentId: string;
  tokenSymbol: string;
  tokenDecimals: number;
  currentApy: number;
  tvl: number;
  priceUsd: number | null;
  rewards: RewardStream[];
  quoteModel: QuoteModel | null;
  asOfBlock: number | null;
  asOfTime: Date | null;
}

/**
 * The rewards after the deposit: every stream pays the same tokens a year to a larger supply (Aave's
 * emission, Comet's tracking speed, Fluid's yearly reward, a Merkl campaign), so its APR falls by
 * tvl / (tvl + the deposit); unknown APRs stay unknown (counted as 0, as apyReward counts them).
 */
export function rewardsAfter(rewards: readonly RewardStream[], tvl: number, depositUsd: number): number {
  const supplied = tvl + depositUsd;
  if (supplied <= 0) return 0;
  return rewards.reduce((sum, r) => sum + (r.apr === null ? 0 : (r.apr * tvl) / supplied), 0);
}

/** The model's outcome for `raw` at the model's own block time; null without a model or amount. */
function outcomeOf(row: QuotedRow, raw: bigint | null): DepositOutcome | null {
  if (!row.quoteModel || raw === null || row.asOfTime === null) return null;
  return quoteDeposit({
    model: row.quoteModel,
    amount: raw,
    now: Math.round(row.asOfTime.getTime() / 1000),
    currentApy: row.currentApy,
  });
}

const fitsIn = (outcome: DepositOutcome, raw: bigint) =>
  outcome.maxDepositRaw === null || (outcome.maxDepositRaw > 0n && raw <= outcome.maxDepositRaw);

/**
 * A list row's quote for a deposit of `amountUsd` (GET /instruments?depositAmountUsd=); unknown where
 * the quote endpoint would refuse the amount (less than the token's smallest unit, more than
 * MAX_QUOTE_TOKENS tokens at its price).
 */
export function listQuoteOf(row: QuotedRow, amountUsd: number): ListQuote {
  const raw =
    row.priceUsd && row.priceUsd > 0 ? usdToUnits(amountUsd, row.priceUsd, row.tokenDecimals) : null;
  const quotable = raw !== null && raw > 0n && !overMaxTokens(raw, row.tokenDecimals);
  const outcome = quotable ? outcomeOf(row, raw) : null;
  if (!outcome || raw === null) return { apyAfter: null, apyTotalAfter: null, fits: null };
  // A rate model Yieldgrid does not work out (a Vault V2's adapters) has no APY after: ranking it by
  // today's APY would put it above markets whose deposit lowers theirs.
  if (!outcome.modelled) return { apyAfter: null, apyTotalAfter: null, fits: fitsIn(outcome, raw) };
  return {
    apyAfter: outcome.apyAfter,
    apyTotalAfter: outcome.apyAfter + rewardsAfter(row.rewards, row.tvl, amountUsd),
    fits: fitsIn(outcome, raw),
  };
}

/** GET /instruments/{instrumentId}/quote: what depositing the amount would earn, or why it cannot be made. */
export async function getInstrumentQuote({
  db,
  environment,
  instrumentId,
  query,
}: {
  db: Db;
  environment: Environment;
  instrumentId: string;
  query: QuoteQuery;
}): Promise<InstrumentQuote> {
  const { instrument: row } = await getInstrumentRowOrThrow({ db, environment, instrumentId });
  const amount = parseQuoteAmount(query, { decimals: row.tokenDecimals, priceUsd: row.priceUsd });
  const outcome = outcomeOf(row, amount.raw);
  const decimals = row.tokenDecimals;
  if (outcome && amount.raw !== null) refuseWhatDoesNotFit(outcome, amount.raw, decimals);
  const apyRewardAfter =
    outcome && amount.usd !== null ? rewardsAfter(row.rewards, row.tvl, amount.usd) : null;
  return {
    instrumentId: row.instrumentId,
    tokenSymbol: row.tokenSymbol,
    amount: amount.raw === null ? null : formatUnits(amount.raw, decimals),
    amountRaw: amount.raw === null ? null : String(amount.raw),
    amountUsd: amount.usd,
    apyBefore: row.currentApy,
    apyAfter: outcome?.apyAfter ?? null,
    apyRewardAfter,
    apyTotalAfter: outcome && apyRewardAfter !== null ? outcome.apyAfter + apyRewardAfter : null,
    utilizationAfter: outcome?.utilizationAfter ?? null,
    maxDeposit: outcome?.maxDepositRaw == null ? null : formatUnits(outcome.maxDepositRaw, decimals),
    maxDepositRaw: outcome?.maxDepositRaw == null ? null : String(outcome.maxDepositRaw),
    sharesOut: outcome ? String(outcome.sharesOut) : null,
    allocation: outcome?.allocation
      ? outcome.allocation.map((a) => ({
          marketId: a.marketId,
          assets: formatUnits(a.assets, decimals),
          assetsRaw: String(a.assets),
        }))
      : null,
    rateModel: !outcome ? "unavailable" : outcome.modelled ? "exact" : "not-modelled",
    sampleData: row.asOfBlock === null,
    asOfBlock: row.asOfBlock,
    asOfTime: row.asOfTime?.toISOString() ?? null,
  };
}

function refuseWhatDoesNotFit(outcome: DepositOutcome, raw: bigint, decimals: number) {
  if (outcome.maxDepositRaw === 0n)
    throw new NotAcceptingDeposits(
      "The instrument takes no deposits now (paused, frozen, or no room in its supply queue)",
    );
  if (outcome.maxDepositRaw !== null && raw > outcome.maxDepositRaw) {
    const maxDeposit = formatUnits(outcome.maxDepositRaw, decimals);
    throw new DepositExceedsCapacity(
      `The amount is more than the instrument would take now: at most ${maxDeposit}`,
      {
        maxDeposit,
        maxDepositRaw: String(outcome.maxDepositRaw),
      },
    );
  }
}
