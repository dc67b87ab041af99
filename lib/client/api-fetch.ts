import type { components } from "./api-types";

// What a request to the API gives back to the dashboard: the answer's data, or an ApiClientError with
// the error envelope's code, message, request id and details. Types only from the generated document
// types: pages import ApiClientError, and this file stays small (no openapi-fetch, no zod).

type ErrorBody = components["schemas"]["Error"]["error"];
/** An error code of the API (the document's `Error.error.code` enum). */
export type ApiErrorCode = ErrorBody["code"];
/** One validation problem of a 400 answer (`details.issues` of the envelope). */
export type ApiIssue = NonNullable<ErrorBody["details"]["issues"]>[number];

/** An API error as the browser sees it: the envelope's code and message, and the request id to quote. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's code; NETWORK_ERROR when the server was not reached, HTTP_ERROR for an answer without an envelope. */
    readonly code: ApiErrorCode | "NETWORK_ERROR" | "HTTP_ERROR",
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

/** The error a request gets when the server could not be reached at all. */
export const networkError = () =>
  new ApiClientError(
    0,
    "NETWORK_ERROR",
    "The server could not be reached. Check your connection and try again.",
    null,
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): value is ApiIssue =>
  isRecord(value) && typeof value.path === "string" && typeof value.message === "string";

/**
 * The error of an error envelope, or null for any other body. A check of the fields the client reads
 * (code, message, details with the request id), not of everything the document describes: the server
 * builds every envelope from the same table the document's code enum comes from.
 */
function envelopeError(
  body: unknown,
): { code: ApiErrorCode; message: string; details: Record<string, unknown> & { requestId: string } } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  if (typeof code !== "string" || typeof message !== "string" || !isRecord(details)) return null;
  const { requestId, issues } = details;
  if (typeof requestId !== "string") return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  return { code: code as ApiErrorCode, message, details: { ...details, requestId } };
}

/** What an openapi-fetch call resolves to: the data of a success, or the (parsed) body of an error answer. */
export interface ApiOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful answer (undefined for 204 No Content); an ApiClientError for any other.
 * The data is typed by the document and not parsed again here: the server answers with the schemas the
 * document is generated from, and the API tests check every answer against the document.
 */
export function unwrap<T>({ data, error, response }: ApiOutcome<T>): T {
  if (response.ok) return data as T;
  const envelope = envelopeError(error);
  if (envelope)
    throw new ApiClientError(
      response.status,
      envelope.code,
      envelope.message,
      envelope.details.requestId,
      envelope.details,
    );
  throw new ApiClientError(
    response.status,
    "HTTP_ERROR",
    `The server answered ${response.status}.`,
    response.headers.get("x-request-id"),
  );
}
