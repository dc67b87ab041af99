"use client";

import { createContext, useContext } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/components/ui/format";
import type { SparklineApys } from "@/lib/client/queries/sparklines";

/** The 30-day day APYs of the rows on the page, from one history request (or its state). */
export type SparklineSeries = { state: "loading" } | { state: "error" } | { state: "ready"; apys: SparklineApys };

export const SparklineContext = createContext<SparklineSeries>({ state: "loading" });

const WIDTH = 88;
const HEIGHT = 24;
const PAD = 2;

/** "up from 4.12% to 4.56% over 30 days (low 3.90%, high 4.80%)": what the line shows, in words. */
export function describeTrend(apys: readonly number[]): string {
  if (apys.length === 0) return "No APY history in the last 30 days";
  const first = apys[0]!;
  const last = apys.at(-1)!;
  if (apys.length === 1) return `30-day APY: one day, ${formatPercent(first)}`;
  const low = formatPercent(Math.min(...apys));
  const high = formatPercent(Math.max(...apys));
  const direction = last > first ? "up" : last < first ? "down" : "unchanged";
  const days = `${apys.length} days`;
  return direction === "unchanged"
    ? `30-day APY unchanged at ${formatPercent(last)} over ${days} (low ${low}, high ${high})`
    : `30-day APY ${direction} from ${formatPercent(first)} to ${formatPercent(last)} over ${days} (low ${low}, high ${high})`;
}

/** The path of the line through `apys`, scaled into the box (a flat line in the middle when all are equal). */
function linePath(apys: readonly number[]): string {
  const min = Math.min(...apys);
  const span = Math.max(...apys) - min;
  const step = (WIDTH - 2 * PAD) / Math.max(apys.length - 1, 1);
  return apys
    .map((apy, i) => {
      const x = PAD + i * step;
      const y = span === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((apy - min) / span) * (HEIGHT - 2 * PAD);
      return `${i === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join("");
}

/** A row's 30-day APY as an inline SVG line, named by its trend for screen readers. */
export function ApySparkline({ instrumentId }: { instrumentId: string }) {
  const series = useContext(SparklineContext);
  if (series.state === "loading") return <Skeleton className="ml-auto h-6 w-[88px]" />;
  if (series.state === "error")
    return (
      <span className="text-slate-500" title="The 30-day history could not be loaded">
        —<span className="sr-only">30-day history not loaded</span>
      </span>
    );
  const apys = series.apys[instrumentId] ?? [];
  const label = describeTrend(apys);
  if (apys.length === 0)
    return (
      <span className="text-slate-500" title={label}>
        —<span className="sr-only">{label}</span>
      </span>
    );
  const trend = apys.at(-1)! - apys[0]!;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      data-points={apys.length}
      className={
        trend > 0
          ? "inline-block text-emerald-600 dark:text-emerald-400"
          : trend < 0
            ? "inline-block text-rose-600 dark:text-rose-400"
            : "inline-block text-slate-500 dark:text-slate-400"
      }
    >
      <title>{label}</title>
      {apys.length === 1 ? (
        <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={2} fill="currentColor" />
      ) : (
        <path
          d={linePath(apys)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
