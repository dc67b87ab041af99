import type { ReactNode } from "react";
import { cn } from "./cn";
import type { CellAlign } from "./table";

export type SortDirection = false | "asc" | "desc";

/** The `aria-sort` of a sortable column's header cell: what order the rows are in now. */
export const ariaSortOf = (sorted: SortDirection) =>
  sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";

/**
 * The button inside a sortable column's header cell (give the cell `aria-sort={ariaSortOf(sorted)}`):
 * it toggles the order, and its arrows sit on the side the column's figures are aligned to.
 */
export function SortButton({
  sorted,
  onToggle,
  align,
  children,
}: {
  sorted: SortDirection;
  onToggle: ((event: unknown) => void) | undefined;
  align?: CellAlign;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className={cn(
        "-mx-1.5 -my-0.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 uppercase tracking-wide hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white",
        align === "right" && "flex-row-reverse",
        sorted && "text-slate-900 dark:text-white",
      )}
    >
      {children}
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0" fill="currentColor">
        <path d="M8 2 4.5 6h7z" opacity={sorted === "asc" ? 1 : 0.3} />
        <path d="M8 14l3.5-4h-7z" opacity={sorted === "desc" ? 1 : 0.3} />
      </svg>
    </button>
  );
}
