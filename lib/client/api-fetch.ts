import type { z } from "zod";
import type { ErrorEnvelope } from "@/lib/schemas/common";

// No runtime import of zod or of lib/schemas here (types only): every page that fetches from the
// browser bundles this file, and zod with the schemas is ~30 kB gzip. Callers import the schema a
// response is parsed with inside their query function, so it loads when the first request does.

type ErrorBody = ErrorEnvelope["error"];
/** One validation problem of a 400 answer (`details.issues` of the envelope). */
export type ApiIssue = NonNullable<ErrorBody["details"]["issues"]>[number];

/** An API error as the browser sees it: the envelope's code and message, and the request id to quote. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiClientError";
  }

  /** The validation problems the envelope lists (`details.issues`), or null when it lists none. */
  get issues(): ApiIssue[] | null {
    const issues = this.details.issues;
    return Array.isArray(issues) && issues.every(isIssue) ? issues : null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): value is ApiIssue =>
  isRecord(value) && typeof value.path === "string" && typeof value.message === "string";

/**
 * The error of an error envelope, or null for any other body. A check of the fields the client reads
 * (code, message, details with the request id), not of everything errorEnvelopeSchema describes: the
 * server builds every envelope with that schema's type, and the schema would bring zod to every page.
 */
function envelopeError(
  body: unknown,
): { code: string; message: string; details: Record<string, unknown> & { requestId: string } } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  if (typeof code !== "string" || typeof message !== "string" || !isRecord(details)) return null;
  const { requestId, issues } = details;
  if (typeof requestId !== "string") return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  return { code, message, details: { ...details, requestId } };
}

/** Fetches an /api/v1 path and parses the answer with the same schema the server answers with. */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  init?: RequestInit,
): Promise<z.infer<S>> {
  return schema.parse(await fetchBody(path, init));
}

/** Sends a request whose answer has no body (204 No Content, such as a DELETE). */
export async function apiFetchNoContent(path: string, init?: RequestInit): Promise<null> {
  const body = await fetchBody(path, init);
  if (body !== null) throw new Error(`Expected no content from ${path}.`);
  return null;
}

/** The JSON body of a successful answer (null for 204 or a body that is not JSON); an ApiClientError otherwise. */
async function fetchBody(path: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new ApiClientError(
      0,
      "NETWORK_ERROR",
      "The server could not be reached. Check your connection and try again.",
      null,
    );
  }
  const requestId = response.headers.get("x-request-id");
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = envelopeError(body);
    if (error)
      throw new ApiClientError(
        response.status,
        error.code,
        error.message,
        error.details.requestId,
        error.details,
      );
    throw new ApiClientError(
      response.status,
      "HTTP_ERROR",
      `The server answered ${response.status}.`,
      requestId,
    );
  }
  return body;
}
