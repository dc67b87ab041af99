import { ZodError } from "zod";
import { databaseFaultOf, describeReason, isServiceUnavailable } from "@/lib/machinery/db/database-faults";
import { ApiError } from "./errors";

/**
 * Any thrown value as the error the caller gets: an ApiError as is, a ZodError as 400 with each
 * issue, a database fault as 503, anything else as a logged 500 that says nothing of our internals.
 */
export function toApiError(error: unknown, { requestId, route, explainsFaults }: { requestId: string; route: string; explainsFaults: boolean }): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) {
    // An unknown field is reported at its own path, like every other problem.
    const issues = error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({ path: [...issue.path, key].join("."), message: "is not a known field or parameter" }))
        : [{ path: issue.path.join("."), message: issue.message }],
    );
    const first = issues[0];
    return new ApiError("BAD_REQUEST", first ? `Invalid request: ${first.path || "value"} ${first.message}` : "Invalid request", { issues });
  }
  const unavailable = isServiceUnavailable(error) ? error : null;
  const fault = unavailable ? { reason: unavailable.reason, cause: unavailable.detail } : databaseFaultOf(error);
  if (fault) {
    process.stdout.write(JSON.stringify({ level: "warn", msg: "database unavailable", requestId, route, reason: fault.reason, err: fault.cause }) + "\n");
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

/** The one error shape, as JSON text. */
export const errorEnvelope = (error: ApiError, requestId: string) =>
  JSON.stringify({
    error: { code: error.code, message: error.message, details: { ...error.details, timestamp: new Date().toISOString(), requestId } },
  });
