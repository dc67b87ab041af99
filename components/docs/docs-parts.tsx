import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CopyTextButton } from "@/components/ui/copy-text-button";
import { schemaAnchor, type FieldRow, type TypePart } from "./openapi-model";

const methodTones: Record<string, BadgeTone> = {
  GET: "info",
  POST: "success",
  PUT: "warning",
  PATCH: "warning",
  DELETE: "danger",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <Badge tone={methodTones[method] ?? "neutral"} className={cn("font-mono font-semibold", className)}>
      {method}
    </Badge>
  );
}

export function TypeText({ parts }: { parts: TypePart[] }) {
  return (
    <code className="font-mono text-[13px] text-slate-800 dark:text-slate-200">
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <span key={i}>{part}</span>
        ) : (
          <a
            key={i}
            href={`#${schemaAnchor(part.ref)}`}
            className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-2 dark:text-indigo-300 dark:decoration-indigo-700"
          >
            {part.ref}
          </a>
        ),
      )}
    </code>
  );
}

/** A code block with a copy button (the only client code on the docs page). */
export function CodeBlock({
  code,
  label,
  copyLabel = `Copy ${label}`,
  testId,
}: {
  code: string;
  label: string;
  copyLabel?: string;
  testId?: string;
}) {
  return (
    <div
      className="relative rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
      data-testid={testId}
    >
      <div className="flex items-center justify-between border-b border-slate-200 py-1 pl-3 pr-1 dark:border-slate-800">
        <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</span>
        <CopyTextButton text={code} label={copyLabel} showText />
      </div>
      <pre className="overflow-x-auto p-3 text-[13px] leading-6" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function TableShell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
        <table className={cn("w-full border-collapse text-sm", className)}>
          <caption className="sr-only">{label}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

export const thClass =
  "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400";
export const theadClass = "border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900";
export const tdClass = "px-3 py-2 align-top";

/** Name / type / description rows of parameters or body fields. */
export function FieldTable({
  label,
  rows,
  showIn = false,
}: {
  label: string;
  rows: (FieldRow & { in?: string })[];
  showIn?: boolean;
}) {
  return (
    // Fixed widths, so every parameter and field table on the page lines up.
    <TableShell label={label} className="min-w-[36rem] table-fixed">
      <colgroup>
        <col className="w-[30%]" />
        <col className="w-[25%]" />
        <col />
      </colgroup>
      <thead className={theadClass}>
        <tr>
          <th scope="col" className={thClass}>
            Name
          </th>
          <th scope="col" className={thClass}>
            Type
          </th>
          <th scope="col" className={thClass}>
            Description
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.in ?? ""}${row.name}`}
            className="border-b border-slate-100 last:border-0 dark:border-slate-800/70"
          >
            <th scope="row" className={cn(tdClass, "text-left font-normal")}>
              <code className="break-all font-mono text-[13px] font-semibold">{row.name}</code>
              <span className="mt-0.5 block whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
                {showIn && row.in ? `${row.in}, ` : ""}
                {row.required ? (
                  <span className="font-medium text-amber-800 dark:text-amber-300">required</span>
                ) : (
                  "optional"
                )}
              </span>
            </th>
            <td className={cn(tdClass, "break-words")}>
              <TypeText parts={row.type} />
            </td>
            <td className={cn(tdClass, "text-slate-700 dark:text-slate-300")}>
              {row.description && <p>{row.description}</p>}
              {row.constraints.length > 0 && (
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                  {row.constraints.join(" · ")}
                </p>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableShell>
  );
}
