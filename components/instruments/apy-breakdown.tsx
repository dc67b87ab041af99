import { formatDate, formatPercent } from "@/components/ui/format";
import type { Instrument, RewardStream } from "@/lib/schemas/instruments";

// The total APY and what it is made of: the base supply APY plus each reward stream, as text that
// screen readers and keyboards reach like everyone else (no hover-only tooltip).


/** "to 31 Dec 2026", or nothing when the stream sets no end. */
export const rewardEnd = (s: RewardStream) => (s.endsAt ? `to ${formatDate(s.endsAt)}` : null);

/** A stream's rate, or what is missing: "1.10% ARB", "ARB (no price)". */
const streamText = (s: RewardStream) => (s.apr === null ? `${s.tokenSymbol} (no price)` : `${formatPercent(s.apr)} ${s.tokenSymbol}`);

/**
 * The explorer's APY cell: the total, and under it the split, "3.20% base + 1.10% ARB to 31 Dec 2026",
 * or "rewards not fully known" when a source could not be read or a token has no price.
 */
export function ApyTotalCell({
  instrument: i,
  sample = false,
  splitFromSm = false,
}: {
  instrument: Instrument;
  sample?: boolean;
  /** The split only from the sm breakpoint up: at phone widths the total alone keeps the column narrow. */
  splitFromSm?: boolean;
}) {
  // Sample figures have no rewards to speak of: the row's own "sample data" mark says it all.
  const split = !sample && (i.rewards.length > 0 || !i.rewardsComplete);
  return (
    <span className="inline-flex flex-col items-end">
      <span className="font-medium text-emerald-700 dark:text-emerald-400">{formatPercent(i.apyTotal)}</span>
      {split && (
        <span
          className={`${splitFromSm ? "hidden sm:inline " : ""}max-w-56 text-right text-xs font-normal leading-snug text-slate-600 dark:text-slate-400`}
          data-testid="apy-split"
        >
          {formatPercent(i.currentApy)} base
          {i.rewards.map((s) => (
            <span key={`${s.source}:${s.tokenAddress}:${s.endsAt}`}>
              {" + "}
              {streamText(s)}
              {rewardEnd(s) && <> {rewardEnd(s)}</>}
            </span>
          ))}
          {!i.rewardsComplete && <span className="block text-amber-800 dark:text-amber-300">rewards not fully known</span>}
        </span>
      )}
    </span>
  );
}

const sourceNames: Record<RewardStream["source"], string> = {
  "aave-rewards-controller": "Aave incentives controller",
  "comet-rewards": "Compound CometRewards",
  "fluid-rewards-model": "Fluid rewards rate model",
  merkl: "Merkl campaign",
};

/** The instrument page's breakdown: base, each reward with its source, price and end, and the total. */
export function ApyBreakdown({ instrument: i, sampleData = false }: { instrument: Instrument; sampleData?: boolean }) {
  return (
    <section aria-labelledby="apy-breakdown" className="mt-6" data-testid="apy-breakdown">
      <h2 id="apy-breakdown" className="text-lg font-semibold">
        What the APY is made of
      </h2>
      <table className="mt-2 w-full max-w-3xl text-sm">
        <caption className="sr-only">Base supply APY, each reward stream and the total APY</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="py-2 pr-4 font-medium">Part</th>
            <th scope="col" className="py-2 pr-4 font-medium">Source</th>
            <th scope="col" className="py-2 pr-4 font-medium">Ends</th>
            <th scope="col" className="py-2 text-right font-medium">APY</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100 dark:border-slate-800/60">
            <th scope="row" className="py-2 pr-4 text-left font-medium">Base supply APY ({i.tokenSymbol})</th>
            <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{i.protocolInfo.displayName}</td>
            <td className="py-2 pr-4">—</td>
            <td className="py-2 text-right tabular-nums">{formatPercent(i.currentApy)}</td>
          </tr>
          {i.rewards.map((s) => (
            <tr key={`${s.source}:${s.tokenAddress}:${s.endsAt}`} className="border-b border-slate-100 dark:border-slate-800/60" data-testid="reward-row">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {s.tokenSymbol} rewards
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                  {s.priceUsd === null ? "no USD price" : `at $${s.priceUsd.toLocaleString("en-US", { maximumSignificantDigits: 6 })}`}
                </span>
              </th>
              <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{sourceNames[s.source]}</td>
              <td className="py-2 pr-4">{s.endsAt ? <time dateTime={s.endsAt}>{formatDate(s.endsAt)}</time> : "no end set"}</td>
              <td className="py-2 text-right tabular-nums">{s.apr === null ? "unknown" : formatPercent(s.apr)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-2 pr-4 text-left font-semibold">Total APY</th>
            <td className="py-2 text-right font-semibold tabular-nums" data-testid="apy-total">{formatPercent(i.apyTotal)}</td>
          </tr>
        </tfoot>
      </table>
      {/* On sample data nothing was read: the page's own sample-data note says so. */}
      {!i.rewardsComplete && !sampleData && (
        <p role="note" className="mt-2 max-w-3xl text-sm text-amber-800 dark:text-amber-300">
          Rewards are not fully known: a reward source could not be read at the last sync, or a reward token has no
          USD price. The total counts only what is known; it may be higher.
        </p>
      )}
    </section>
  );
}
