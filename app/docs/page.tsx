import type { Metadata } from "next";
import { AuthenticationSection } from "@/components/docs/authentication-section";
import { InlineCode, linkClass, proseClass } from "@/components/docs/docs-prose";
import { DocsToc } from "@/components/docs/docs-toc";
import { EndpointsSection } from "@/components/docs/endpoints-section";
import { EnvironmentsSection } from "@/components/docs/environments-section";
import { ErrorsSection } from "@/components/docs/errors-section";
import { readDocument } from "@/components/docs/openapi-model";
import { QuickStartSection } from "@/components/docs/quick-start-section";
import { RateLimitsSection } from "@/components/docs/rate-limits-section";
import { SchemasSection } from "@/components/docs/schemas-section";
import { TypescriptClientSection } from "@/components/docs/typescript-client-section";
import { readConfig } from "@/lib/machinery/config";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { pageOrigin } from "@/app/_server/viewer";
import type { OperationExamples } from "@/components/docs/operation-section";
import { apiDocument, apiEndpoints } from "@/lib/api/endpoints";
import { curlExampleOf, typescriptExampleOf, type ExampleValues } from "@/lib/api/openapi/examples";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import { errorTable } from "@/lib/schemas/error-codes";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { getServices } from "@/lib/api/services";

// Examples carry this deployment's address and real ids from its database.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "The Yieldgrid REST API: every endpoint with parameters, bodies, responses, a curl example and a typed-client call; authentication, environments, rate limits and errors.",
};

// The document depends only on the code: build and read it once per process.
let model: ReturnType<typeof readDocument> | undefined;
const getModel = () => (model ??= readDocument(apiDocument()));

async function exampleValues(baseUrl: string): Promise<ExampleValues> {
  const { db } = await getServices();
  const [top, protocols] = await Promise.all([
    listInstruments({ db, environment: "live", query: { limit: 1 }, origin: "", now: new Date() }),
    listProtocols({ db, environment: "live", chainId: 1 }),
  ]);
  const protocol = protocols.find((p) => p.name === "aave" && !p.deprecated) ?? protocols[0];
  return { baseUrl, ids: { instrumentId: top.data[0]?.instrumentId, protocolId: protocol?.id } };
}

/** Each operation's curl and TypeScript example, by "METHOD path". */
function examplesOf(values: ExampleValues): Record<string, OperationExamples> {
  return Object.fromEntries(
    apiEndpoints.map((e) => [`${e.method} ${e.path}`, { curl: curlExampleOf(e, values), typescript: typescriptExampleOf(e, apiDocument(), values) }]),
  );
}

/** The table of contents: beside the text on wide screens, folded above it on narrow ones. */
function ContentsNav({ className, ...toc }: { className: string } & Parameters<typeof DocsToc>[0]) {
  return (
    <nav aria-label="API reference contents" className={className}>
      <DocsToc {...toc} />
    </nav>
  );
}

export default async function DocsPage() {
  const { operations, schemas, groups } = getModel();
  const origin = (await pageOrigin()) || "http://localhost:3000";
  const baseUrl = `${origin}${API_BASE_PATH}`;
  const examples = examplesOf(await exampleValues(baseUrl));
  const config = readConfig();

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <ContentsNav className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pb-8 pr-2" {...{ operations, groups }} />
      </aside>

      <div className="min-w-0 max-w-4xl">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
        <p className={`mt-3 ${proseClass}`}>
          Yieldgrid is a REST API over HTTPS with JSON bodies. Every path below is relative to{" "}
          <InlineCode>{baseUrl}</InlineCode>. This page is rendered from the OpenAPI 3.1 document at{" "}
          <a href={`${API_BASE_PATH}/openapi.json`} className={linkClass}>
            {API_BASE_PATH}/openapi.json
          </a>
          , generated from the same schemas that validate requests; point your client generator at it.
        </p>

        <details className="mt-6 rounded-lg border border-slate-200 lg:hidden dark:border-slate-800">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Contents</summary>
          <ContentsNav className="border-t border-slate-200 px-2 py-3 dark:border-slate-800" {...{ operations, groups }} />
        </details>

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
        {groups.map((group) => (
          <EndpointsSection key={group} group={group} operations={operations} examples={examples} />
        ))}
        <SchemasSection schemas={schemas} />
      </div>
    </div>
  );
}
