"use client";

import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { Skeleton } from "@/components/ui/skeleton";
import { environmentOfChain, getChain } from "@/lib/facts/chains";
import { formatPercent, formatUsdCompact } from "@/components/ui/format";
import { instrumentsQueryOptions } from "@/lib/client/queries/instruments";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";

/** How many USDC markets to suggest. */
const SUGGESTIONS = 3;

/**
 * Next to idle USDC: the chain's three USDC markets with the best 30-day mean APY (one spike does not
 * rank a market first), with their TVL and what the idle amount would earn in a year at that APY.
 * Only a suggestion to look at: no transaction is built or sent.
 */
export function IdleUsdcSuggestions({ chainId, usdcBalance }: { chainId: number; usdcBalance: string }) {
  const chain = getChain(chainId);
  const environment = environmentOfChain(chainId) ?? "live";
  // The chain's native USDC only (not bridged USDC.e and the like), active markets, best 30-day APY first.
  const candidates = useQuery({
    ...instrumentsQueryOptions(
      { chainId: [chainId], search: "USDC", isActive: true, sortBy: "apy30d", sortOrder: "desc", limit: 50 },
      environment,
    ),
    select: (page) =>
      page.data
        .filter((i) => i.tokenAddress.toLowerCase() === chain?.usdcAddress?.toLowerCase() && i.apy30d !== null)
        .slice(0, SUGGESTIONS),
  });
  const idle = Number(usdcBalance);
  if (!chain || !(idle > 0)) return null;
  const headingId = `idle-usdc-${chainId}`;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/20">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {candidates.data?.[0]?.apy30d != null
          ? `Your ${formatTokenAmount(usdcBalance, 2)} idle USDC on ${chain.name} would earn about ${formatUsdCents((idle * candidates.data[0].apy30d) / 100)} a year`
          : `Your ${formatTokenAmount(usdcBalance, 2)} idle USDC on ${chain.name}`}
      </h3>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        At the 30-day mean APY of the best USDC markets on {chain.name}; past yields are no promise. Nothing is sent from here.
      </p>
      {candidates.isPending ? (
        <Skeleton className="mt-3 h-20 rounded-md" />
      ) : candidates.isError ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">The best USDC markets could not be loaded.</p>
      ) : candidates.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No USDC market on {chain.name} has a 30-day APY yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-emerald-200/70 text-sm dark:divide-emerald-900/50">
          {candidates.data.map((instrument) => (
            <li key={instrument.instrumentId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5">
              <AppLink
                href={`/instruments/${instrument.instrumentId}`}
                className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                {instrument.protocolInfo.displayName} {instrument.yieldTokenSymbol}
              </AppLink>
              <span className="tabular-nums text-slate-700 dark:text-slate-300">
                {formatPercent(instrument.apy30d!)} <span className="text-slate-500 dark:text-slate-400">30-day APY</span>
                {" · "}
                {formatUsdCompact(instrument.tvl)} <span className="text-slate-500 dark:text-slate-400">TVL</span>
                {" · "}
                about {formatUsdCents((idle * instrument.apy30d!) / 100)}
                <span className="text-slate-500 dark:text-slate-400"> a year</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
