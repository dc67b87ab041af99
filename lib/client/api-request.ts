import type { Environment } from "@/lib/facts/chains";
import type { ApiClient } from "./api-client";
import { unwrap, type ApiOutcome } from "./api-fetch";

/**
 * Sends one request with the dashboard's typed client and returns the answer's data, or throws an
 * ApiClientError; `environment` is the one to read (the test environment with the dashboard session).
 * The client (openapi-fetch, ~2.6 kB gzip, with the environment header's name) is imported with the
 * first request rather than with the page: most pages render their first data on the server and may
 * never ask the API.
 */
export async function apiRequest<T>(
  send: (api: ApiClient) => Promise<ApiOutcome<T>>,
  { environment }: { environment?: Environment } = {},
): Promise<T> {
  const { browserApiClient } = await import("./api-client");
  return unwrap(await send(browserApiClient(environment)));
}
