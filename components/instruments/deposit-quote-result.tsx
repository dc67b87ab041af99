"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyTextButton } from "@/components/ui/copy-text-button";
import {
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatUsd,
  shortAddress,
} from "@/components/ui/format";
import { CheckIcon, WarningIcon } from "@/components/ui/icons";
import { QueryError } from "@/components/ui/request-error";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiClientError } from "@/lib/client/api-fetch";
import type { components } from "@/lib/client/api-types";
import { chainName } from "@/lib/facts/chains";

// The answer of a deposit quote on the instrument page: the figures after the deposit, the vault's
// allocation, or why there is none (over the cap, no deposits taken, sample data), in words.

type InstrumentQuote = components["schemas"]["InstrumentQuote"];

/** What the quote section knows of its instrument (the page passes these from the server). */
export interface QuotedInstrument {
  instrumentId: string;
  chainId: number;
  tokenSymbol: string;
  utilization: number | null;
}

const percentOfFraction = (fraction: number) => formatPercent(fraction * 100);

/** "−1.15 pp", "+0.02 pp", "±0.00 pp": how far the APY moves. */
function pointsChange(after: number, before: number): string {
  const rounded = Math.round((after - before) * 100) / 100;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "±";
  return `${sign}${Math.abs(rounded).toFixed(2)} pp`;
}

const apiError = (error: unknown) => (error instanceof ApiClientError ? error : null);

/** The message for the amount field: the API's reason for refusing the amount (400), or null. */
export function quoteFieldError(error: unknown): string | null {
  const e = apiError(error);
  if (e?.code !== "BAD_REQUEST") return null;
  const issue = e.issues?.[0];
  // "Invalid amount: has 7 decimals; the token has 6" → "The amount has 7 decimals; the token has 6".
  return issue ? `The amount ${issue.message}.` : e.message;
}

/** What the status line tells a screen reader once an answer is shown: the figures, or the refusal. */
export function quoteSummary(
  instrument: QuotedInstrument,
  quote: InstrumentQuote | undefined,
  error: unknown,
): string {
  const e = apiError(error);
  if (e?.code === "DEPOSIT_EXCEEDS_CAPACITY")
    return `Does not fit: this market takes at most ${formatDecimal(String(e.details.maxDeposit))} ${instrument.tokenSymbol} now.`;
  if (e?.code === "INSTRUMENT_NOT_ACCEPTING_DEPOSITS") return "This market is not accepting deposits now.";
  if (error) return quoteFieldError(error) ?? "The quote could not be loaded.";
  if (!quote) return "";
  if (quote.sampleData) return "No quote: this chain shows sample data.";
  if (quote.apyAfter === null) return "No quote: the market's rate model could not be read at the last sync.";
  const amount = quote.amount === null ? "" : `${formatDecimal(quote.amount)} ${quote.tokenSymbol}`;
  const utilization =
    quote.utilizationAfter === null ? "" : `, utilization after ${percentOfFraction(quote.utilizationAfter)}`;
  const total =
    quote.apyTotalAfter === null
      ? ""
      : `, total APY after ${formatPercent(quote.apyTotalAfter)} with rewards`;
  return `For ${amount}: APY after ${formatPercent(quote.apyAfter)}${total}${utilization}. It fits.`;
}

/** The answer under the form: figures, a refusal, or an error with a retry. */
export function QuoteOutcome({
  instrument,
  sampleData,
  quote,
  stale,
  onQuoteMaximum,
}: {
  instrument: QuotedInstrument;
  sampleData: boolean;
  quote: UseQueryResult<InstrumentQuote>;
  /** The answer shown is for an earlier amount: the next one is on its way. */
  stale: boolean;
  onQuoteMaximum: (amount: string) => void;
}) {
  if (quote.isError) {
    const e = apiError(quote.error);
    if (quoteFieldError(quote.error)) return null;
    if (e?.code === "DEPOSIT_EXCEEDS_CAPACITY")
      return (
        <DoesNotFit
          maxDeposit={String(e.details.maxDeposit)}
          symbol={instrument.tokenSymbol}
          onQuote={onQuoteMaximum}
        />
      );
    if (e?.code === "INSTRUMENT_NOT_ACCEPTING_DEPOSITS")
      return (
        <Refusal title="Not accepting deposits">
          This market takes no deposits now: it is paused or frozen, or its vault has no room left in its
          supply queue.
        </Refusal>
      );
    return <QueryError title="The quote could not be loaded." query={quote} className="mt-4 max-w-3xl" />;
  }
  if (!quote.data) return <Skeleton className="mt-4 h-28 max-w-3xl rounded-xl" />;
  const data = quote.data;
  if (data.sampleData || sampleData)
    return (
      <p className="mt-4 max-w-3xl rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300">
        <strong className="font-semibold text-slate-900 dark:text-white">
          Sample data on {chainName(instrument.chainId)}.
        </strong>{" "}
        No sync has read this chain yet, so there is no rate model to quote a deposit from.
      </p>
    );
  if (data.apyAfter === null)
    return (
      <Refusal title="No quote">
        The last sync could not read this market’s rate model, so what a deposit would earn is not known.
      </Refusal>
    );
  return (
    <div
      aria-busy={stale}
      className={cn("mt-4 max-w-3xl transition-opacity", stale && "opacity-60")}
      data-testid="quote-result"
    >
      <QuoteFigures instrument={instrument} quote={data} />
      {data.allocation && data.allocation.length > 0 && <Allocation quote={data} />}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        {data.rateModel === "not-modelled"
          ? "A Vault V2’s adapters are not modelled, so the APY after is its current APY"
          : "From the market’s own rate model"}
        {data.asOfBlock !== null && data.asOfTime !== null
          ? `, as the last sync read it at block ${formatDecimal(String(data.asOfBlock))} (${formatDateTime(data.asOfTime)}). `
          : ". "}
        A deposit made later meets the market as it is then.
      </p>
    </div>
  );
}

/** APY after, total after with its parts, utilization after, and whether it fits. */
function QuoteFigures({ instrument, quote }: { instrument: QuotedInstrument; quote: InstrumentQuote }) {
  const amount = quote.amount === null ? null : `${formatDecimal(quote.amount)} ${quote.tokenSymbol}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/40">
      <h3 className="text-sm font-semibold" data-testid="quote-amount">
        For {amount}
        {quote.amountUsd !== null && (
          <span className="font-normal text-slate-600 dark:text-slate-400">
            {" "}
            ({formatUsd(quote.amountUsd)})
          </span>
        )}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label="APY after" testId="apy-after" value={formatPercent(quote.apyAfter!)}>
          now {formatPercent(quote.apyBefore)}, {pointsChange(quote.apyAfter!, quote.apyBefore)}
        </Figure>
        <Figure
          label="Total APY after"
          testId="apy-total-after"
          value={quote.apyTotalAfter === null ? "unknown" : formatPercent(quote.apyTotalAfter)}
        >
          {quote.apyRewardAfter === null
            ? "rewards unknown"
            : quote.apyRewardAfter === 0
              ? "base only: no rewards run"
              : `${formatPercent(quote.apyAfter!)} base + ${formatPercent(quote.apyRewardAfter)} rewards`}
        </Figure>
        <Figure
          label="Utilization after"
          testId="utilization-after"
          value={quote.utilizationAfter === null ? "unknown" : percentOfFraction(quote.utilizationAfter)}
        >
          {instrument.utilization === null
            ? "now unknown"
            : `now ${percentOfFraction(instrument.utilization)}`}
        </Figure>
        <Figure
          label="Fits"
          testId="fits"
          value={
            <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
              <CheckIcon /> Yes
            </span>
          }
        >
          {quote.maxDeposit === null
            ? "nothing caps a deposit"
            : `takes up to ${formatDecimal(quote.maxDeposit, 2)} ${quote.tokenSymbol} now`}
        </Figure>
      </dl>
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div data-quote={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">
        <span className="block text-xl font-semibold tabular-nums">{value}</span>
        <span className="block text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
          {children}
        </span>
      </dd>
    </div>
  );
}

/** A MetaMorpho vault's split of the deposit over its markets, in supply-queue order. */
function Allocation({ quote }: { quote: InstrumentQuote }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-sm" data-testid="quote-allocation">
        <caption className="mb-1 text-left text-sm font-semibold">
          Where the vault would put it, in supply-queue order
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="py-2 pr-4 font-medium">
              #
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Morpho market
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Supplied
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.allocation!.map((a, index) => (
            <tr key={a.marketId} className="border-b border-slate-100 dark:border-slate-800/60">
              <td className="py-1.5 pr-4 tabular-nums">{index + 1}</td>
              <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                <span className="inline-flex items-center gap-1">
                  <code className="font-mono text-xs" title={a.marketId}>
                    <span aria-hidden="true">{shortAddress(a.marketId)}</span>
                    <span className="sr-only">market {a.marketId}</span>
                  </code>
                  <CopyTextButton text={a.marketId} label={`Copy market id ${shortAddress(a.marketId)}`} />
                </span>
              </th>
              <td className="py-1.5 text-right tabular-nums">
                {formatDecimal(a.assets)} {quote.tokenSymbol}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 422 DEPOSIT_EXCEEDS_CAPACITY: the most the market takes now, and a button to quote that. */
function DoesNotFit({
  maxDeposit,
  symbol,
  onQuote,
}: {
  maxDeposit: string;
  symbol: string;
  onQuote: (amount: string) => void;
}) {
  const max = `${formatDecimal(maxDeposit)} ${symbol}`;
  return (
    <Refusal title="Does not fit" testId="quote-does-not-fit">
      This market takes at most <strong className="tabular-nums">{max}</strong> now (its supply cap or its
      vault’s caps).
      <Button size="sm" className="mt-2 flex" onClick={() => onQuote(maxDeposit)}>
        Quote {max}
      </Button>
    </Refusal>
  );
}

function Refusal({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div
      className="mt-4 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid={testId}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <WarningIcon /> {title}
      </p>
      <div className="mt-1">{children}</div>
    </div>
  );
}
