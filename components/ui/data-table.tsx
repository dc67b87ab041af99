"use client";

import {
  createColumnHelper,
  functionalUpdate,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { Skeleton } from "./skeleton";

/** Per-column presentation hints read by DataTable. */
export interface DataTableColumnMeta {
  /** Numbers align right so digits line up (and get tabular figures). */
  align?: "left" | "right";
  /** Extra classes for this column's <th> and <td>s (widths, hiding on small screens…). */
  className?: string;
  /** Width class of the skeleton bar shown while loading (default w-20). */
  skeletonClassName?: string;
}

// Sorting and pagination are always done by the server: the features only hold the state
// and the header/pager APIs, no client row models (so no client sorting code is bundled).
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData>;

/** `const col = createDataTableColumnHelper<Row>()` then `col.accessor("field", { header, cell, meta })`. */
export const createDataTableColumnHelper = <TData extends RowData>() =>
  createColumnHelper<DataTableFeatures, TData>();

/**
 * Put this class on the link inside a row's first cell: its ::after covers the whole row,
 * so the row is one big click target while the accessible name stays that of the link.
 */
export const rowLinkClass =
  "after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-500";

export interface DataTableProps<TData extends RowData> {
  columns: ReadonlyArray<DataTableColumnDef<TData>>;
  data: TData[];
  /** Read by screen readers as the table's name (rendered visually hidden). */
  caption: string;
  getRowId?: (row: TData) => string;
  /** Total rows on the server, for the pager and page count. */
  rowCount?: number;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  pagination?: PaginationState;
  onPaginationChange?: (pagination: PaginationState) => void;
  pageSizeOptions?: readonly number[];
  /** No data yet: render skeleton rows. */
  isLoading?: boolean;
  /** Data shown is a placeholder while a new page loads: dim it and mark the table busy. */
  isFetching?: boolean;
  /** Replaces the body with one row holding this content (message, request id, retry button). */
  error?: ReactNode;
  /** Shown in one row when there is no row to show. */
  emptyState?: ReactNode;
  /** Rows contain a `rowLinkClass` link: give them hover feedback and a positioning context. */
  linkedRows?: boolean;
  className?: string;
}

const alignClass = (align: DataTableColumnMeta["align"]) =>
  align === "right" ? "text-right tabular-nums" : "text-left";

export function DataTable<TData extends RowData>({
  columns,
  data,
  caption,
  getRowId,
  rowCount,
  sorting,
  onSortingChange,
  pagination,
  onPaginationChange,
  pageSizeOptions = [10, 25, 50, 100],
  isLoading = false,
  isFetching = false,
  error,
  emptyState = "No results.",
  linkedRows = false,
  className,
}: DataTableProps<TData>) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    rowCount,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    // A server-sorted list always has some order; a third "unsorted" click state would be a lie.
    enableSortingRemoval: false,
    enableSorting: Boolean(onSortingChange),
    state: {
      ...(sorting && { sorting }),
      ...(pagination && { pagination }),
    },
    onSortingChange: (updater) => onSortingChange?.(functionalUpdate(updater, sorting ?? [])),
    onPaginationChange: (updater) => {
      if (pagination) onPaginationChange?.(functionalUpdate(updater, pagination));
    },
  });

  const leafColumns = table.getAllLeafColumns();
  const columnCount = leafColumns.length;
  const rows = table.getRowModel().rows;
  const skeletonCount = Math.min(pagination?.pageSize ?? 10, 10);

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-4 py-10">
          {error}
        </td>
      </tr>
    );
  } else if (isLoading && rows.length === 0) {
    body = Array.from({ length: skeletonCount }, (_, i) => (
      <tr key={`skeleton-${i}`} className="border-b border-slate-100 last:border-0 dark:border-slate-800/70">
        {leafColumns.map((column) => {
          const meta = column.columnDef.meta;
          return (
            <td key={column.id} className={cn("px-2 py-3 sm:px-3", meta?.className)}>
              <Skeleton
                className={cn("h-4", meta?.skeletonClassName ?? "w-20", meta?.align === "right" && "ml-auto")}
              />
            </td>
          );
        })}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td
          colSpan={columnCount}
          className="px-4 py-10 text-center text-sm text-slate-600 dark:text-slate-400"
        >
          {emptyState}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        className={cn(
          "border-b border-slate-100 last:border-0 dark:border-slate-800/70",
          linkedRows && "relative hover:bg-slate-50 dark:hover:bg-slate-900/60",
        )}
      >
        {row.getAllCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.id}
              className={cn(
                "whitespace-nowrap px-2 py-2.5 align-middle sm:px-3",
                alignClass(meta?.align),
                meta?.className,
              )}
            >
              <table.FlexRender cell={cell} />
            </td>
          );
        })}
      </tr>
    ));
  }

  return (
    <div
      className={cn(
        "overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950",
        className,
      )}
    >
      {/* The table scrolls sideways inside this box at narrow widths, never the page. It is focusable so keyboard users can scroll it. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption} (scrollable)`}>
        <table
          aria-busy={isLoading || isFetching || undefined}
          className={cn(
            "w-full border-collapse text-sm transition-opacity",
            isFetching && !isLoading && "opacity-60",
          )}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={
                        canSort
                          ? sorted === "asc"
                            ? "ascending"
                            : sorted === "desc"
                              ? "descending"
                              : "none"
                          : undefined
                      }
                      className={cn(
                        "whitespace-nowrap px-2 py-2.5 font-semibold sm:px-3",
                        alignClass(meta?.align),
                        meta?.className,
                      )}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className={cn(
                            "-mx-1.5 -my-0.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 uppercase tracking-wide hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white",
                            meta?.align === "right" && "flex-row-reverse",
                            sorted && "text-slate-900 dark:text-white",
                          )}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {/* "0–0 of 0" says nothing the empty or error row does not: the pager shows only with rows to page through. */}
      {pagination && onPaginationChange && !error && (rowCount ?? 0) > 0 && (
        <DataTablePagination
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          rowCount={rowCount}
          pageCount={table.getPageCount()}
          pageSizeOptions={pageSizeOptions}
          onPageIndexChange={(pageIndex) => table.setPageIndex(pageIndex)}
          onPageSizeChange={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
        />
      )}
    </div>
  );
}

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0" fill="currentColor">
      <path d="M8 2 4.5 6h7z" opacity={direction === "asc" ? 1 : 0.3} />
      <path d="M8 14l3.5-4h-7z" opacity={direction === "desc" ? 1 : 0.3} />
    </svg>
  );
}

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
          <Button
            size="icon"
            variant="ghost"
            aria-label="First page"
            disabled={!canPrevious}
            onClick={() => onPageIndexChange(0)}
          >
            <ChevronIcon double left />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Previous page"
            disabled={!canPrevious}
            onClick={() => onPageIndexChange(pageIndex - 1)}
          >
            <ChevronIcon left />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Next page"
            disabled={!canNext}
            onClick={() => onPageIndexChange(pageIndex + 1)}
          >
            <ChevronIcon />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Last page"
            disabled={!canNext}
            onClick={() => onPageIndexChange(lastPage)}
          >
            <ChevronIcon double />
          </Button>
        </div>
      </div>
    </nav>
  );
}

function ChevronIcon({ left = false, double = false }: { left?: boolean; double?: boolean }) {
  const d = double ? "M4 4l4 4-4 4M9 4l4 4-4 4" : "M6 4l4 4-4 4";
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cn("h-4 w-4", left && "rotate-180")}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
