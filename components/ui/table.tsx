import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cn } from "./cn";

// The pieces every table on the site is built of, server and client alike (no "use client": the
// protocols and docs pages render their tables on the server, DataTable in the browser).

/**
 * Put this class on the link inside a row's first cell: its ::after covers the whole row, so the
 * row is one big click target while the accessible name stays that of the link. The row needs
 * `relative`.
 */
export const rowLinkClass =
  "after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-500";

/** A body row: a hairline under every row but the last. */
export const bodyRowClass = "border-b border-slate-100 last:border-0 dark:border-slate-800/70";
/** A row holding a `rowLinkClass` link: hover feedback, and the positioning context its ::after needs. */
export const linkedRowClass = "relative hover:bg-slate-50 dark:hover:bg-slate-900/60";

/** The rounded, bordered box a table sits in (with its pager, when it has one). */
export function TableBox({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn("overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800", className)}>
      {children}
    </div>
  );
}

/**
 * A table that scrolls sideways inside its own region at narrow widths, never the page. The region
 * is focusable so keyboard users can scroll it, and named after the table; the caption is read by
 * screen readers only.
 */
export function ScrollableTable({
  label,
  caption = label,
  className,
  children,
  ...tableProps
}: ComponentPropsWithoutRef<"table"> & {
  /** Names the scroll region ("<label> (scrollable)") and, unless `caption` is given, the table. */
  label: string;
  caption?: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <table className={cn("w-full border-collapse text-sm", className)} {...tableProps}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The header row group: small capitals on a grey band. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      {children}
    </thead>
  );
}

export type CellAlign = "left" | "right";

/** Every cell's padding: tighter at phone widths, where a few pixels decide which column stays in view. */
export const cellPadding = "px-2 py-2.5 sm:px-3";

/** Numbers align right so digits line up (and get tabular figures). */
export const alignClass = (align: CellAlign = "left") =>
  align === "right" ? "text-right tabular-nums" : "text-left";

/** A column header (`scope="col"`). */
export function HeaderCell({
  align,
  className,
  ...props
}: ComponentPropsWithoutRef<"th"> & { align?: CellAlign }) {
  return (
    <th
      scope="col"
      className={cn("whitespace-nowrap font-semibold", cellPadding, alignClass(align), className)}
      {...props}
    />
  );
}
