"use client";

import { useQuery } from "@tanstack/react-query";
import { apiKeyUsageQueryOptions } from "@/lib/client/queries/api-keys";
import type { ApiKeyUsage } from "@/lib/schemas/api-keys";

const WIDTH = 168;
const HEIGHT = 24;
const numberFormat = new Intl.NumberFormat("en-US");

/** What the chart shows, in words: its accessible name and its tooltip. */
export function describeUsage(usage: ApiKeyUsage): string {
  if (usage.total === 0) return "No requests in the last 7 days";
  const peak = usage.points.reduce((best, p) => (p.requests > best.requests ? p : best));
  const lastDay = usage.points.slice(-24).reduce((sum, p) => sum + p.requests, 0);
  const hour = new Date(peak.timestamp).toLocaleString("en-GB", { weekday: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${numberFormat.format(usage.total)} requests in the last 7 days, ${numberFormat.format(lastDay)} in the last 24 hours; busiest hour ${hour} UTC with ${numberFormat.format(peak.requests)}`;
}

/** A key's requests per hour over 7 days: one bar per hour, the current hour at the right. */
export function KeyUsage({ id }: { id: string }) {
  const usage = useQuery(apiKeyUsageQueryOptions(id));
  if (usage.isPending) return <span className="inline-block h-6 w-28 animate-pulse rounded bg-slate-200 dark:bg-slate-800" aria-label="Loading usage" role="img" />;
  if (usage.isError) return <span className="text-xs text-slate-500 dark:text-slate-400">unavailable</span>;
  const data = usage.data;
  const max = Math.max(1, ...data.points.map((p) => p.requests));
  const description = describeUsage(data);
  return (
    <span className="inline-flex items-center gap-2" title={description}>
      <svg role="img" aria-label={description} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-6 w-28 text-sky-600 dark:text-sky-400" data-testid="key-usage-chart">
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300 dark:stroke-slate-700" strokeWidth="1" />
        {data.points.map((p, i) =>
          p.requests > 0 ? (
            <rect key={p.timestamp} x={i} width="1" y={HEIGHT - Math.max(1.5, (p.requests / max) * HEIGHT)} height={Math.max(1.5, (p.requests / max) * HEIGHT)} fill="currentColor" />
          ) : null,
        )}
      </svg>
      <span className="text-xs tabular-nums text-slate-700 dark:text-slate-300" aria-hidden="true">
        {numberFormat.format(data.total)}
      </span>
    </span>
  );
}
