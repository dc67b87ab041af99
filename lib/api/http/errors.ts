import "server-only";
import { ZodError } from "zod";
import {
  ChainUnavailable,
  Conflict,
  DepositExceedsCapacity,
  DomainError,
  Forbidden,
  InvalidInput,
  NotAcceptingDeposits,
  NotFound,
  Unauthenticated,
} from "@/lib/domain/errors";
import { errorEnvelope } from "@/lib/facts/http.mjs";
import { databaseFaultOf, describeReason, isServiceUnavailable } from "@/lib/machinery/db/database-faults";
import { errorCodes, type ErrorCode } from "@/lib/schemas/error-codes";

/** A failure the caller can act on, as the edge answers it: the wrapper turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
}

export const badRequest = (message: string, issues: { path: string; message: string }[]) => new ApiError("BAD_REQUEST", message, { issues });

/** The one place that knows which answer each domain error is. */
const codeOfDomainError = (error: DomainError): ErrorCode =>
  error instanceof InvalidInput
    ? "BAD_REQUEST"
    : error instanceof NotFound
      ? "NOT_FOUND"
      : error instanceof Forbidden
        ? "FORBIDDEN"
        : error instanceof Unauthenticated
          ? "UNAUTHORIZED"
          : error instanceof Conflict
            ? "CONFLICT"
            : error instanceof ChainUnavailable
              ? "UPSTREAM_UNAVAILABLE"
              : error instanceof DepositExceedsCapacity
                ? "DEPOSIT_EXCEEDS_CAPACITY"
                : error instanceof NotAcceptingDeposits
                  ? "INSTRUMENT_NOT_ACCEPTING_DEPOSITS"
                  : "INTERNAL_ERROR";

/** A ZodError's issues at their paths; an unknown field is reported at its own path, like every other problem. */
function issuesOf(error: ZodError) {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: [...issue.path, key].join("."), message: "is not a known field or parameter" }))
      : [{ path: issue.path.join("."), message: issue.message }],
  );
}

const log = (entry: Record<string, unknown>) => process.stdout.write(JSON.stringify(entry) + "\n");

/**
 * Any thrown value as the error the caller gets: an ApiError as is, a domain error by its kind, a
 * ZodError as 400 with each issue, a database fault as 503, anything else as a logged 500 that says
 * nothing of our internals.
 */
export function toApiError(error: unknown, { requestId, route, explainsFaults }: { requestId: string; route: string; explainsFaults: boolean }): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError && codeOfDomainError(error) !== "INTERNAL_ERROR")
    return new ApiError(codeOfDomainError(error), error.message, error.details);
  if (error instanceof ZodError) {
    const issues = issuesOf(error);
    const first = issues[0];
    return badRequest(first ? `Invalid request: ${first.path || "value"} ${first.message}` : "Invalid request", issues);
  }
  const unavailable = isServiceUnavailable(error) ? error : null;
  const fault = unavailable ? { reason: unavailable.reason, cause: unavailable.detail } : databaseFaultOf(error);
  if (fault) {
    log({ level: "warn", msg: "database unavailable", requestId, route, reason: fault.reason, err: fault.cause });
    return new ApiError(
      "SERVICE_UNAVAILABLE",
      `The database is ${describeReason(fault.reason)}; the service keeps trying and answers again as soon as it is back`,
      { reason: fault.reason, ...(explainsFaults && { cause: fault.cause }), ...(unavailable && { since: unavailable.since.toISOString() }) },
      { "Retry-After": "1" },
    );
  }
  // The log keeps the detail; the caller gets the request id to quote, never the stack or the SQL.
  console.error(
    JSON.stringify({ level: "error", msg: "unhandled error", requestId, route, err: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  return new ApiError("INTERNAL_ERROR", "Something went wrong on our side. Quote the request id if you contact us.");
}

/** The envelope's text for `error`. */
export const envelopeOf = (error: ApiError, requestId: string) => errorEnvelope(error.code, error.message, error.details, requestId);
