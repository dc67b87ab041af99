import "server-only";
import { readMcpTools, type McpToolDoc } from "@/components/docs/mcp-model";
import { readDocument, type DocsModel, type Operation } from "@/components/docs/openapi-model";
import type { OperationExamples } from "@/components/docs/operation-section";
import { apiDocument, apiEndpoints } from "@/lib/api/endpoints";
import { curlExampleOf, typescriptExampleOf, type ExampleValues } from "@/lib/api/openapi/examples";
import { mcpToolsOf } from "@/lib/api/mcp/tools";
import { getServices } from "@/lib/api/services";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { API_BASE_PATH, MCP_PATH } from "@/lib/facts/http.mjs";
import { pageOrigin } from "./viewer";

// What the API reference's pages (app/docs) read: the document's model, and the examples written for
// this deployment.

// The document depends only on the code: build and read it once per process.
let model: DocsModel | undefined;
export const docsModel = () => (model ??= readDocument(apiDocument()));

/** The API's base URL as the browser reached this deployment. */
export async function apiBaseUrl(): Promise<string> {
  return `${(await pageOrigin()) || "http://localhost:3000"}${API_BASE_PATH}`;
}

/** The MCP server's URL as the browser reached this deployment. */
export async function mcpServerUrl(): Promise<string> {
  return `${(await pageOrigin()) || "http://localhost:3000"}${MCP_PATH}`;
}

let mcpTools: McpToolDoc[] | undefined;
/** The MCP server's tools (lib/api/mcp), each with its operation's arguments and answer; read once per process. */
export const mcpToolDocs = () =>
  (mcpTools ??= readMcpTools(
    mcpToolsOf(apiEndpoints).map((tool) => ({
      name: tool.name,
      title: tool.title,
      method: tool.endpoint.method,
      path: tool.endpoint.path,
      arrayProperty: tool.arrayProperty,
    })),
    docsModel(),
  ));

/** Real ids from this deployment's database, so that every example answers 200 when run. */
async function exampleValues(baseUrl: string): Promise<ExampleValues> {
  const { db } = await getServices();
  const [top, protocols] = await Promise.all([
    listInstruments({ db, environment: "live", query: { limit: 1 }, origin: "", now: new Date() }),
    listProtocols({ db, environment: "live", chainId: 1 }),
  ]);
  const protocol = protocols.find((p) => p.name === "aave" && !p.deprecated) ?? protocols[0];
  return { baseUrl, ids: { instrumentId: top.data[0]?.instrumentId, protocolId: protocol?.id } };
}

/** The curl and TypeScript examples of `operations` (a group's), by "METHOD path". */
export async function operationExamples(
  baseUrl: string,
  operations: readonly Operation[],
): Promise<Record<string, OperationExamples>> {
  const values = await exampleValues(baseUrl);
  const wanted = new Set(operations.map((o) => `${o.method} ${o.path}`));
  return Object.fromEntries(
    apiEndpoints.filter((e) => wanted.has(`${e.method} ${e.path}`)).map((e) => [
      `${e.method} ${e.path}`,
      { curl: curlExampleOf(e, values), typescript: typescriptExampleOf(e, apiDocument(), values) },
    ]),
  );
}

/** Where the reference documents an operation ("GET", "/protocols"), for pages that link to it. */
export function operationHref(method: string, path: string): string {
  const operation = docsModel().operations.find((o) => o.method === method && o.path === path);
  if (!operation) throw new Error(`the API has no operation ${method} ${path}`);
  return operation.href;
}
