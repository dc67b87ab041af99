import { DocsTable } from "./docs-table";
import type { FieldRow } from "./openapi-model";
import { TypeText } from "./type-text";

/** Name / type / description rows of parameters or body fields (styled by .docs-fields in app/globals.css). */
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
      className="docs-fields min-w-[36rem] table-fixed"
      colgroup={
        <colgroup>
          <col className="w-[30%]" />
          <col className="w-[25%]" />
          <col />
        </colgroup>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.in ?? ""}${row.name}`}>
          <th scope="row">
            <code className="docs-field-name">{row.name}</code>
            <span className="docs-field-note">
              {showIn && row.in ? `${row.in}, ` : ""}
              {row.required ? <span className="docs-required">required</span> : "optional"}
            </span>
          </th>
          <td>
            <TypeText parts={row.type} />
          </td>
          <td>
            {row.description && <p>{row.description}</p>}
            {row.constraints.length > 0 && <p className="docs-constraints">{row.constraints.join(" · ")}</p>}
          </td>
        </tr>
      ))}
    </DocsTable>
  );
}
