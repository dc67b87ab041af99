import { ChevronDownIcon } from "@/components/ui/icons";
import { formatPercent, formatUsd } from "@/components/ui/format";
import { historyRangeLabels, type HistoryRange } from "@/lib/client/queries/instrument-history";
import type { HistoryPoint } from "@/lib/schemas/instruments";
import { formatPointTime } from "./history-chart";

/** The charts' figures as a table, folded away under "Data table" until asked for. */
export function HistoryTable({
  points,
  hourly,
  range,
}: {
  points: readonly HistoryPoint[];
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
        <ChevronDownIcon className="transition-transform group-open:rotate-180" />
      </summary>
      <div
        className="relative max-h-96 overflow-auto border-t border-slate-200 dark:border-slate-800"
        tabIndex={0}
        role="region"
        aria-label="History data (scrollable)"
      >
        <table className="w-full text-sm" data-testid="history-table">
          <caption className="sr-only">APY and TVL over the last {historyRangeLabels[range]}, oldest first</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-semibold">
                {hourly ? "Time" : "Date"}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                APY
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                Reward APY
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
                <td className="px-4 py-1.5 text-right tabular-nums">
                  {p.apyReward === null ? <span title="Not recorded at this point">—</span> : formatPercent(p.apyReward)}
                </td>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatUsd(p.tvl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
