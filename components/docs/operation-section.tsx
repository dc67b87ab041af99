import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { FieldTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { DOCS_PATH, type Operation, type ResponseRow } from "./openapi-model";
import { TypeText } from "./type-text";

const subheadingClass = "text-sm font-semibold text-slate-900 dark:text-white";

/** An operation's worked example, as a curl command and as a call through the typed client. */
export interface OperationExamples {
  curl: string;
  typescript: string;
}

/** One operation on its group's page: summary, method and path, authentication, its examples, parameters, body and responses. */
export function OperationSection({ operation: o, examples }: { operation: Operation; examples?: OperationExamples }) {
  return (
    <section
      aria-labelledby={o.anchor}
      className="mt-10 scroll-mt-24"
      data-operation={`${o.method} ${o.path}`}
    >
      <h2 id={o.anchor} className="scroll-mt-24 text-lg font-semibold">
        {o.summary}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <MethodBadge method={o.method} />
        <code className="break-all font-mono text-sm font-medium" data-testid="operation-path">
          {o.path}
        </code>
      </p>
      {o.description && <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{o.description}</p>}
      <p className="mt-2 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-700 dark:text-slate-300">Authentication:</span> {o.auth}
      </p>

      <div className="mt-4 max-w-4xl space-y-5">
        {examples && (
          <>
            <CodeBlock
              code={examples.curl}
              label="Example request"
              copyLabel={`Copy curl example for ${o.method} ${o.path}`}
              testId="curl-example"
            />
            <CodeBlock
              code={examples.typescript}
              label="TypeScript (typed client)"
              copyLabel={`Copy TypeScript example for ${o.method} ${o.path}`}
              testId="typescript-example"
            />
          </>
        )}
        {o.parameters.length > 0 && (
          <div>
            <h3 className={subheadingClass}>Parameters</h3>
            <div className="mt-2">
              <FieldTable label={`${o.method} ${o.path} parameters`} rows={o.parameters} showIn />
            </div>
          </div>
        )}
        {o.body && (
          <div>
            <h3 className={subheadingClass}>
              Request body{" "}
              <span className="font-normal text-slate-600 dark:text-slate-400">application/json, </span>
              <TypeText parts={o.body.schema} />
            </h3>
            <div className="mt-2">
              <FieldTable label={`${o.method} ${o.path} request body`} rows={o.body.fields} />
            </div>
          </div>
        )}
        <div>
          <h3 className={subheadingClass}>Responses</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {o.responses.map((r) => (
              <ResponseItem key={r.status} response={r} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function ResponseItem({ response: r }: { response: ResponseRow }) {
  return (
    <li className="flex items-start gap-3 px-3 py-2" data-response={r.status}>
      <Badge
        tone={r.status.startsWith("2") ? "success" : r.status.startsWith("4") ? "warning" : "danger"}
        className="mt-px font-mono"
      >
        {r.status}
      </Badge>
      <span className="min-w-0 text-slate-700 dark:text-slate-300">
        {r.codes.length > 0 ? (
          // Error rows name their codes; what each means is in the overview's error table. Each link is
          // 24 px tall (WCAG 2.5.8 target size) when the codes wrap onto two lines at 375 px.
          <span className="-my-1 flex flex-wrap gap-x-3">
            {r.codes.map((code) => (
              <a
                key={code}
                href={`${DOCS_PATH}#error-${code}`}
                className="docs-code-link"
              >
                {code}
              </a>
            ))}
          </span>
        ) : r.schema.length > 0 ? (
          <>
            {r.description}: <TypeText parts={r.schema} />
          </>
        ) : (
          r.description
        )}
      </span>
    </li>
  );
}
