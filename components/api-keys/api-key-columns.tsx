"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { createDataTableColumnHelper } from "@/components/ui/data-table";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { ApiKey } from "@/lib/schemas/api-keys";
import { formatDay } from "./format-dates";
import { KeyUsage } from "./key-usage";

const col = createDataTableColumnHelper<ApiKey>();

const statusTone: Record<ApiKey["status"], BadgeTone> = {
  active: "success",
  revoked: "danger",
  expired: "warning",
};

/** A point in time as a day, with the exact time on hover and for machines. */
function Day({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDay(iso)}
    </time>
  );
}

export function apiKeyColumns({ onRoll, onRevoke, enabled }: { onRoll: (key: ApiKey) => void; onRevoke: (key: ApiKey) => void; enabled: boolean }) {
  return col.columns([
    col.accessor("name", {
      header: "Name",
      // A key that no longer works steps back visually; its status badge says why.
      cell: ({ row }) => (
        <span
          className={
            row.original.status === "active"
              ? "font-medium text-slate-900 dark:text-slate-100"
              : "text-slate-600 dark:text-slate-400"
          }
        >
          {row.original.name}
        </span>
      ),
      meta: { skeletonClassName: "w-28" },
    }),
    col.accessor("prefix", {
      header: "Key",
      cell: ({ row }) => {
        const previous = row.original.previousKey;
        return (
          <span className="flex flex-col items-start gap-1">
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {row.original.prefix}…
            </code>
            {/* A roll's grace period: the old secret works too, until it ends. */}
            {previous && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                and <code className="font-mono">{previous.prefix}…</code> until{" "}
                <time dateTime={previous.expiresAt} title={formatDateTime(previous.expiresAt)} suppressHydrationWarning>
                  {formatDateTime(previous.expiresAt)}
                </time>
              </span>
            )}
          </span>
        );
      },
      meta: { skeletonClassName: "w-36" },
    }),
    col.accessor("type", {
      header: "Type",
      cell: (info) => <Badge tone={info.getValue() === "live" ? "info" : "neutral"}>{info.getValue()}</Badge>,
      meta: { skeletonClassName: "w-10" },
    }),
    col.accessor("status", {
      header: "Status",
      cell: (info) => <Badge tone={statusTone[info.getValue()]}>{info.getValue()}</Badge>,
      meta: { skeletonClassName: "w-14" },
    }),
    col.accessor("createdAt", { header: "Created", cell: (info) => <Day iso={info.getValue()} /> }),
    col.accessor("lastUsed", {
      header: "Last used",
      cell: (info) => {
        const iso = info.getValue();
        if (!iso) return <span className="text-slate-500 dark:text-slate-400">never</span>;
        // Relative to the clock of whoever renders: the server's first render may say a minute less.
        return (
          <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
            {formatRelative(iso)}
          </time>
        );
      },
    }),
    col.display({
      id: "usage",
      header: "Requests, 7 days",
      cell: ({ row }) => <KeyUsage id={row.original.id} />,
      meta: { skeletonClassName: "w-28" },
    }),
    col.accessor("expiresAt", {
      header: "Expires",
      cell: (info) => {
        const iso = info.getValue();
        return iso ? <Day iso={iso} /> : <span className="text-slate-500 dark:text-slate-400">never</span>;
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.status === "active" ? (
          <span className="inline-flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              // Shorter than the row so rows with and without the buttons keep one height.
              className="-my-1.5 h-7"
              aria-label={`Roll ${row.original.name}`}
              disabled={!enabled}
              onClick={() => onRoll(row.original)}
            >
              Roll
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="-my-1.5 h-7"
              aria-label={`Revoke ${row.original.name}`}
              disabled={!enabled}
              onClick={() => onRevoke(row.original)}
            >
              Revoke
            </Button>
          </span>
        ) : null,
      // relative: contains the sr-only header text, which would otherwise widen the page at 375 px.
      meta: { align: "right", className: "relative", skeletonClassName: "w-14" },
    }),
  ]);
}
