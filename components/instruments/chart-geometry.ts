// The arithmetic of the history charts: scales, ticks and the path of a series. The plot is drawn in
// a W × H box stretched to the container (preserveAspectRatio="none"), with non-scaling strokes;
// labels are HTML positioned in percent. So a chart is responsive and server-renderable without
// measuring the container.

export const W = 1000;
export const H = 100;

export interface ChartPoint {
  /** Unix milliseconds. */
  t: number;
  v: number;
}

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

export type ChartGeometry = ReturnType<typeof chartGeometry>;

/** The y scale, each point's position in the W × H box, the line and the area under it. */
export function chartGeometry(points: readonly ChartPoint[]) {
  const values = points.map((p) => p.v);
  const scale = niceScale(Math.min(...values), Math.max(...values));
  const t0 = points[0]?.t ?? 0;
  const t1 = points.at(-1)?.t ?? 1;
  const span = t1 - t0 || 1;
  const x = (t: number) => ((t - t0) / span) * W;
  const coords = points.map((p) => [x(p.t), yOf(p.v, scale)] as const);
  const line = coords.map(([px, py], i) => `${i === 0 ? "M" : "L"}${px.toFixed(2)} ${py.toFixed(2)}`).join("");
  const area = coords.length > 1 ? `${line}L${W} ${H}L0 ${H}Z` : "";
  // Beyond about four months the x labels name months, not days.
  const longSpan = span > 120 * 86_400_000;
  return { scale, coords, line, area, longSpan };
}

/** Where a value sits vertically in the box (0 at the top). */
export const yOf = (v: number, scale: { lo: number; hi: number }) => H - ((v - scale.lo) / (scale.hi - scale.lo)) * H;

/** `count` evenly spread point indexes for the x labels, the first and last included. */
export function xTickIndexes(points: readonly ChartPoint[], count: number): number[] {
  if (points.length < 2) return points.map((_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (points.length - 1)) / (count - 1)));
  return [...out];
}

/** The index of the point nearest in time to a horizontal position, `ratio` 0 (left) to 1 (right). */
export function nearestPointIndex(points: readonly ChartPoint[], ratio: number): number {
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
}

/** `value` as a percentage of `of`, for CSS positions. */
export const percentOf = (value: number, of: number) => `${(value / of) * 100}%`;
