import { z } from "zod";

// Every error code the API answers, with its status and when it is given: the one table behind the
// ApiError class (lib/api/http/errors.ts), the envelope's `code` enum, the OpenAPI document's error
// responses and the error table of the docs page. No server imports: the client bundles this file too.

export const errorCodes = {
  BAD_REQUEST: {
    status: 400,
    when: "malformed JSON, wrong types, unknown parameters or fields, values outside their domain, NUL or another C0 control character in any parameter or field (tab, CR and LF only in multi-line text: the sign-in message), a request Node's HTTP parser cannot read; details.issues lists each",
  },
  UNAUTHORIZED: {
    status: 401,
    when: "no API key (or session) where one is required; a failed sign-in (the message names a domain outside SIWE_DOMAIN, the request comes from a page outside it, or the nonce, time or signature is wrong)",
  },
  INVALID_API_KEY: { status: 401, when: "the key is malformed, unknown, revoked or expired" },
  FORBIDDEN: {
    status: 403,
    when: "the key may not see this environment's data, or may not create this key type; a write with the session cookie from another site",
  },
  NOT_FOUND: { status: 404, when: "no such record, protocol name, deployment or path" },
  METHOD_NOT_ALLOWED: {
    status: 405,
    when: "the path does not support the method (see the Allow header), including TRACE, CONNECT and methods like PROPFIND",
  },
  CONFLICT: { status: 409, when: "the record's state does not allow the change: rolling a revoked or expired API key (details.status)" },
  REQUEST_TIMEOUT: { status: 408, when: "the request line, headers or body did not arrive in time (answered before any route)" },
  PAYLOAD_TOO_LARGE: { status: 413, when: "the body is larger than 16 KiB" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, when: "a POST body without Content-Type: application/json" },
  DEPOSIT_EXCEEDS_CAPACITY: {
    status: 422,
    when: "the amount is more than the market would take now (a supply cap, a vault's caps); details.maxDeposit and details.maxDepositRaw say what it would",
  },
  INSTRUMENT_NOT_ACCEPTING_DEPOSITS: {
    status: 422,
    when: "the market takes no deposits now: paused, frozen, or a vault whose supply queue takes nothing",
  },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, when: "the request line and headers exceed 16 KiB (answered before any route)" },
  RATE_LIMIT_EXCEEDED: { status: 429, when: "over the hourly limit; details.limit, details.resetAt and Retry-After say when to retry" },
  INTERNAL_ERROR: { status: 500, when: "our fault; quote details.requestId" },
  UPSTREAM_UNAVAILABLE: { status: 503, when: "the chain could not be read (positions; a smart-contract wallet's sign-in)" },
  SERVICE_UNAVAILABLE: {
    status: 503,
    when: "the database is unreachable or not created yet; details.reason says which, Retry-After: 1; the service answers again by itself once it is back",
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeNames = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(errorCodeNames).meta({ description: "machine-readable code" });

/** The status a code is answered with. */
/** The error table as docs/api.md, the document and the docs page state it: status, code, when. */
export const errorTable = Object.entries(errorCodes).map(([code, { status, when }]) => [status, code as ErrorCode, when] as const);

export const statusOf = (code: ErrorCode): number => errorCodes[code].status;
