import createClient, { type Client, type ClientOptions, type QuerySerializerOptions } from "openapi-fetch";
import { DEFAULT_ENVIRONMENT, type Environment } from "@/lib/facts/chains";
import { environmentRequestHeaders } from "@/lib/facts/environment-header";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import { networkError } from "./api-fetch";
import type { paths } from "./api-types";

// The typed API client: openapi-fetch over the types generated from the OpenAPI document, so every
// path, parameter, body and answer is checked against the document the server serves.

export type ApiClient = Client<paths>;

/**
 * Lists go out as one comma-separated value (chainId=1,8453), the form the API reads; it answers a
 * repeated parameter (chainId=1&chainId=8453, openapi-fetch's default for an array) with 400.
 */
export const apiQuerySerializer: QuerySerializerOptions = { array: { style: "form", explode: false } };

export type ApiClientOptions = Omit<ClientOptions, "baseUrl" | "querySerializer" | "headers"> & {
  headers?: HeadersInit;
};

/**
 * A client of the API at `baseUrl` (e.g. "https://yieldgrid.example/api/v1"), for programmatic users
 * and tests. A request the server never answers rejects with an ApiClientError (NETWORK_ERROR).
 */
export function createApiClient(baseUrl: string, { headers, ...options }: ApiClientOptions = {}): ApiClient {
  const defaultHeaders = new Headers(headers);
  if (!defaultHeaders.has("accept")) defaultHeaders.set("accept", "application/json");
  const client = createClient<paths>({
    ...options,
    baseUrl,
    headers: defaultHeaders,
    querySerializer: apiQuerySerializer,
  });
  client.use({ onError: () => networkError() });
  return client;
}

const browserClients = new Map<Environment, ApiClient>();

/**
 * The dashboard's client for an environment: same origin (the session cookie goes along), under the
 * API's base path; the test environment's asks for it with the environment header.
 */
export function browserApiClient(environment: Environment = DEFAULT_ENVIRONMENT): ApiClient {
  let client = browserClients.get(environment);
  if (!client) {
    client = createApiClient(API_BASE_PATH, { headers: environmentRequestHeaders(environment) });
    browserClients.set(environment, client);
  }
  return client;
}
