import type { ReactNode } from "react";
import { cn } from "./cn";
import { HeaderCell, type CellAlign } from "./table";

export type SortDirection = false | "asc" | "desc";

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/**
 * A column header that sorts by its column: `aria-sort` on the cell says the current order, the
 * button inside toggles it. The arrows sit on the side the column's figures are aligned to.
 */
export function SortableHeader({
  sorted,
  onToggle,
  align,
  className,
  colSpan,
  children,
}: {
  sorted: SortDirection;
  onToggle: ((event: unknown) => void) | undefined;
  align?: CellAlign;
  className?: string;
  colSpan?: number;
  children: ReactNode;
}) {
  return (
    <HeaderCell
      align={align}
      className={className}
      colSpan={colSpan}
      aria-sort={sorted ? ariaSort[sorted] : "none"}
    >
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
        <SortIcon direction={sorted} />
      </button>
    </HeaderCell>
  );
}

function SortIcon({ direction }: { direction: SortDirection }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0" fill="currentColor">
      <path d="M8 2 4.5 6h7z" opacity={direction === "asc" ? 1 : 0.3} />
      <path d="M8 14l3.5-4h-7z" opacity={direction === "desc" ? 1 : 0.3} />
    </svg>
  );
}
