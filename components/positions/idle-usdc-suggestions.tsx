"use client";

import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { Skeleton } from "@/components/ui/skeleton";
import { environmentOfChain, getChain } from "@/lib/facts/chains";
import { formatPercent, formatUsdCompact } from "@/components/ui/format";
import { instrumentsQueryOptions } from "@/lib/client/queries/instruments";
import type { Instrument } from "@/lib/schemas/instruments";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";

/** How many USDC markets to suggest. */
const SUGGESTIONS = 3;

/**
 * Next to idle USDC: the chain's three USDC markets that would pay the most right after the idle
 * amount went in (the API's quote: each market's own rate model, its rewards diluted, markets that
 * cannot take it left out), with that APY, their TVL and what the idle amount would earn in a year at
 * it. Only a suggestion to look at: no transaction is built or sent.
 */
export function IdleUsdcSuggestions({ chainId, usdcBalance }: { chainId: number; usdcBalance: string }) {
  const chain = getChain(chainId);
  const environment = environmentOfChain(chainId) ?? "live";
  // USDC counted as $1 for the amount to quote (the API turns it back into USDC at the market's price).
  const idle = Number(usdcBalance);
  // The chain's native USDC only (not bridged USDC.e and the like), active markets, best APY after the deposit first.
  const candidates = useQuery({
    ...instrumentsQueryOptions(
      {
        chainId: [chainId],
        search: "USDC",
        isActive: true,
        depositAmountUsd: idle,
        sortBy: "apyTotalAfter",
        sortOrder: "desc",
        limit: 50,
      },
      environment,
    ),
    enabled: Boolean(chain) && idle > 0,
    select: (page) => {
      const usdc = page.data.filter(
        (i) => i.tokenAddress.toLowerCase() === chain?.usdcAddress?.toLowerCase(),
      );
      return {
        fitting: usdc.filter(fitsWithApy).slice(0, SUGGESTIONS),
        // On sample data (or before a sync read the rate models) no quote is known at all.
        quoted: usdc.some((i) => i.quote?.fits != null),
      };
    },
  });
  if (!chain || !(idle > 0)) return null;
  const headingId = `idle-usdc-${chainId}`;
  const best = candidates.data?.fitting[0];

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/20"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {best
          ? `Your ${formatTokenAmount(usdcBalance, 2)} idle USDC on ${chain.name} would earn about ${formatUsdCents(yearlyAt(idle, best))} a year`
          : `Your ${formatTokenAmount(usdcBalance, 2)} idle USDC on ${chain.name}`}
      </h3>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        At the APY each of the best USDC markets on {chain.name} would pay right after this deposit (its own
        rate model, rewards included); rates move, and this is no promise. Nothing is sent from here.
      </p>
      {candidates.isPending ? (
        <Skeleton className="mt-3 h-20 rounded-md" />
      ) : candidates.isError ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          The best USDC markets could not be loaded.
        </p>
      ) : candidates.data.fitting.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {candidates.data.quoted
            ? `No USDC market on ${chain.name} can take this amount now.`
            : `What a deposit would earn on ${chain.name} is not known yet: no sync has read its markets’ rate models.`}
        </p>
      ) : (
        <SuggestionList markets={candidates.data.fitting} idle={idle} />
      )}
    </section>
  );
}

/** The markets, best first: each linked, with its APY after the deposit, its TVL and a year's earnings at it. */
function SuggestionList({ markets, idle }: { markets: Instrument[]; idle: number }) {
  return (
    <ol className="mt-3 divide-y divide-emerald-200/70 text-sm dark:divide-emerald-900/50">
      {markets.map((instrument) => (
        <li
          key={instrument.instrumentId}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5"
        >
          <AppLink
            href={`/instruments/${instrument.instrumentId}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {instrument.protocolInfo.displayName} {instrument.yieldTokenSymbol}
          </AppLink>
          <span className="tabular-nums text-slate-700 dark:text-slate-300">
            {formatPercent(instrument.quote!.apyTotalAfter!)}{" "}
            <span className="text-slate-500 dark:text-slate-400">APY after depositing it</span>
            {" · "}
            {formatUsdCompact(instrument.tvl)} <span className="text-slate-500 dark:text-slate-400">TVL</span>
            {" · "}
            about {formatUsdCents(yearlyAt(idle, instrument))}
            <span className="text-slate-500 dark:text-slate-400"> a year</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A market that would take the whole idle amount, with its APY after it known. */
const fitsWithApy = (i: Instrument) => i.quote?.fits === true && i.quote.apyTotalAfter !== null;

/** What `amount` dollars earn in a year at the market's total APY after the deposit. */
const yearlyAt = (amount: number, i: Instrument) => (amount * (i.quote?.apyTotalAfter ?? 0)) / 100;
