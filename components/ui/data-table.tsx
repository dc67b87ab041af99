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
import { cn } from "./cn";
import { DataTablePagination } from "./data-table-pagination";
import { Skeleton } from "./skeleton";
import { ariaSortOf, SortButton } from "./sortable-header";
import {
  alignClass,
  bodyRowClass,
  cellPadding,
  HeaderCell,
  linkedRowClass,
  ScrollableTable,
  TableBox,
  TableHead,
  type CellAlign,
} from "./table";

/** Per-column presentation hints read by DataTable. */
export interface DataTableColumnMeta {
  /** Numbers align right so digits line up (and get tabular figures). */
  align?: CellAlign;
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
      <tr key={`skeleton-${i}`} className={bodyRowClass}>
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
      <tr key={row.id} className={cn(bodyRowClass, linkedRows && linkedRowClass)}>
        {row.getAllCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.id}
              className={cn(
                "whitespace-nowrap align-middle",
                cellPadding,
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
    <TableBox className={cn("bg-white dark:bg-slate-950", className)}>
      <ScrollableTable
        label={caption}
        aria-busy={isLoading || isFetching || undefined}
        className={cn("transition-opacity", isFetching && !isLoading && "opacity-60")}
      >
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const canSort = header.column.getCanSort();
                const sorted = header.column.getIsSorted();
                const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                return (
                  <HeaderCell
                    key={header.id}
                    align={meta?.align}
                    className={meta?.className}
                    colSpan={header.colSpan}
                    aria-sort={canSort ? ariaSortOf(sorted) : undefined}
                  >
                    {canSort ? (
                      <SortButton
                        sorted={sorted}
                        onToggle={header.column.getToggleSortingHandler()}
                        align={meta?.align}
                      >
                        {content}
                      </SortButton>
                    ) : (
                      content
                    )}
                  </HeaderCell>
                );
              })}
            </tr>
          ))}
        </TableHead>
        <tbody>{body}</tbody>
      </ScrollableTable>
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
    </TableBox>
  );
}
