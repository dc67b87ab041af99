import type { ReactNode } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { HEADERS } from "@/lib/facts/http.mjs";
import { InlineCode, linkClass, proseClass, sectionHeadingClass } from "./docs-prose";
import { FieldTable } from "./field-table";
import { mcpSections, type McpToolDoc } from "./mcp-model";
import { MethodBadge } from "./method-badge";
import { DOCS_PATH } from "./openapi-model";
import { TypeText } from "./type-text";

// The sections of the reference's MCP page: how to add the server to a client, how a call is
// answered, and every tool.

function McpSection({ id, children }: { id: (typeof mcpSections)[number]["id"]; children: ReactNode }) {
  const { title } = mcpSections.find((s) => s.id === id)!;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className={sectionHeadingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const liveKey = apiKeyPrefixExample("live");

/** The server's URL, the key header, and the configuration of a client that takes them. */
export function McpConnectSection({ url, requireApiKey }: { url: string; requireApiKey: boolean }) {
  const config = { mcpServers: { yieldgrid: { type: "http", url, headers: { [HEADERS.apiKey]: "${YIELDGRID_API_KEY}" } } } };
  return (
    <McpSection id="mcp-connect">
      <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${proseClass}`}>
        <li>
          The server&apos;s URL is <InlineCode>{url}</InlineCode>. It speaks the Streamable HTTP transport of the
          MCP specification 2025-11-25, statelessly: each message is one POST, answered with JSON; there is no
          session and no event stream.
        </li>
        <li>
          Send an API key in the <InlineCode>{HEADERS.apiKey}</InlineCode> header, or as{" "}
          <InlineCode>{`${HEADERS.authorization}: Bearer ${liveKey}`}</InlineCode>. A test key reads the test
          chains. Without a key the tools read the live chains, rate limited per client address
          {requireApiKey ? "; this deployment refuses a data tool without a key (HTTP 401)" : ""}. Keys and
          environments are those of the REST API: see the{" "}
          <a href={`${DOCS_PATH}#authentication`} className={linkClass}>
            overview
          </a>
          .
        </li>
      </ul>
      <div className="mt-4 max-w-3xl space-y-4">
        <CodeBlock
          label="Claude Code"
          code={`claude mcp add --transport http yieldgrid ${url} \\\n  --header "${HEADERS.apiKey}: $YIELDGRID_API_KEY"`}
          testId="mcp-command"
        />
        <CodeBlock label="A client configured in JSON (.mcp.json)" code={JSON.stringify(config, null, 2)} testId="mcp-config" />
      </div>
    </McpSection>
  );
}

/** What a tool call is, and how its errors and the protocol's come back. */
export function McpCallsSection() {
  return (
    <McpSection id="mcp-calls">
      <ul className={`mt-2 list-disc space-y-1.5 pl-5 ${proseClass}`}>
        <li>
          A tool call is the REST request of its operation: the same arguments (path parameters, query and
          body in one object), the same key, environment and answer. It counts as one request against the
          caller&apos;s{" "}
          <a href={`${DOCS_PATH}#rate-limits`} className={linkClass}>
            rate limit
          </a>
          ; <InlineCode>initialize</InlineCode> and <InlineCode>tools/list</InlineCode> are not counted.
        </li>
        <li>
          The result&apos;s <InlineCode>structuredContent</InlineCode> is the REST answer&apos;s body (an answer
          that is an array comes as <InlineCode>{`{ "data": [...] }`}</InlineCode>), and its text is the same
          JSON.
        </li>
        <li>
          An error of the operation (arguments it refuses, an unknown id, another environment&apos;s chain,
          the rate limit) is a result with <InlineCode>isError: true</InlineCode> whose text is the{" "}
          <a href={`${DOCS_PATH}#errors`} className={linkClass}>
            error envelope
          </a>
          : its code, its message (over the limit, when to retry) and its details.
        </li>
        <li>
          An unknown tool or malformed params are JSON-RPC error <InlineCode>-32602</InlineCode>, an unknown
          method <InlineCode>-32601</InlineCode>, a body that is not JSON-RPC HTTP 400 with{" "}
          <InlineCode>-32700</InlineCode>. A bad key is HTTP <InlineCode>401 INVALID_API_KEY</InlineCode> in
          the envelope, on every message.
        </li>
      </ul>
    </McpSection>
  );
}

/** Every tool: what it does, the operation it runs as, its arguments and its result. */
export function McpToolsSection({ tools }: { tools: readonly McpToolDoc[] }) {
  return (
    <McpSection id="mcp-tools">
      <p className={`mt-2 ${proseClass}`}>
        One tool for each read operation of the API, named by its operation id. Every tool only reads.
      </p>
      {tools.map((tool) => (
        <section key={tool.name} aria-labelledby={tool.anchor} className="mt-8 scroll-mt-24" data-tool={tool.name}>
          <h3 id={tool.anchor} className="scroll-mt-24 font-mono text-base font-semibold">
            {tool.name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
            <span>{tool.title}, as</span>
            <MethodBadge method={tool.operation.method} />
            <a href={tool.operation.href} className="docs-code-link break-all">
              {tool.operation.path}
            </a>
          </p>
          {tool.description && <p className={`mt-2 ${proseClass}`}>{tool.description}</p>}
          <div className="mt-3 max-w-4xl space-y-3">
            {tool.arguments.length > 0 ? (
              <FieldTable label={`${tool.name} arguments`} rows={tool.arguments} />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No arguments.</p>
            )}
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <span className="font-semibold text-slate-900 dark:text-white">Result:</span>{" "}
              <TypeText parts={tool.result} />
            </p>
          </div>
        </section>
      ))}
    </McpSection>
  );
}
