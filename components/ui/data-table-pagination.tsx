import { Button } from "./button";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "./icons";

export interface DataTablePaginationProps {
  pageIndex: number;
  pageSize: number;
  rowCount: number | undefined;
  pageCount: number;
  pageSizeOptions: readonly number[];
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** "Rows per page", "1–25 of 65" and first/previous/next/last buttons. */
export function DataTablePagination({
  pageIndex,
  pageSize,
  rowCount,
  pageCount,
  pageSizeOptions,
  onPageIndexChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  const total = rowCount ?? 0;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const lastPage = Math.max(pageCount - 1, 0);
  const canPrevious = pageIndex > 0;
  const canNext = pageIndex < lastPage;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t border-slate-200 px-3 py-2.5 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300"
    >
      <label className="flex items-center gap-2">
        <span>Rows per page</span>
        <select
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-3">
        <p className="tabular-nums" aria-live="polite" data-testid="pagination-range">
          {first}–{last} of {total}
        </p>
        <div className="flex items-center gap-1">
          {(
            [
              ["First page", 0, !canPrevious, ChevronsLeftIcon],
              ["Previous page", pageIndex - 1, !canPrevious, ChevronLeftIcon],
              ["Next page", pageIndex + 1, !canNext, ChevronRightIcon],
              ["Last page", lastPage, !canNext, ChevronsRightIcon],
            ] as const
          ).map(([label, target, disabled, Icon]) => (
            <Button
              key={label}
              size="icon"
              variant="ghost"
              aria-label={label}
              disabled={disabled}
              onClick={() => onPageIndexChange(target)}
            >
              <Icon />
            </Button>
          ))}
        </div>
      </div>
    </nav>
  );
}
