// Summaries of repeated measurements, and the benchmark's correctness checks.
import { log } from "./settings";

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const percentile = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
export const median = (xs: number[]) => percentile(xs, 50);
export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
export const summary = (xs: number[]) => ({
  n: xs.length,
  p50: round(median(xs)),
  p95: round(percentile(xs, 95)),
  min: round(Math.min(...xs)),
  max: round(Math.max(...xs)),
});
export type Summary = ReturnType<typeof summary>;

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
/** Every check made so far, in order; a failed one fails the run. */
export const checks: Check[] = [];
export const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  if (!ok) log(`CHECK FAILED: ${name}: ${detail}`);
};
