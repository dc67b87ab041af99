"use client";

import { useMemo, type ReactNode } from "react";
import { formatPercent, formatUsdCompact } from "@/components/ui/format";
import { Skeleton } from "@/components/ui/skeleton";
import { historyRangeLabels, type HistoryRange } from "@/lib/client/queries/instrument-history";
import type { HistoryPoint } from "@/lib/schemas/instruments";
import type { ChartPoint } from "./chart-geometry";
import { HistoryChart, type HistoryChartProps } from "./history-chart";

interface Series {
  key: "apy" | "apyReward" | "tvl";
  title: string;
  tone: HistoryChartProps["tone"];
  format: (value: number) => string;
  formatTick: HistoryChartProps["formatTick"];
  /** The change from the first to the last point, as the card's heading shows it ("" for none). */
  change: (first: number, last: number) => string;
}

/** "+0.42 pp", "−3.10%", "±0.00 pp". */
function changeText(delta: number, unit: "pp" | "%") {
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return `${sign}${Math.abs(delta).toFixed(2)}${unit === "pp" ? " pp" : "%"}`;
}

/** A series in percent, its change in percentage points. */
const percentSeries = (key: Series["key"], title: string, tone: Series["tone"]): Series => ({
  key,
  title,
  tone,
  format: (v) => formatPercent(v),
  formatTick: (value, step) => formatPercent(value, step >= 1 ? 0 : step >= 0.1 ? 1 : 2),
  change: (first, last) => changeText(last - first, "pp"),
});

const series: readonly Series[] = [
  percentSeries("apy", "APY", "indigo"),
  percentSeries("apyReward", "Reward APY", "amber"),
  {
    key: "tvl",
    title: "TVL",
    tone: "emerald",
    format: formatUsdCompact,
    formatTick: (value) => formatUsdCompact(value),
    change: (first, last) => (first === 0 ? "" : changeText(((last - first) / first) * 100, "%")),
  },
];

/** The APY and TVL charts of one range side by side (stacked on narrow screens). */
export function HistoryCharts({
  data,
  range,
  loading,
  busy,
}: {
  data: readonly HistoryPoint[];
  range: HistoryRange;
  /** Nothing to draw yet: skeletons stand in. */
  loading: boolean;
  /** Another range is loading over this one. */
  busy: boolean;
}) {
  // A point without a value (rewards before they were recorded) is left out of that series.
  const points = useMemo(
    () =>
      Object.fromEntries(
        series.map((s) => [
          s.key,
          data.flatMap((p): ChartPoint[] => {
            const v = p[s.key];
            return v === null ? [] : [{ t: Date.parse(p.timestamp), v }];
          }),
        ]),
      ) as Record<Series["key"], ChartPoint[]>,
    [data],
  );
  // The reward chart shows once some point recorded rewards (and none while loading).
  const shown = series.filter((s) => s.key !== "apyReward" || (!loading && points.apyReward.some((p) => p.v > 0)));
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      {shown.map((s) => (
        <ChartCard key={s.key} series={s} points={points[s.key]} range={range}>
          {loading ? (
            <Skeleton className="h-[14.5rem] w-full sm:h-[15.5rem]" />
          ) : (
            <HistoryChart
              label={s.title}
              points={points[s.key]}
              formatValue={s.format}
              formatTick={s.formatTick}
              hourly={range === "7d"}
              tone={s.tone}
              busy={busy}
            />
          )}
        </ChartCard>
      ))}
    </div>
  );
}

/** A chart under its title and latest value with the change over the range; a caption says it all in words. */
function ChartCard({
  series: { key, title, format, change },
  points,
  range,
  children,
}: {
  series: Series;
  points: ChartPoint[];
  range: HistoryRange;
  children: ReactNode;
}) {
  const headingId = `${key}-chart-heading`;
  const first = points[0]?.v;
  const last = points.at(-1)?.v;
  const changed = first !== undefined && last !== undefined ? change(first, last) : "";
  const values = points.map((p) => p.v);
  return (
    <figure
      aria-labelledby={headingId}
      data-testid={`${key}-chart`}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mb-4 flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {title}
        </h3>
        {last !== undefined && (
          <p className="text-right">
            <span className="text-lg font-semibold tabular-nums">{format(last)}</span>
            {changed && (
              <span className="ml-2 text-sm tabular-nums text-slate-600 dark:text-slate-400">
                {changed} <span className="sr-only">over the last {historyRangeLabels[range]}</span>
                <span aria-hidden="true">/ {range}</span>
              </span>
            )}
          </p>
        )}
      </div>
      {children}
      {first !== undefined && last !== undefined && (
        <figcaption className="sr-only">
          {title} over the last {historyRangeLabels[range]}, {points.length} points: from {format(first)} to{" "}
          {format(last)}, low {format(Math.min(...values))}, high {format(Math.max(...values))}.
        </figcaption>
      )}
    </figure>
  );
}
