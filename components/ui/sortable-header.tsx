import type { ReactNode } from "react";
import { cn } from "./cn";
import { SortIcon } from "./icons";
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
      <SortIcon sorted={sorted} size={14} className="shrink-0" />
    </button>
  );
}
