import { Skeleton } from "@/components/ui/skeleton";
import { historyRanges } from "@/lib/client/queries/instrument-history";

/** The history section's shape while its first range loads, so nothing jumps when it arrives. */
export function HistorySkeleton() {
  return (
    <section aria-label="History (loading)" aria-busy="true" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">History</h2>
          <Skeleton className="mt-1 h-4 w-64 max-w-full" />
        </div>
        <div className="inline-flex gap-1 rounded-lg border border-slate-200 p-0.5 dark:border-slate-800">
          {historyRanges.map((r) => (
            <Skeleton key={r} className="h-8 w-12 rounded-md" />
          ))}
        </div>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {["APY", "TVL"].map((title) => (
          <div key={title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <p className="mb-4 text-sm font-medium text-slate-600 dark:text-slate-400">{title}</p>
            <Skeleton className="h-[14.5rem] w-full sm:h-[15.5rem]" />
          </div>
        ))}
      </div>
      <span className="sr-only" role="status">
        Loading the history…
      </span>
    </section>
  );
}
