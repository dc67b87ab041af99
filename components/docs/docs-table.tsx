import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { cellPadding, HeaderCell, ScrollableTable, TableBox, TableHead } from "@/components/ui/table";

/** Cells of the reference's tables: text starts at the top, as rows of prose are of uneven height. */
export const docsCellClass = cn(cellPadding, "align-top");

/** A boxed table of the reference with its column headers; `children` are its rows. */
export function DocsTable({
  label,
  columns,
  className,
  colgroup,
  children,
}: {
  /** Names the table (caption) and its scroll region. */
  label: string;
  columns: readonly string[];
  className?: string;
  colgroup?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableBox>
      <ScrollableTable label={label} className={className}>
        {colgroup}
        <TableHead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column}>{column}</HeaderCell>
            ))}
          </tr>
        </TableHead>
        <tbody>{children}</tbody>
      </ScrollableTable>
    </TableBox>
  );
}
