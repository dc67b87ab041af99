"use client";

import { Button } from "@/components/ui/button";
import { ActiveFilters } from "./active-filters";
import { activeFilterKeys, type ExplorerQuery, type Navigate } from "./explorer-query";

// Loaded only when a view has no row to show (instrument-explorer.tsx).

/** No row: a page past the end of the list, or filters nothing matches, or nothing synced yet. */
export function EmptyState({ query, total, navigate }: { query: ExplorerQuery; total: number; navigate: Navigate }) {
  if (total > 0) {
    // The list has rows, just not this many pages of them (an old link, or a smaller page size).
    return (
      <div className="flex flex-col items-center gap-3">
        <p className="text-slate-700 dark:text-slate-300">
          Page {query.page} is past the end: there are {total} instruments, {Math.ceil(total / query.limit)}{" "}
          pages of {query.limit}.
        </p>
        <Button size="sm" onClick={() => navigate((c) => ({ ...c, page: 1 }))}>
          Go to the first page
        </Button>
      </div>
    );
  }
  const filtered = activeFilterKeys(query).length > 0;
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="font-semibold text-slate-900 dark:text-white">No instrument matches these filters</p>
      {filtered ? (
        <>
          <p className="text-slate-700 dark:text-slate-300">Loosen one of them:</p>
          <ActiveFilters query={query} navigate={navigate} className="justify-center" />
        </>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">No instruments have been synced yet.</p>
      )}
    </div>
  );
}
