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
  type ReactTable,
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

/**
 * A table of rows the server has already sorted and paged: sortable column headers and the pager
 * write the new state through `onSortingChange` / `onPaginationChange` (the caller puts it in the
 * URL and fetches); skeleton rows while loading, one row for an error or for no rows.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
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
  const table = useServerSideTable(props);

  return (
    <TableBox className={cn("bg-white dark:bg-slate-950", className)}>
      <ScrollableTable
        label={caption}
        aria-busy={isLoading || isFetching || undefined}
        className={cn("transition-opacity", isFetching && !isLoading && "opacity-60")}
      >
        <DataTableHead table={table} />
        <tbody>
          <DataTableBody
            table={table}
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
          pageCount={table.getPageCount()}
          pageSizeOptions={pageSizeOptions}
          onPageIndexChange={(pageIndex) => table.setPageIndex(pageIndex)}
          onPageSizeChange={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
        />
      )}
    </TableBox>
  );
}

type DataTableInstance<TData extends RowData> = ReactTable<DataTableFeatures, TData>;

/** react-table holding the caller's sorting and pagination, which the server applies (no client row models). */
function useServerSideTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  rowCount,
  sorting,
  onSortingChange,
  pagination,
  onPaginationChange,
}: DataTableProps<TData>): DataTableInstance<TData> {
  return useTable({
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
}

/** The header row: a sort button in each sortable column's cell, its order in aria-sort. */
function DataTableHead<TData extends RowData>({ table }: { table: DataTableInstance<TData> }) {
  return (
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
                  <SortButton sorted={sorted} onToggle={header.column.getToggleSortingHandler()} align={meta?.align}>
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
  );
}

/** The rows; or instead of them the error, skeleton rows while the first page loads, or the empty state. */
function DataTableBody<TData extends RowData>({
  table,
  error,
  isLoading,
  skeletonCount,
  emptyState,
  linkedRows,
}: {
  table: DataTableInstance<TData>;
  error: ReactNode;
  isLoading: boolean;
  skeletonCount: number;
  emptyState: ReactNode;
  linkedRows: boolean;
}) {
  const columns = table.getAllLeafColumns();
  const rows = table.getRowModel().rows;
  if (error) return <WholeRow colSpan={columns.length}>{error}</WholeRow>;
  if (isLoading && rows.length === 0)
    return Array.from({ length: skeletonCount }, (_, i) => (
      <tr key={`skeleton-${i}`} className={bodyRowClass}>
        {columns.map((column) => {
          const meta = column.columnDef.meta;
          return (
            <td key={column.id} className={cn("px-2 py-3 sm:px-3", meta?.className)}>
              <Skeleton className={cn("h-4", meta?.skeletonClassName ?? "w-20", meta?.align === "right" && "ml-auto")} />
            </td>
          );
        })}
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
      {row.getAllCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <td
            key={cell.id}
            className={cn("whitespace-nowrap align-middle", cellPadding, alignClass(meta?.align), meta?.className)}
          >
            <table.FlexRender cell={cell} />
          </td>
        );
      })}
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
