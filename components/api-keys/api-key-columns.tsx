"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { createDataTableColumnHelper } from "@/components/ui/data-table";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { ApiKey } from "@/lib/schemas/api-keys";
import { formatDate } from "@/components/ui/format";
import { KeyUsage } from "./key-usage";

const col = createDataTableColumnHelper<ApiKey>();

const statusTone: Record<ApiKey["status"], BadgeTone> = {
  active: "success",
  revoked: "danger",
  expired: "warning",
};

export interface KeyActions {
  onRoll: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
  /** False until a click can be handled (the table is rendered on the server). */
  enabled: boolean;
}

export function apiKeyColumns(actions: KeyActions) {
  return col.columns([
    col.accessor("name", {
      header: "Name",
      cell: ({ row }) => <KeyName apiKey={row.original} />,
      meta: { skeletonClassName: "w-28" },
    }),
    col.accessor("prefix", {
      header: "Key",
      cell: ({ row }) => <KeyPrefixes apiKey={row.original} />,
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
    col.accessor("lastUsed", { header: "Last used", cell: (info) => <LastUsed iso={info.getValue()} /> }),
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
        return iso ? <Day iso={iso} /> : <Never />;
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (row.original.status === "active" ? <RollAndRevoke apiKey={row.original} {...actions} /> : null),
      // relative: contains the sr-only header text, which would otherwise widen the page at 375 px.
      meta: { align: "right", className: "relative", skeletonClassName: "w-14" },
    }),
  ]);
}

/** A key that no longer works steps back visually; its status badge says why. */
function KeyName({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span
      className={
        apiKey.status === "active" ? "font-medium text-slate-900 dark:text-slate-100" : "text-slate-600 dark:text-slate-400"
      }
    >
      {apiKey.name}
    </span>
  );
}

/** The key's prefix and, during a roll's grace period, the old secret's, which works too until it ends. */
function KeyPrefixes({ apiKey }: { apiKey: ApiKey }) {
  const previous = apiKey.previousKey;
  return (
    <span className="flex flex-col items-start gap-1">
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        {apiKey.prefix}…
      </code>
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
}

/** A point in time as a day, with the exact time on hover and for machines. */
function Day({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}

const Never = () => <span className="text-slate-500 dark:text-slate-400">never</span>;

function LastUsed({ iso }: { iso: string | null }) {
  if (!iso) return <Never />;
  // Relative to the clock of whoever renders: the server's first render may say a minute less.
  return (
    <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}

function RollAndRevoke({ apiKey, onRoll, onRevoke, enabled }: KeyActions & { apiKey: ApiKey }) {
  return (
    <span className="inline-flex gap-2">
      {(
        [
          ["Roll", onRoll],
          ["Revoke", onRevoke],
        ] as const
      ).map(([action, onClick]) => (
        <Button
          key={action}
          size="sm"
          variant="secondary"
          // Shorter than the row so rows with and without the buttons keep one height.
          className="-my-1.5 h-7"
          aria-label={`${action} ${apiKey.name}`}
          disabled={!enabled}
          onClick={() => onClick(apiKey)}
        >
          {action}
        </Button>
      ))}
    </span>
  );
}
