// What to tell a person about a failed request. Duck-typed rather than `instanceof ApiClientError`, so
// the explorer's first load does without lib/api-client/api-fetch, which it imports on demand.

/** The API's message and request id for an ApiClientError; a generic message otherwise (a response that failed its schema). */
export function describeError(error: unknown): { message: string; requestId: string | null } {
  if (error instanceof Error && error.name === "ApiClientError") {
    const requestId = "requestId" in error && typeof error.requestId === "string" ? error.requestId : null;
    return { message: error.message, requestId };
  }
  return { message: "The answer from the server could not be read.", requestId: null };
}
