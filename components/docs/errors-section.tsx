import { cn } from "@/components/ui/cn";
import { bodyRowClass } from "@/components/ui/table";
import { CodeBlock } from "@/components/ui/code-block";
import { InlineCode, OverviewSection, proseClass } from "./docs-prose";
import { docsCellClass, DocsTable } from "./docs-table";

const envelopeExample = `{
  "error": {
    "code": "BAD_REQUEST",
    "message": "Invalid request: limit Too big: expected number to be <=100",
    "details": {
      "issues": [{ "path": "limit", "message": "Too big: expected number to be <=100" }],
      "timestamp": "2026-11-22T10:00:00.000Z",
      "requestId": "req_…"
    }
  }
}`;

/** The error envelope and every error code with its status, each row a link target (#error-CODE). */
export function ErrorsSection({ errors }: { errors: readonly (readonly [number, string, string])[] }) {
  return (
    <OverviewSection id="errors">
      <p className={`mt-2 ${proseClass}`}>
        Every error has the same envelope, and every response an <InlineCode>X-Request-Id</InlineCode> header
        with the id in <InlineCode>details.requestId</InlineCode>: quote it when you report a problem.
      </p>
      <div className="mt-3 max-w-3xl">
        <CodeBlock label="error envelope" code={envelopeExample} />
      </div>
      <div className="mt-4 max-w-3xl" data-testid="error-table">
        <DocsTable label="Error codes" columns={["Status", "Code", "When"]}>
          {errors.map(([status, code, when]) => (
            <tr
              key={code}
              id={`error-${code}`}
              className={cn(bodyRowClass, "scroll-mt-24 target:bg-amber-50 dark:target:bg-amber-950/40")}
              data-error-code={code}
            >
              <td className={cn(docsCellClass, "tabular-nums")}>{status}</td>
              <th scope="row" className={cn(docsCellClass, "text-left font-normal")}>
                <code className="whitespace-nowrap font-mono text-[13px] font-semibold">{code}</code>
              </th>
              <td className={cn(docsCellClass, "min-w-64 text-slate-700 dark:text-slate-300")}>{when}</td>
            </tr>
          ))}
        </DocsTable>
      </div>
    </OverviewSection>
  );
}
