import { errorCodes, type ErrorCode } from "@/lib/schemas/error-codes";

export type { ErrorCode };

/** A failure the caller can act on. Domain code throws it; the route pipeline turns it into the envelope. */
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

export const notFound = (message: string) => new ApiError("NOT_FOUND", message);
export const forbidden = (message: string) => new ApiError("FORBIDDEN", message);
export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new ApiError("BAD_REQUEST", message, issues ? { issues } : {});
