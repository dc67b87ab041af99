import type { Metadata } from "next";
import { curlExample } from "@/components/docs/curl-examples";
import {
  CodeBlock,
  FieldTable,
  MethodBadge,
  TableShell,
  tdClass,
  theadClass,
  thClass,
  TypeText,
} from "@/components/docs/docs-parts";
import { DocsToc, groupAnchor } from "@/components/docs/docs-toc";
import { readDocument, type Operation } from "@/components/docs/openapi-model";
import { Badge } from "@/components/ui/badge";
import { chainsOf } from "@/lib/chains";
import { readConfig } from "@/lib/config";
import { listInstruments } from "@/lib/instruments/list-instruments";
import { pageOrigin } from "@/app/_server/viewer";
import { apiDocument } from "@/lib/api/endpoints";
import { errorTable } from "@/lib/openapi/document";
import { listProtocols } from "@/lib/protocols/list-protocols";
import { getServices } from "@/lib/server/services";

// Examples carry this deployment's address and real ids from its database.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "The Yieldgrid REST API: every endpoint with parameters, bodies, responses and a curl example; authentication, environments, rate limits and errors.",
};

// The document depends only on the code: build and read it once per process.
let model: ReturnType<typeof readDocument> | undefined;
const getModel = () => (model ??= readDocument(apiDocument()));

async function exampleIds() {
  const { db } = await getServices();
  const [top, protocols] = await Promise.all([
    listInstruments({ db, environment: "live", query: { limit: 1 }, origin: "" }),
    listProtocols({ db, environment: "live", chainId: 1 }),
  ]);
  const protocol = protocols.find((p) => p.name === "aave" && !p.deprecated) ?? protocols[0];
  return {
    instrumentId: top.data[0]?.instrumentId ?? "0x<64 hex digits>",
    protocolId: protocol?.id ?? "<protocol-uuid>",
  };
}

const prose = "max-w-3xl text-slate-700 dark:text-slate-300";
const h2 = "scroll-mt-24 text-xl font-semibold tracking-tight";
const inlineCode = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] dark:bg-slate-800";

export default async function DocsPage() {
  const { operations, schemas, groups } = getModel();
  const origin = (await pageOrigin()) || "http://localhost:3000";
  const ctx = { baseUrl: `${origin}/api/v1`, ...(await exampleIds()), now: new Date() };
  const config = readConfig();

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <nav
          aria-label="API reference contents"
          className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pb-8 pr-2"
        >
          <DocsToc operations={operations} groups={groups} />
        </nav>
      </aside>

      <div className="min-w-0 max-w-4xl">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
        <p className={`mt-3 ${prose}`}>
          Yieldgrid is a REST API over HTTPS with JSON bodies. Every path below is relative to{" "}
          <code className={inlineCode}>{ctx.baseUrl}</code>. This page is rendered from the OpenAPI 3.1
          document at{" "}
          <a
            href="/api/v1/openapi.json"
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            /api/v1/openapi.json
          </a>
          , generated from the same schemas that validate requests; point your client generator at it.
        </p>

        <details className="mt-6 rounded-lg border border-slate-200 lg:hidden dark:border-slate-800">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Contents</summary>
          <nav
            aria-label="API reference contents"
            className="border-t border-slate-200 px-2 py-3 dark:border-slate-800"
          >
            <DocsToc operations={operations} groups={groups} />
          </nav>
        </details>

        <section aria-labelledby="quick-start" className="mt-10">
          <h2 id="quick-start" className={h2}>
            Quick start
          </h2>
          <p className={`mt-2 ${prose}`}>
            Every data endpoint also answers without a key (the live environment, rate limited per client
            address). With a key, put it in an environment variable; the examples read{" "}
            <code className={inlineCode}>$YIELDGRID_API_KEY</code>.
          </p>
          <div className="mt-3 max-w-3xl">
            <CodeBlock
              label="shell"
              code={`export YIELDGRID_API_KEY=yg_sk_live_…   # from Settings › API keys\ncurl -H "X-API-Key: $YIELDGRID_API_KEY" \\\n  "${ctx.baseUrl}/instruments?assetCategory=USD&sortBy=apy&limit=5"`}
            />
          </div>
        </section>

        <section aria-labelledby="authentication" className="mt-10">
          <h2 id="authentication" className={h2}>
            Authentication
          </h2>
          <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${prose}`}>
            <li>
              Send the key in the <code className={inlineCode}>X-API-Key</code> header, never in the query
              string. Create keys in{" "}
              <a
                href="/settings/api-keys"
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                Settings › API keys
              </a>{" "}
              (the full key is shown once) or with <code className={inlineCode}>npm run key:create</code> on
              the server.
            </li>
            <li>
              Keys look like <code className={inlineCode}>yg_sk_live_…</code> or{" "}
              <code className={inlineCode}>yg_sk_test_…</code>: the type prefix, 43 random characters and a
              6-character checksum, so a mistyped key is refused without a lookup. Only a hash is stored.
            </li>
            <li>
              A key that is sent must be valid: a malformed, unknown, revoked or expired key is{" "}
              <code className={inlineCode}>401 INVALID_API_KEY</code>, even on endpoints that would answer
              anonymously.
              {config.requireApiKey &&
                " This deployment requires a key on every data endpoint (401 UNAUTHORIZED without one)."}
            </li>
            <li>
              <code className={inlineCode}>/auth/keys</code> acts on an account (a wallet address): that of
              the key, or of the dashboard session created with Sign-In with Ethereum.
            </li>
          </ul>
        </section>

        <section aria-labelledby="environments" className="mt-10">
          <h2 id="environments" className={h2}>
            Environments
          </h2>
          <p className={`mt-2 ${prose}`}>
            Test keys see only test chains, live keys and anonymous callers only live chains. Asking for a
            chain or record of the other environment is <code className={inlineCode}>403 FORBIDDEN</code>;
            lists without a chain filter show your environment only.
          </p>
          <div className="mt-3 max-w-3xl">
            <TableShell label="Environments and their chains">
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={thClass}>
                    Environment
                  </th>
                  <th scope="col" className={thClass}>
                    Who
                  </th>
                  <th scope="col" className={thClass}>
                    Chains
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-slate-100 dark:border-slate-800/70">
                  <th scope="row" className={`${tdClass} text-left`}>
                    <Badge tone="success">live</Badge>
                  </th>
                  <td className={tdClass}>
                    <code className={inlineCode}>yg_sk_live_…</code> keys, anonymous calls
                  </td>
                  <td className={tdClass}>
                    {chainsOf("live")
                      .map((c) => `${c.name} ${c.id}`)
                      .join(", ")}
                  </td>
                </tr>
                <tr>
                  <th scope="row" className={`${tdClass} text-left`}>
                    <Badge tone="warning">test</Badge>
                  </th>
                  <td className={tdClass}>
                    <code className={inlineCode}>yg_sk_test_…</code> keys
                  </td>
                  <td className={tdClass}>
                    {chainsOf("test")
                      .map((c) => `${c.name} ${c.id}`)
                      .join(", ")}
                  </td>
                </tr>
              </tbody>
            </TableShell>
          </div>
        </section>

        <section aria-labelledby="rate-limits" className="mt-10">
          <h2 id="rate-limits" className={h2}>
            Rate limits
          </h2>
          <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${prose}`}>
            <li>
              Fixed windows of{" "}
              {config.rateLimitWindowSeconds === 3600
                ? "one hour"
                : `${config.rateLimitWindowSeconds} seconds`}
              : {config.rateLimitLive.toLocaleString("en-US")} requests per live key,{" "}
              {config.rateLimitAnon.toLocaleString("en-US")} per client address without a key; test keys are
              unlimited.
            </li>
            <li>
              Every response, errors included, carries <code className={inlineCode}>X-RateLimit-Limit</code>,{" "}
              <code className={inlineCode}>X-RateLimit-Remaining</code> and{" "}
              <code className={inlineCode}>X-RateLimit-Reset</code> (Unix seconds of the window&apos;s end);
              for test keys Limit and Remaining are <code className={inlineCode}>unlimited</code>.
            </li>
            <li>
              Over the limit: <code className={inlineCode}>429 RATE_LIMIT_EXCEEDED</code> with{" "}
              <code className={inlineCode}>details.limit</code>,{" "}
              <code className={inlineCode}>details.resetAt</code> and a{" "}
              <code className={inlineCode}>Retry-After</code> header in seconds.
            </li>
          </ul>
        </section>

        <section aria-labelledby="errors" className="mt-10">
          <h2 id="errors" className={h2}>
            Errors
          </h2>
          <p className={`mt-2 ${prose}`}>
            Every error has the same envelope, and every response an{" "}
            <code className={inlineCode}>X-Request-Id</code> header with the id in{" "}
            <code className={inlineCode}>details.requestId</code>: quote it when you report a problem.
          </p>
          <div className="mt-3 max-w-3xl">
            <CodeBlock
              label="error envelope"
              code={`{
  "error": {
    "code": "BAD_REQUEST",
    "message": "Invalid request: limit Too big: expected number to be <=100",
    "details": {
      "issues": [{ "path": "limit", "message": "Too big: expected number to be <=100" }],
      "timestamp": "2026-11-22T10:00:00.000Z",
      "requestId": "req_…"
    }
  }
}`}
            />
          </div>
          <div className="mt-4 max-w-3xl" data-testid="error-table">
            <TableShell label="Error codes">
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  <th scope="col" className={thClass}>
                    Code
                  </th>
                  <th scope="col" className={thClass}>
                    When
                  </th>
                </tr>
              </thead>
              <tbody>
                {errorTable.map(([status, code, when]) => (
                  <tr
                    key={code}
                    id={`error-${code}`}
                    className="scroll-mt-24 border-b border-slate-100 last:border-0 target:bg-amber-50 dark:border-slate-800/70 dark:target:bg-amber-950/40"
                    data-error-code={code}
                  >
                    <td className={`${tdClass} tabular-nums`}>{status}</td>
                    <th scope="row" className={`${tdClass} text-left font-normal`}>
                      <code className="whitespace-nowrap font-mono text-[13px] font-semibold">{code}</code>
                    </th>
                    <td className={`${tdClass} min-w-64 text-slate-700 dark:text-slate-300`}>{when}</td>
                  </tr>
                ))}
              </tbody>
            </TableShell>
          </div>
        </section>

        {groups.map((group) => (
          <section key={group} aria-labelledby={groupAnchor(group)} className="mt-14">
            <h2
              id={groupAnchor(group)}
              className={`${h2} border-b border-slate-200 pb-2 dark:border-slate-800`}
            >
              {group}
            </h2>
            {operations
              .filter((o) => o.group === group)
              .map((o) => (
                <OperationSection key={o.anchor} operation={o} curl={curlExample(o.method, o.path, ctx)} />
              ))}
          </section>
        ))}

        <section aria-labelledby="schemas" className="mt-14">
          <h2 id="schemas" className={`${h2} border-b border-slate-200 pb-2 dark:border-slate-800`}>
            Schemas
          </h2>
          <p className={`mt-2 ${prose}`}>
            The shapes of request and response bodies. Nested objects are listed with dotted names; arrays of
            objects as name[].field.
          </p>
          {schemas.map((s) => (
            <section key={s.name} aria-labelledby={s.anchor} className="mt-8">
              <h3 id={s.anchor} className="scroll-mt-24 font-mono text-base font-semibold">
                {s.name}
              </h3>
              <div className="mt-2">
                <FieldTable label={`${s.name} fields`} rows={s.fields} />
              </div>
            </section>
          ))}
        </section>
      </div>
    </div>
  );
}

function OperationSection({ operation: o, curl }: { operation: Operation; curl: string }) {
  const h4 = "text-sm font-semibold text-slate-900 dark:text-white";
  return (
    <section
      aria-labelledby={o.anchor}
      className="mt-10 scroll-mt-24"
      data-operation={`${o.method} ${o.path}`}
    >
      <h3 id={o.anchor} className="scroll-mt-24 text-lg font-semibold">
        {o.summary}
      </h3>
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
        <CodeBlock
          code={curl}
          label="Example request"
          copyLabel={`Copy curl example for ${o.method} ${o.path}`}
          testId="curl-example"
        />
        {o.parameters.length > 0 && (
          <div>
            <h4 className={h4}>Parameters</h4>
            <div className="mt-2">
              <FieldTable label={`${o.method} ${o.path} parameters`} rows={o.parameters} showIn />
            </div>
          </div>
        )}
        {o.body && (
          <div>
            <h4 className={h4}>
              Request body{" "}
              <span className="font-normal text-slate-600 dark:text-slate-400">application/json, </span>
              <TypeText parts={o.body.schema} />
            </h4>
            <div className="mt-2">
              <FieldTable label={`${o.method} ${o.path} request body`} rows={o.body.fields} />
            </div>
          </div>
        )}
        <div>
          <h4 className={h4}>Responses</h4>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {o.responses.map((r) => (
              <li key={r.status} className="flex items-start gap-3 px-3 py-2" data-response={r.status}>
                <Badge
                  tone={
                    r.status.startsWith("2") ? "success" : r.status.startsWith("4") ? "warning" : "danger"
                  }
                  className="mt-px font-mono"
                >
                  {r.status}
                </Badge>
                <span className="min-w-0 text-slate-700 dark:text-slate-300">
                  {r.codes.length > 0 ? (
                    // Error rows name their codes; what each means is in the error table above.
                    <span className="flex flex-wrap gap-x-3 gap-y-1">
                      {r.codes.map((code) => (
                        <a
                          key={code}
                          href={`#error-${code}`}
                          className="font-mono text-[13px] font-medium text-slate-800 underline decoration-slate-300 underline-offset-2 hover:decoration-2 dark:text-slate-200 dark:decoration-slate-600"
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
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
