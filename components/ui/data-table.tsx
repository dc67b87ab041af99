"use client";

import type { ReactNode } from "react";
import { cn } from "./cn";
import type { DataTableColumnDef, DataTableRow } from "./data-table-columns";
import { DataTablePagination } from "./data-table-pagination";
import { Skeleton } from "./skeleton";
import { ariaSortOf, SortButton, type SortDirection } from "./sortable-header";
import {
  alignClass,
  bodyRowClass,
  cellPadding,
  HeaderCell,
  linkedRowClass,
  ScrollableTable,
  TableBox,
  TableHead,
} from "./table";

/** The column the rows are sorted by (one at most: the server sorts by one field). */
export type SortingState = { id: string; desc: boolean }[];
export interface PaginationState {
  pageIndex: number;
  pageSize: number;
}

export interface DataTableProps<TData> {
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

/**
 * A table of rows the server has already sorted and paged: sortable column headers and the pager
 * write the new state through `onSortingChange` / `onPaginationChange` (the caller puts it in the
 * URL and fetches); skeleton rows while loading, one row for an error or for no rows.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    columns,
    data,
    getRowId,
    caption,
    rowCount,
    pagination,
    onPaginationChange,
    pageSizeOptions = [10, 25, 50, 100],
    isLoading = false,
    isFetching = false,
    error,
    emptyState = "No results.",
    linkedRows = false,
    className,
  } = props;
  const rows = data.map((original, index) => ({ id: getRowId ? getRowId(original) : String(index), original }));
  // Without a total the rows shown are all there is.
  const total = rowCount ?? rows.length;

  return (
    <TableBox className={cn("bg-white dark:bg-slate-950", className)}>
      <ScrollableTable
        label={caption}
        aria-busy={isLoading || isFetching || undefined}
        className={cn("transition-opacity", isFetching && !isLoading && "opacity-60")}
      >
        <DataTableHead columns={columns} sorting={props.sorting} onSortingChange={props.onSortingChange} />
        <tbody>
          <DataTableBody
            columns={columns}
            rows={rows}
            error={error}
            isLoading={isLoading}
            skeletonCount={Math.min(pagination?.pageSize ?? 10, 10)}
            emptyState={emptyState}
            linkedRows={linkedRows}
          />
        </tbody>
      </ScrollableTable>
      {/* "0–0 of 0" says nothing the empty or error row does not: the pager shows only with rows to page through. */}
      {pagination && onPaginationChange && !error && (rowCount ?? 0) > 0 && (
        <DataTablePagination
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          rowCount={rowCount}
          pageCount={Math.ceil(total / pagination.pageSize)}
          pageSizeOptions={pageSizeOptions}
          onPageIndexChange={(pageIndex) => onPaginationChange({ ...pagination, pageIndex: Math.max(0, pageIndex) })}
          onPageSizeChange={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
        />
      )}
    </TableBox>
  );
}

/**
 * The order a click on a column's header asks for: the other direction when the rows are sorted by
 * it already (a server-sorted list always has some order, so there is no third "unsorted" state),
 * else its first direction.
 */
function nextSorting<TData>(column: DataTableColumnDef<TData>, sorted: SortDirection): SortingState {
  const desc = sorted ? sorted === "asc" : Boolean(column.sortDescFirst);
  return [{ id: column.id, desc }];
}

/** The header row: a sort button in each sortable column's cell, its order in aria-sort. */
function DataTableHead<TData>({
  columns,
  sorting,
  onSortingChange,
}: {
  columns: ReadonlyArray<DataTableColumnDef<TData>>;
  sorting: SortingState | undefined;
  onSortingChange: ((sorting: SortingState) => void) | undefined;
}) {
  const current = sorting?.[0];
  return (
    <TableHead>
      <tr>
        {columns.map((column) => {
          const meta = column.meta;
          const canSort = Boolean(onSortingChange) && column.enableSorting !== false;
          const sorted: SortDirection = current?.id === column.id ? (current.desc ? "desc" : "asc") : false;
          return (
            <HeaderCell
              key={column.id}
              align={meta?.align}
              className={meta?.className}
              aria-sort={canSort ? ariaSortOf(sorted) : undefined}
            >
              {canSort ? (
                <SortButton
                  sorted={sorted}
                  onToggle={() => onSortingChange?.(nextSorting(column, sorted))}
                  align={meta?.align}
                >
                  {column.header}
                </SortButton>
              ) : (
                column.header
              )}
            </HeaderCell>
          );
        })}
      </tr>
    </TableHead>
  );
}

/** The rows; or instead of them the error, skeleton rows while the first page loads, or the empty state. */
function DataTableBody<TData>({
  columns,
  rows,
  error,
  isLoading,
  skeletonCount,
  emptyState,
  linkedRows,
}: {
  columns: ReadonlyArray<DataTableColumnDef<TData>>;
  rows: DataTableRow<TData>[];
  error: ReactNode;
  isLoading: boolean;
  skeletonCount: number;
  emptyState: ReactNode;
  linkedRows: boolean;
}) {
  if (error) return <WholeRow colSpan={columns.length}>{error}</WholeRow>;
  if (isLoading && rows.length === 0)
    return Array.from({ length: skeletonCount }, (_, i) => (
      <tr key={`skeleton-${i}`} className={bodyRowClass}>
        {columns.map(({ id, meta }) => (
          <td key={id} className={cn("px-2 py-3 sm:px-3", meta?.className)}>
            <Skeleton className={cn("h-4", meta?.skeletonClassName ?? "w-20", meta?.align === "right" && "ml-auto")} />
          </td>
        ))}
      </tr>
    ));
  if (rows.length === 0)
    return (
      <WholeRow colSpan={columns.length} className="text-center text-sm text-slate-600 dark:text-slate-400">
        {emptyState}
      </WholeRow>
    );
  return rows.map((row) => (
    <tr key={row.id} className={cn(bodyRowClass, linkedRows && linkedRowClass)}>
      {columns.map((column) => (
        <td
          key={column.id}
          className={cn("whitespace-nowrap align-middle", cellPadding, alignClass(column.meta?.align), column.meta?.className)}
        >
          {column.render(row)}
        </td>
      ))}
    </tr>
  ));
}

/** One cell across the table, for a message in place of the rows. */
function WholeRow({ colSpan, className, children }: { colSpan: number; className?: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn("px-4 py-10", className)}>
        {children}
      </td>
    </tr>
  );
}
