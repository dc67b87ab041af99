import type { Metadata } from "next";
import { docsModel, mcpServerUrl, mcpToolDocs } from "@/app/_server/docs-reference";
import { proseClass } from "@/components/docs/docs-prose";
import { DocsShell } from "@/components/docs/docs-shell";
import { MCP_DOCS_PATH } from "@/components/docs/mcp-model";
import { McpCallsSection, McpConnectSection, McpToolsSection } from "@/components/docs/mcp-sections";
import { DOCS_PATH } from "@/components/docs/openapi-model";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { readConfig } from "@/lib/machinery/config";

// The URL and the client configuration carry this deployment's address.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "MCP server · API reference",
  description:
    "Yieldgrid's read operations as tools of a Model Context Protocol server: how to add it to an MCP client with an API key, how calls and errors are answered, and every tool with its arguments and result.",
};

/** The reference's page of the MCP server: its tools are the API's read operations, listed from the same registry. */
export default async function McpDocsPage() {
  const { operations, groups } = docsModel();
  const url = await mcpServerUrl();
  return (
    <DocsShell
      toc={{ operations, groups, current: MCP_DOCS_PATH }}
      intro={
        <>
          <Breadcrumbs trail={[{ href: DOCS_PATH, label: "API reference" }]} current="MCP server" />
          <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">MCP server</h1>
          <p className={`mt-3 ${proseClass}`}>
            AI agents and the tools built on them can call Yieldgrid&apos;s read operations as tools of a Model
            Context Protocol (MCP) server. Each tool is an operation of the REST API with the same arguments,
            answer, keys and limits; the list below is generated from the same declarations as the rest of
            this reference.
          </p>
        </>
      }
    >
      <McpConnectSection url={url} requireApiKey={readConfig().requireApiKey} />
      <McpCallsSection />
      <McpToolsSection tools={mcpToolDocs()} />
    </DocsShell>
  );
}
