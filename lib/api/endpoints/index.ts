import "server-only";
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/api/http/endpoint";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";
import type { HiddenEndpoint } from "@/lib/api/http/route";
import { isOperatorRequest } from "@/lib/api/operator";
import { createApiKeyEndpoint } from "./create-api-key";
import { createOperatorKeyEndpoint } from "./create-operator-key";
import { deleteSessionEndpoint } from "./delete-session";
import { getApiKeyUsageEndpoint } from "./get-api-key-usage";
import { getHealthEndpoint } from "./get-health";
import { getInstrumentEndpoint } from "./get-instrument";
import { getInstrumentHistoriesEndpoint } from "./get-instrument-histories";
import { getInstrumentHistoryEndpoint } from "./get-instrument-history";
import { getInstrumentQuoteEndpoint } from "./get-instrument-quote";
import { getLatestProtocolVersionEndpoint } from "./get-latest-protocol-version";
import { getPositionsEndpoint } from "./get-positions";
import { getProtocolEndpoint } from "./get-protocol";
import { getSessionEndpoint } from "./get-session";
import { issueNonceEndpoint } from "./issue-nonce";
import { listApiKeysEndpoint } from "./list-api-keys";
import { listInstrumentsEndpoint } from "./list-instruments";
import { listInstrumentsByChainEndpoint } from "./list-instruments-by-chain";
import { listProtocolVersionsEndpoint } from "./list-protocol-versions";
import { listProtocolsEndpoint } from "./list-protocols";
import { revokeApiKeyEndpoint } from "./revoke-api-key";
import { rollApiKeyEndpoint } from "./roll-api-key";
import { verifySiweEndpoint } from "./verify-siwe";

// The registry: every public operation of the API, in the order the document and the docs page list
// them. Adding an endpoint is a file in this folder (its declaration and handler) and its line here,
// beside its domain function: the one route of app/api/v1 serves it, and the document, docs page,
// examples, typed client and common tests follow.

let document: ReturnType<typeof buildOpenApiDocument> | undefined;
/** The served document; it depends only on the code, so it is built once per process. */
export const apiDocument = () => (document ??= buildOpenApiDocument(apiEndpoints));

// GET /openapi.json – the OpenAPI 3.1 document, generated from this registry
export const getOpenApiDocumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  description: "Generated from the same declarations and schemas that route and validate requests; cacheable for 5 minutes.",
  tag: "Service",
  auth: "open",
  // It describes the REST API, which an MCP client does not call: tools/list gives each tool's schemas.
  mcpTool: false,
  maxAge: 300,
  responses: { 200: z.object({ openapi: z.string() }).loose() },
  errors: [],
  example: {},
  handler: async () => ({ ...apiDocument() }),
});

export const apiEndpoints: readonly Endpoint[] = [
  listProtocolsEndpoint,
  getProtocolEndpoint,
  listProtocolVersionsEndpoint,
  getLatestProtocolVersionEndpoint,
  listInstrumentsEndpoint,
  listInstrumentsByChainEndpoint,
  getInstrumentHistoriesEndpoint,
  getInstrumentEndpoint,
  getInstrumentHistoryEndpoint,
  getInstrumentQuoteEndpoint,
  getPositionsEndpoint,
  listApiKeysEndpoint,
  createApiKeyEndpoint,
  revokeApiKeyEndpoint,
  rollApiKeyEndpoint,
  getApiKeyUsageEndpoint,
  issueNonceEndpoint,
  verifySiweEndpoint,
  getSessionEndpoint,
  deleteSessionEndpoint,
  getHealthEndpoint,
  getOpenApiDocumentEndpoint,
];

/** Served only to `npm run key:create` with the operator's secret; unknown to everyone else and to the document. */
export const hiddenEndpoints: readonly HiddenEndpoint[] = [{ endpoint: createOperatorKeyEndpoint, accepts: isOperatorRequest }];
