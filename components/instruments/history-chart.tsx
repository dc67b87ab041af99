"use client";

import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from "react";
import { cn } from "@/components/ui/cn";

export interface ChartPoint {
  /** Unix milliseconds. */
  t: number;
  v: number;
}

export interface HistoryChartProps {
  /** Short name of the series, e.g. "APY". */
  label: string;
  points: ChartPoint[];
  formatValue: (value: number) => string;
  /** Formats a y-axis tick; the step between ticks decides how many digits are worth showing. */
  formatTick: (value: number, step: number) => string;
  /** Hourly points (tooltip shows the time) or daily points. */
  hourly: boolean;
  tone: "indigo" | "emerald";
  /** Dims the chart while a new range loads over the old one. */
  busy?: boolean;
}

// The plot is drawn in a 1000 × 100 box stretched to the container (preserveAspectRatio="none"),
// with non-scaling strokes; labels are HTML positioned in percent. So the chart is responsive and
// server-renderable without measuring the container.
const W = 1000;
const H = 100;

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
} as const;

/** Round tick steps (1, 2, 2.5, 5 × 10^n) covering [min, max] with about `count` intervals. */
export function niceScale(
  min: number,
  max: number,
  count = 4,
): { lo: number; hi: number; step: number; ticks: number[] } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { lo: 0, hi: 1, step: 1, ticks: [0, 1] };
  if (min === max) {
    const pad = Math.abs(min) * 0.05 || 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounding to the step's precision keeps 0.30000000000000004 out of the labels.
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { lo, hi, step, ticks };
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });
const dayLongFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const hourFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** Date (and time for hourly data) of one point, as the tooltip and the data table show it. */
export const formatPointTime = (t: number, hourly: boolean) =>
  hourly ? `${hourFormat.format(t)} UTC` : dayLongFormat.format(t);

function xTicks(points: ChartPoint[], count: number): number[] {
  if (points.length < 2) return points.map((_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (points.length - 1)) / (count - 1)));
  return [...out];
}

export function HistoryChart({
  label,
  points,
  formatValue,
  formatTick,
  hourly,
  tone,
  busy = false,
}: HistoryChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const id = useId();
  const colors = tones[tone];

  const geometry = useMemo(() => {
    const values = points.map((p) => p.v);
    const scale = niceScale(Math.min(...values), Math.max(...values));
    const t0 = points[0]?.t ?? 0;
    const t1 = points.at(-1)?.t ?? 1;
    const span = t1 - t0 || 1;
    const x = (t: number) => ((t - t0) / span) * W;
    const y = (v: number) => H - ((v - scale.lo) / (scale.hi - scale.lo)) * H;
    const coords = points.map((p) => [x(p.t), y(p.v)] as const);
    const line = coords
      .map(([px, py], i) => `${i === 0 ? "M" : "L"}${px.toFixed(2)} ${py.toFixed(2)}`)
      .join("");
    const area = coords.length > 1 ? `${line}L${W} ${H}L0 ${H}Z` : "";
    const longSpan = span > 120 * 86_400_000;
    return { scale, coords, line, area, longSpan };
  }, [points]);

  if (points.length === 0) {
    return (
      <div className="flex h-56 items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No snapshots in this range yet.
      </div>
    );
  }

  const { scale, coords, line, area, longSpan } = geometry;
  const activePoint = active === null ? undefined : points[active];
  const activeCoord = active === null ? undefined : coords[active];
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;

  const indexAt = (clientX: number, rect: DOMRect) => {
    const ratio = Math.min(Math.max((clientX - rect.left) / rect.width, 0), 1);
    const t = points[0]!.t + ratio * (points.at(-1)!.t - points[0]!.t || 1);
    // Points are sorted by time: binary search for the nearest.
    let lo = 0;
    let hi = points.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (points[mid]!.t < t) lo = mid;
      else hi = mid;
    }
    return Math.abs(points[lo]!.t - t) <= Math.abs(points[hi]!.t - t) ? lo : hi;
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) =>
    setActive(indexAt(e.clientX, e.currentTarget.getBoundingClientRect()));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const current = active ?? last;
    const step = hourly ? 24 : 7;
    const next =
      e.key === "ArrowLeft"
        ? current - 1
        : e.key === "ArrowRight"
          ? current + 1
          : e.key === "PageUp"
            ? current - step
            : e.key === "PageDown"
              ? current + step
              : e.key === "Home"
                ? 0
                : e.key === "End"
                  ? last
                  : e.key === "Escape"
                    ? null
                    : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next === null ? null : Math.min(Math.max(next, 0), last));
  };

  const tickLabel = (t: number) => (longSpan ? monthFormat.format(t) : dayFormat.format(t));
  const xTickIndexes = xTicks(points, 5);

  return (
    <div className={cn("transition-opacity", busy && "opacity-50")} aria-busy={busy || undefined}>
      {/* Left gutter for y labels, bottom gutter for x labels. */}
      <div className="relative ml-14 mr-2 h-52 sm:h-56">
        {/* y ticks: gridlines and labels */}
        {scale.ticks.map((tick) => {
          const top = pct(H - ((tick - scale.lo) / (scale.hi - scale.lo)) * H, H);
          return (
            <div
              key={tick}
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-0"
              style={{ top }}
            >
              <div className="border-t border-slate-200 dark:border-slate-800" />
              <span className="absolute right-full mr-2 -translate-y-1/2 whitespace-nowrap text-[11px] tabular-nums text-slate-600 dark:text-slate-400">
                {formatTick(tick, scale.step)}
              </span>
            </div>
          );
        })}
        {/* x ticks */}
        {xTickIndexes.map((i, k) => {
          const point = points[i]!;
          const left = pct(coords[i]![0], W);
          const edge =
            k === 0
              ? "translate-x-0"
              : k === xTickIndexes.length - 1
                ? "-translate-x-full"
                : "-translate-x-1/2";
          // Narrow screens keep the first, middle and last labels only, so they never collide.
          const narrowHidden = xTickIndexes.length === 5 && (k === 1 || k === 3);
          return (
            <div
              key={i}
              aria-hidden="true"
              className={cn("pointer-events-none absolute bottom-0 top-0", narrowHidden && "hidden sm:block")}
              style={{ left }}
            >
              <div className="absolute bottom-0 h-1.5 border-l border-slate-300 dark:border-slate-700" />
              <span
                className={cn(
                  "absolute top-full mt-1.5 whitespace-nowrap text-[11px] text-slate-600 dark:text-slate-400",
                  edge,
                )}
              >
                {tickLabel(point.t)}
              </span>
            </div>
          );
        })}

        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
          aria-hidden="true"
          data-chart-points={points.length}
        >
          {area && <path d={area} className={colors.fill} />}
          <path
            d={line}
            fill="none"
            strokeWidth="2"
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            className={colors.line}
            data-series={label}
          />
          {activeCoord && (
            <line
              x1={activeCoord[0]}
              x2={activeCoord[0]}
              y1={0}
              y2={H}
              vectorEffect="non-scaling-stroke"
              className="stroke-slate-400 dark:stroke-slate-500"
              strokeDasharray="3 3"
              strokeWidth="1"
            />
          )}
        </svg>

        {/* The interactive layer: pointer hover and keyboard (arrows, Home/End, PageUp/PageDown). */}
        <div
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`${label} chart. Use the left and right arrow keys to read single points.`}
          aria-describedby={`${id}-readout`}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(null)}
          className="absolute inset-0 cursor-crosshair touch-pan-y rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
        />

        {activePoint && activeCoord && (
          <>
            <span
              aria-hidden="true"
              className={cn(
                "pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white dark:ring-slate-950",
                colors.dot,
              )}
              style={{ left: pct(activeCoord[0], W), top: pct(activeCoord[1], H) }}
            />
            <div
              aria-hidden="true"
              className={cn(
                "pointer-events-none absolute top-1 z-10 whitespace-nowrap rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900",
                activeCoord[0] > W / 2 ? "-translate-x-[calc(100%+10px)]" : "translate-x-2.5",
              )}
              style={{ left: pct(activeCoord[0], W) }}
              data-testid="chart-tooltip"
            >
              <div className="text-slate-600 dark:text-slate-400">
                {formatPointTime(activePoint.t, hourly)}
              </div>
              <div className="font-semibold tabular-nums text-slate-900 dark:text-white">
                {label} {formatValue(activePoint.v)}
              </div>
            </div>
          </>
        )}
      </div>
      {/* Room for the x labels. */}
      <div className="h-6" aria-hidden="true" />
      <p id={`${id}-readout`} className="sr-only" aria-live="polite">
        {activePoint
          ? `${formatPointTime(activePoint.t, hourly)}: ${label} ${formatValue(activePoint.v)}`
          : ""}
      </p>
    </div>
  );
}
