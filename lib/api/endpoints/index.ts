import "server-only";
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/api/endpoint";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";
import { apiKeyUsageEndpoint, createApiKeyEndpoint, listApiKeysEndpoint, revokeApiKeyEndpoint, rollApiKeyEndpoint } from "./api-keys";
import { getHealthEndpoint } from "./health";
import {
  getInstrumentEndpoint,
  getInstrumentHistoriesEndpoint,
  getInstrumentHistoryEndpoint,
  listInstrumentsByChainEndpoint,
  listInstrumentsEndpoint,
} from "./instruments";
import { getPositionsEndpoint } from "./positions";
import { getLatestProtocolVersionEndpoint, getProtocolEndpoint, listProtocolsEndpoint, listProtocolVersionsEndpoint } from "./protocols";
import { deleteSessionEndpoint, getSessionEndpoint, issueNonceEndpoint, verifySiweEndpoint } from "./sign-in";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;
/** The served document; it depends only on the code, so it is built once per process. */
export const apiDocument = () => (document ??= buildOpenApiDocument(apiEndpoints));

// GET /openapi.json – the OpenAPI 3.1 document, generated from this registry
export const getOpenApiDocumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  tags: ["Service"],
  auth: "open",
  maxAge: 300,
  responses: { 200: z.object({ openapi: z.string() }).loose() },
  errors: [],
  handler: async () => ({ ...apiDocument() }),
});

/**
 * Every public operation of the API, in the order the document lists them. Adding an endpoint: its
 * declaration here, its domain function, and a one-line route file under app/api/v1 (the
 * conventions test finds a missing one). The operator's key endpoint (./operator.ts) is internal.
 */
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
  getPositionsEndpoint,
  listApiKeysEndpoint,
  createApiKeyEndpoint,
  revokeApiKeyEndpoint,
  rollApiKeyEndpoint,
  apiKeyUsageEndpoint,
  issueNonceEndpoint,
  verifySiweEndpoint,
  getSessionEndpoint,
  deleteSessionEndpoint,
  getHealthEndpoint,
  getOpenApiDocumentEndpoint,
];
