import { cn } from "@/components/ui/cn";
import { bodyRowClass } from "@/components/ui/table";
import { docsCellClass, DocsTable } from "./docs-table";
import type { FieldRow } from "./openapi-model";
import { TypeText } from "./type-text";

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
    <DocsTable
      label={label}
      columns={["Name", "Type", "Description"]}
      className="min-w-[36rem] table-fixed"
      colgroup={
        <colgroup>
          <col className="w-[30%]" />
          <col className="w-[25%]" />
          <col />
        </colgroup>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.in ?? ""}${row.name}`} className={bodyRowClass}>
          <th scope="row" className={cn(docsCellClass, "text-left font-normal")}>
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
          <td className={cn(docsCellClass, "break-words")}>
            <TypeText parts={row.type} />
          </td>
          <td className={cn(docsCellClass, "text-slate-700 dark:text-slate-300")}>
            {row.description && <p>{row.description}</p>}
            {row.constraints.length > 0 && (
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                {row.constraints.join(" · ")}
              </p>
            )}
          </td>
        </tr>
      ))}
    </DocsTable>
  );
}
