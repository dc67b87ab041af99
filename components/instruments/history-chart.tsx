"use client";

import { useId, useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { formatDayMonth, formatMonthYear, formatTime, formatWeekdayDate } from "@/components/ui/format";
import {
  chartGeometry,
  H,
  percentOf,
  W,
  xTickIndexes,
  yOf,
  type ChartGeometry,
  type ChartPoint,
} from "./chart-geometry";
import { useChartCursor } from "./use-chart-cursor";


export interface HistoryChartProps {
  /** Short name of the series, e.g. "APY". */
  label: string;
  points: ChartPoint[];
  formatValue: (value: number) => string;
  /** Formats a y-axis tick; the step between ticks decides how many digits are worth showing. */
  formatTick: (value: number, step: number) => string;
  /** Hourly points (tooltip shows the time) or daily points. */
  hourly: boolean;
  tone: keyof typeof tones;
  /** Dims the chart while a new range loads over the old one. */
  busy?: boolean;
}

const tones = {
  indigo: {
    line: "stroke-indigo-600 dark:stroke-indigo-400",
    fill: "fill-indigo-500/10 dark:fill-indigo-400/15",
    dot: "bg-indigo-600 dark:bg-indigo-400",
  },
  emerald: {
    line: "stroke-emerald-600 dark:stroke-emerald-400",
    fill: "fill-emerald-500/10 dark:fill-emerald-400/15",
    dot: "bg-emerald-600 dark:bg-emerald-400",
  },
  amber: {
    line: "stroke-amber-600 dark:stroke-amber-400",
    fill: "fill-amber-500/10 dark:fill-amber-400/15",
    dot: "bg-amber-600 dark:bg-amber-400",
  },
} as const;
type Tone = (typeof tones)[keyof typeof tones];

/** Date (and time for hourly data) of one point, as the tooltip and the data table show it. */
export const formatPointTime = (t: number, hourly: boolean) =>
  hourly ? `${formatDayMonth(t)}, ${formatTime(t)} UTC` : formatWeekdayDate(t);

/** One series over time: gridlines, axis labels, the line, and a point read out by pointer or keyboard. */
export function HistoryChart({ label, points, formatValue, formatTick, hourly, tone, busy = false }: HistoryChartProps) {
  const id = useId();
  const geometry = useMemo(() => chartGeometry(points), [points]);
  const cursor = useChartCursor(points, hourly);

  if (points.length === 0) {
    return (
      <div className="flex h-56 items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No snapshots in this range yet.
      </div>
    );
  }

  const colors = tones[tone];
  const activePoint = cursor.active === null ? undefined : points[cursor.active];
  const activeCoord = cursor.active === null ? undefined : geometry.coords[cursor.active];
  const readout = activePoint && `${formatPointTime(activePoint.t, hourly)}: ${label} ${formatValue(activePoint.v)}`;

  return (
    <div className={cn("transition-opacity", busy && "opacity-50")} aria-busy={busy || undefined}>
      {/* Left gutter for y labels, bottom gutter for x labels. */}
      <div className="relative ml-14 mr-2 h-52 sm:h-56">
        <YAxis scale={geometry.scale} formatTick={formatTick} />
        <XAxis points={points} geometry={geometry} />
        <Plot geometry={geometry} colors={colors} label={label} pointCount={points.length} cursorX={activeCoord?.[0]} />

        {/* The interactive layer: pointer hover and keyboard (arrows, Home/End, PageUp/PageDown). */}
        <div
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`${label} chart. Use the left and right arrow keys to read single points.`}
          aria-describedby={`${id}-readout`}
          {...cursor.handlers}
          className="absolute inset-0 cursor-crosshair touch-pan-y rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
        />

        {activePoint && activeCoord && (
          <PointTooltip
            at={activeCoord}
            dotClassName={colors.dot}
            time={formatPointTime(activePoint.t, hourly)}
            value={`${label} ${formatValue(activePoint.v)}`}
          />
        )}
      </div>
      {/* Room for the x labels. */}
      <div className="h-6" aria-hidden="true" />
      <p id={`${id}-readout`} className="sr-only" aria-live="polite">
        {readout ?? ""}
      </p>
    </div>
  );
}

/** Gridlines across the plot with their values in the left gutter. */
function YAxis({
  scale,
  formatTick,
}: {
  scale: ChartGeometry["scale"];
  formatTick: HistoryChartProps["formatTick"];
}) {
  return scale.ticks.map((tick) => (
    <div
      key={tick}
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0"
      style={{ top: percentOf(yOf(tick, scale), H) }}
    >
      <div className="border-t border-slate-200 dark:border-slate-800" />
      <span className="absolute right-full mr-2 -translate-y-1/2 whitespace-nowrap text-[11px] tabular-nums text-slate-600 dark:text-slate-400">
        {formatTick(tick, scale.step)}
      </span>
    </div>
  ));
}

/** Five dates under the plot (three at phone widths), the outer ones kept inside its edges. */
function XAxis({ points, geometry }: { points: ChartPoint[]; geometry: ChartGeometry }) {
  const indexes = xTickIndexes(points, 5);
  const tickLabel = (t: number) => (geometry.longSpan ? formatMonthYear(t) : formatDayMonth(t));
  return indexes.map((i, k) => {
    const edge = k === 0 ? "translate-x-0" : k === indexes.length - 1 ? "-translate-x-full" : "-translate-x-1/2";
    // Narrow screens keep the first, middle and last labels only, so they never collide.
    const narrowHidden = indexes.length === 5 && (k === 1 || k === 3);
    return (
      <div
        key={i}
        aria-hidden="true"
        className={cn("pointer-events-none absolute bottom-0 top-0", narrowHidden && "hidden sm:block")}
        style={{ left: percentOf(geometry.coords[i]![0], W) }}
      >
        <div className="absolute bottom-0 h-1.5 border-l border-slate-300 dark:border-slate-700" />
        <span
          className={cn("absolute top-full mt-1.5 whitespace-nowrap text-[11px] text-slate-600 dark:text-slate-400", edge)}
        >
          {tickLabel(points[i]!.t)}
        </span>
      </div>
    );
  });
}

/** The area, the line, and a dashed vertical at the point read out. */
function Plot({
  geometry,
  colors,
  label,
  pointCount,
  cursorX,
}: {
  geometry: ChartGeometry;
  colors: Tone;
  label: string;
  pointCount: number;
  cursorX: number | undefined;
}) {
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      className="absolute inset-0 h-full w-full overflow-visible"
      aria-hidden="true"
      data-chart-points={pointCount}
    >
      {geometry.area && <path d={geometry.area} className={colors.fill} />}
      <path
        d={geometry.line}
        fill="none"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
        className={colors.line}
        data-series={label}
      />
      {cursorX !== undefined && (
        <line
          x1={cursorX}
          x2={cursorX}
          y1={0}
          y2={H}
          vectorEffect="non-scaling-stroke"
          className="stroke-slate-400 dark:stroke-slate-500"
          strokeDasharray="3 3"
          strokeWidth="1"
        />
      )}
    </svg>
  );
}

/** A dot on the point and a box with its time and value, on the side with more room. */
function PointTooltip({
  at: [x, y],
  dotClassName,
  time,
  value,
}: {
  at: readonly [number, number];
  dotClassName: string;
  time: string;
  value: string;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white dark:ring-slate-950",
          dotClassName,
        )}
        style={{ left: percentOf(x, W), top: percentOf(y, H) }}
      />
      <div
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1 z-10 whitespace-nowrap rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900",
          x > W / 2 ? "-translate-x-[calc(100%+10px)]" : "translate-x-2.5",
        )}
        style={{ left: percentOf(x, W) }}
        data-testid="chart-tooltip"
      >
        <div className="text-slate-600 dark:text-slate-400">{time}</div>
        <div className="font-semibold tabular-nums text-slate-900 dark:text-white">{value}</div>
      </div>
    </>
  );
}
