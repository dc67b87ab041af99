import type { ReactNode } from "react";
import type { CellAlign } from "./table";

// The columns of DataTable: what a column shows, where and how it sorts. DataTable's tables are
// sorted and paged by the server, so a column needs no row models, only its header, its cell and
// its sort flags: this small model replaces @tanstack/react-table, whose table core (~12 kB gzip)
// was the explorer's largest chunk after React and Next.

/** Per-column presentation hints read by DataTable. */
export interface DataTableColumnMeta {
  /** Numbers align right so digits line up (and get tabular figures). */
  align?: CellAlign;
  /** Extra classes for this column's <th> and <td>s (widths, hiding on small screens…). */
  className?: string;
  /** Width class of the skeleton bar shown while loading (default w-20). */
  skeletonClassName?: string;
}

/** A row as a cell sees it: its id (getRowId's, or its index) and the row itself. */
export interface DataTableRow<TData> {
  id: string;
  original: TData;
}

/** What a cell is rendered from: the row, and for an accessor column the value it reads. */
export interface DataTableCellContext<TData, TValue> {
  row: DataTableRow<TData>;
  getValue: () => TValue;
}

export interface DataTableColumnDef<TData> {
  /** Unique in its table; the id `sorting` names (the explorer's ids are the API's sortBy values). */
  id: string;
  header: ReactNode;
  meta?: DataTableColumnMeta;
  /** Whether the header sorts, when the table is given `onSortingChange` (default true). */
  enableSorting?: boolean;
  /** The first click sorts high to low (figures); otherwise low to high. */
  sortDescFirst?: boolean;
  render: (row: DataTableRow<TData>) => ReactNode;
}

type Key<T> = keyof T & string;
/** A field of the row, or a field of an object field ("protocolInfo.displayName"). */
type FieldPath<T> = {
  [K in Key<T>]: NonNullable<T[K]> extends readonly unknown[]
    ? K
    : NonNullable<T[K]> extends object
      ? K | `${K}.${Key<NonNullable<T[K]>>}`
      : K;
}[Key<T>];
type FieldValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? FieldValue<NonNullable<T[K]>, Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

type ColumnOptions = Omit<DataTableColumnDef<unknown>, "id" | "render">;

function read(row: unknown, path: string): unknown {
  let value = row;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value;
}

/** `const col = createDataTableColumnHelper<Row>()` then `col.accessor("field", { header, cell, meta })`. */
export function createDataTableColumnHelper<TData>() {
  return {
    /** A column showing one field of the row (its id is the field's path unless given). */
    accessor<P extends FieldPath<TData>>(
      path: P,
      options: ColumnOptions & {
        id?: string;
        cell: (context: DataTableCellContext<TData, FieldValue<TData, P>>) => ReactNode;
      },
    ): DataTableColumnDef<TData> {
      const { cell, id = path, ...rest } = options;
      return {
        ...rest,
        id,
        render: (row) => cell({ row, getValue: () => read(row.original, path) as FieldValue<TData, P> }),
      };
    },
    /** A column computed from the whole row. */
    display(
      options: ColumnOptions & { id: string; cell: (context: { row: DataTableRow<TData> }) => ReactNode },
    ): DataTableColumnDef<TData> {
      const { cell, ...rest } = options;
      return { ...rest, render: (row) => cell({ row }) };
    },
    columns: (columns: DataTableColumnDef<TData>[]) => columns,
  };
}
