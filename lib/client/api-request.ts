import type { ApiClient } from "./api-client";
import { unwrap, type ApiOutcome } from "./api-fetch";

/**
 * Sends one request with the dashboard's typed client and returns the answer's data, or throws an
 * ApiClientError. The client (openapi-fetch, ~2.6 kB gzip) is imported with the first request rather
 * than with the page: most pages render their first data on the server and may never ask the API.
 */
export async function apiRequest<T>(send: (api: ApiClient) => Promise<ApiOutcome<T>>): Promise<T> {
  const { browserApiClient } = await import("./api-client");
  return unwrap(await send(browserApiClient()));
}
