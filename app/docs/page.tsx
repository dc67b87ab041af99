import type { Metadata } from "next";
import { apiBaseUrl, docsModel } from "@/app/_server/docs-reference";
import { AuthenticationSection } from "@/components/docs/authentication-section";
import { InlineCode, linkClass, proseClass } from "@/components/docs/docs-prose";
import { DocsShell } from "@/components/docs/docs-shell";
import { EndpointsIndexSection } from "@/components/docs/endpoints-index-section";
import { EnvironmentsSection } from "@/components/docs/environments-section";
import { ErrorsSection } from "@/components/docs/errors-section";
import { MCP_DOCS_PATH } from "@/components/docs/mcp-model";
import { MovedAnchorRedirect } from "@/components/docs/moved-anchor-redirect";
import { DOCS_PATH } from "@/components/docs/openapi-model";
import { QuickStartSection } from "@/components/docs/quick-start-section";
import { RateLimitsSection } from "@/components/docs/rate-limits-section";
import { SchemaIndexSection } from "@/components/docs/schemas-section";
import { TypescriptClientSection } from "@/components/docs/typescript-client-section";
import { readConfig } from "@/lib/machinery/config";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import { errorTable } from "@/lib/schemas/error-codes";

// The examples carry this deployment's address.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "The Yieldgrid REST API: quick start, typed client, authentication, environments, rate limits and errors, and every endpoint by group with parameters, bodies, responses and examples.",
};

/** The reference's overview: what applies to every call, then the index of the groups' pages and of the schemas. */
export default async function DocsPage() {
  const { operations, schemas, groups, movedAnchors } = docsModel();
  const baseUrl = await apiBaseUrl();
  const config = readConfig();

  return (
    <DocsShell
      toc={{ operations, groups, current: DOCS_PATH }}
      intro={
        <>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
          <p className={`mt-3 ${proseClass}`}>
            Yieldgrid is a REST API over HTTPS with JSON bodies. Every path is relative to{" "}
            <InlineCode>{baseUrl}</InlineCode>. The reference is rendered from the OpenAPI 3.1 document at{" "}
            <a href={`${API_BASE_PATH}/openapi.json`} className={linkClass}>
              {API_BASE_PATH}/openapi.json
            </a>
            , generated from the same schemas that validate requests; point your client generator at it. This
            page covers what applies to every call; each group of endpoints has a page of its own. AI agents can
            call the read operations as tools of the{" "}
            <a href={MCP_DOCS_PATH} className={linkClass}>
              MCP server
            </a>
            .
          </p>
        </>
      }
    >
      <MovedAnchorRedirect movedAnchors={movedAnchors} />
      <QuickStartSection baseUrl={baseUrl} />
      <TypescriptClientSection baseUrl={baseUrl} />
      <AuthenticationSection requireApiKey={config.requireApiKey} />
      <EnvironmentsSection />
      <RateLimitsSection
        windowSeconds={config.rateLimitWindowSeconds}
        liveLimit={config.rateLimitLive}
        anonymousLimit={config.rateLimitAnon}
      />
      <ErrorsSection errors={errorTable} />
      <EndpointsIndexSection groups={groups} operations={operations} />
      <SchemaIndexSection schemas={schemas} groups={groups} />
    </DocsShell>
  );
}
