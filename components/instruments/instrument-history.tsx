"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ApiClientError } from "@/lib/client/api-fetch";
import { getChain, type Environment } from "@/lib/facts/chains";
import type { HistoryPoint } from "@/lib/schemas/instruments";
import {
  historyRangeLabels,
  historyRanges,
  instrumentHistoryQueryOptions,
  parseHistoryRange,
  type HistoryRange,
} from "@/lib/client/queries/instrument-history";
import { HistoryCharts } from "./history-charts";
import { HistoryTable } from "./history-table";

/**
 * APY and TVL charts of one instrument for the range in the URL (?range=7d|30d|90d|1y), and where its
 * real history starts (its oldest day point read from chain, with that block linked to the explorer).
 */
export function InstrumentHistory({
  instrumentId,
  environment = "live",
  start = null,
  chainId,
}: {
  instrumentId: string;
  environment?: Environment;
  start?: { day: string; block: number } | null;
  chainId?: number;
}) {
  const searchParams = useSearchParams();
  const range = parseHistoryRange(searchParams.get("range"));
  const query = useQuery({
    ...instrumentHistoryQueryOptions(instrumentId, range, environment),
    placeholderData: keepPreviousData,
  });

  const setRange = (next: HistoryRange) => {
    const params = new URLSearchParams(searchParams);
    params.set("range", next);
    // A history entry per range (the back button returns to the previous one) without a server
    // round trip: Next syncs pushState into useSearchParams, and react-query fetches the range.
    window.history.pushState(null, "", `?${params}`);
  };

  const hourly = range === "7d";
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {hourly ? "Hourly" : "Daily"} snapshots over the last {historyRangeLabels[range]}, times in UTC.
            {start && <HistoryStartNote start={start} chainId={chainId} />}
          </p>
        </div>
        <RangeSwitch range={range} onChange={setRange} />
      </div>

      {query.isError && !query.data ? (
        <HistoryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <HistoryCharts
            data={query.data?.data ?? noPoints}
            range={range}
            loading={query.isPending}
            busy={query.isPlaceholderData && query.isFetching}
          />
          {query.isError && (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
              The {historyRangeLabels[range]} range could not be loaded; the chart shows the previous range.{" "}
              {query.error instanceof ApiClientError && query.error.requestId
                ? `Request id ${query.error.requestId}.`
                : ""}
            </p>
          )}
          {query.data && <HistoryTable points={query.data.data} hourly={hourly} range={range} />}
        </>
      )}
    </section>
  );
}

const noPoints: HistoryPoint[] = [];

/** 7d | 30d | 90d | 1y, the current one pressed. */
function RangeSwitch({ range, onChange }: { range: HistoryRange; onChange: (range: HistoryRange) => void }) {
  return (
    <div
      role="group"
      aria-label="History range"
      className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5 dark:border-slate-800 dark:bg-slate-900"
    >
      {historyRanges.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={r === range}
          // WCAG 2.5.3: the name starts with what the button shows, so "click 7d" works by voice.
          aria-label={`${r} (last ${historyRangeLabels[r]})`}
          onClick={() => onChange(r)}
          className={cn(
            "h-8 min-w-12 rounded-md px-3 text-sm font-medium",
            r === range
              ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-700 dark:text-white dark:ring-slate-600"
              : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
          )}
        >
          {r}
        </button>
      ))}
    </div>
  );
}

function HistoryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const requestId = error instanceof ApiClientError ? error.requestId : null;
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-medium">The history could not be loaded.</p>
      <p className="mt-1">{error.message}</p>
      {requestId && (
        <p className="mt-1">
          Request id <code className="font-mono">{requestId}</code>
        </p>
      )}
      <Button size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** "From 2025-11-28, block N": where the instrument's history read from chain starts. */
function HistoryStartNote({ start, chainId }: { start: { day: string; block: number }; chainId?: number }) {
  const explorer = chainId === undefined ? null : getChain(chainId)?.explorerUrl;
  const block = start.block.toLocaleString("en-US");
  return (
    <span data-testid="history-start">
      {" "}
      From {start.day}, block{" "}
      {explorer ? (
        <a className="underline" href={`${explorer}/block/${start.block}`} target="_blank" rel="noreferrer">
          {block}
        </a>
      ) : (
        block
      )}
      .
    </span>
  );
}
