"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiClientError } from "@/lib/client/api-fetch";
import type { Environment } from "@/lib/facts/chains";
import { formatPercent, formatUsd, formatUsdCompact } from "@/components/ui/format";
import {
  historyRangeLabels,
  historyRanges,
  instrumentHistoryQueryOptions,
  parseHistoryRange,
  type HistoryRange,
} from "@/lib/client/queries/instrument-history";
import type { HistoryPoint } from "@/lib/schemas/instruments";
import { formatPointTime, HistoryChart, type ChartPoint } from "./history-chart";

const apyTick = (value: number, step: number) => formatPercent(value, step >= 1 ? 0 : step >= 0.1 ? 1 : 2);
const tvlTick = (value: number) => formatUsdCompact(value);

/** APY and TVL charts of one instrument for the range in the URL (?range=7d|30d|90d|1y). */
export function InstrumentHistory({
  instrumentId,
  environment = "live",
}: {
  instrumentId: string;
  environment?: Environment;
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

  const series = useMemo(() => {
    const data = query.data?.data ?? [];
    return {
      apy: data.map((p): ChartPoint => ({ t: Date.parse(p.timestamp), v: p.apy })),
      tvl: data.map((p): ChartPoint => ({ t: Date.parse(p.timestamp), v: p.tvl })),
    };
  }, [query.data]);

  const hourly = range === "7d";
  const busy = query.isPlaceholderData && query.isFetching;

  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {hourly ? "Hourly" : "Daily"} snapshots over the last {historyRangeLabels[range]}, times in UTC.
          </p>
        </div>
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
              onClick={() => setRange(r)}
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
      </div>

      {query.isError && !query.data ? (
        <HistoryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <ChartCard
              title="APY"
              headingId="apy-chart-heading"
              points={series.apy}
              loading={query.isPending}
              summary={(first, last) => ({
                value: formatPercent(last),
                change: changeText(last - first, "pp"),
              })}
              range={range}
            >
              <HistoryChart
                label="APY"
                points={series.apy}
                formatValue={(v) => formatPercent(v)}
                formatTick={apyTick}
                hourly={hourly}
                tone="indigo"
                busy={busy}
              />
            </ChartCard>
            <ChartCard
              title="TVL"
              headingId="tvl-chart-heading"
              points={series.tvl}
              loading={query.isPending}
              summary={(first, last) => ({
                value: formatUsdCompact(last),
                change: first === 0 ? "" : changeText(((last - first) / first) * 100, "%"),
              })}
              range={range}
            >
              <HistoryChart
                label="TVL"
                points={series.tvl}
                formatValue={formatUsdCompact}
                formatTick={tvlTick}
                hourly={hourly}
                tone="emerald"
                busy={busy}
              />
            </ChartCard>
          </div>
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

function changeText(delta: number, unit: "pp" | "%") {
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return `${sign}${Math.abs(delta).toFixed(2)}${unit === "pp" ? " pp" : "%"}`;
}

function ChartCard({
  title,
  headingId,
  points,
  loading,
  summary,
  range,
  children,
}: {
  title: string;
  headingId: string;
  points: ChartPoint[];
  loading: boolean;
  summary: (first: number, last: number) => { value: string; change: string };
  range: HistoryRange;
  children: React.ReactNode;
}) {
  const first = points[0]?.v;
  const last = points.at(-1)?.v;
  const s = first !== undefined && last !== undefined ? summary(first, last) : undefined;
  const values = points.map((p) => p.v);
  return (
    <figure
      aria-labelledby={headingId}
      data-testid={`${title.toLowerCase()}-chart`}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mb-4 flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {title}
        </h3>
        {s && (
          <p className="text-right">
            <span className="text-lg font-semibold tabular-nums">{s.value}</span>
            {s.change && (
              <span className="ml-2 text-sm tabular-nums text-slate-600 dark:text-slate-400">
                {s.change} <span className="sr-only">over the last {historyRangeLabels[range]}</span>
                <span aria-hidden="true">/ {range}</span>
              </span>
            )}
          </p>
        )}
      </div>
      {loading ? <Skeleton className="h-[14.5rem] w-full sm:h-[15.5rem]" /> : children}
      {points.length > 0 && (
        <figcaption className="sr-only">
          {title} over the last {historyRangeLabels[range]}, {points.length} points: from {fmt(title, first!)}{" "}
          to {fmt(title, last!)}, low {fmt(title, Math.min(...values))}, high{" "}
          {fmt(title, Math.max(...values))}.
        </figcaption>
      )}
    </figure>
  );
}

const fmt = (title: string, v: number) => (title === "APY" ? formatPercent(v) : formatUsdCompact(v));

function HistoryTable({
  points,
  hourly,
  range,
}: {
  points: HistoryPoint[];
  hourly: boolean;
  range: HistoryRange;
}) {
  return (
    <details className="group mt-4 rounded-xl border border-slate-200 dark:border-slate-800">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-900 [&::-webkit-details-marker]:hidden">
        <span>
          Data table{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            ({points.length} {hourly ? "hourly" : "daily"} snapshots)
          </span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-4 w-4 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m4 6 4 4 4-4" />
        </svg>
      </summary>
      <div
        className="relative max-h-96 overflow-auto border-t border-slate-200 dark:border-slate-800"
        tabIndex={0}
        role="region"
        aria-label="History data (scrollable)"
      >
        <table className="w-full text-sm" data-testid="history-table">
          <caption className="sr-only">
            APY and TVL over the last {historyRangeLabels[range]}, oldest first
          </caption>
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-semibold">
                {hourly ? "Time" : "Date"}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                APY
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                TVL
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.timestamp} className="border-t border-slate-100 dark:border-slate-800/70">
                <th scope="row" className="whitespace-nowrap px-4 py-1.5 text-left font-normal">
                  {formatPointTime(Date.parse(p.timestamp), hourly)}
                </th>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatPercent(p.apy)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatUsd(p.tvl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
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
