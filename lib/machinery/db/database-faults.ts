import "server-only";
/**
 * Which failures mean "the database is not there right now" (answered 503 SERVICE_UNAVAILABLE and
 * retried) rather than a bug (500): connection refused, reset or timed out, a server shutting down,
 * a database that does not exist yet, an embedded folder that cannot be opened.
 */
export type UnavailableReason = "starting" | "unreachable" | "missing" | "failing";

export interface DatabaseFault {
  reason: UnavailableReason;
  /** The driver's own words, for the log and /health (never a password: neither driver puts one there). */
  cause: string;
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);
// The embedded database's folder: missing parent, not a folder, no permission, read-only, full.
const FOLDER_CODES = new Set(["ENOENT", "ENOTDIR", "EACCES", "EPERM", "EROFS", "ENOSPC", "EIO"]);
// SQLSTATE codes only PostgreSQL sends: 57P01–57P03 shutting down / cannot connect now, 53300 too many
// connections (and the whole class 08, connection exceptions); 3D000 is a database that does not exist.
const SHUTDOWN_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
// What node-postgres and PGlite say when the connection itself is gone.
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
  "PGlite is closed",
];

type ErrorLike = { code?: unknown; message?: unknown; errors?: unknown[]; severity?: unknown };

function* causes(error: unknown) {
  let current = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    yield current as ErrorLike;
    current = (current as { cause?: unknown }).cause;
  }
}

const messageOf = (e: ErrorLike) => (typeof e.message === "string" ? e.message : String(e));

/**
 * The fault `error` reveals, or null when it is an ordinary error. A network error code counts only
 * where it certainly concerns the database: under a failed drizzle query, or while opening it
 * (`opening`), so that a chain RPC refusing a connection is never mistaken for the database.
 */
export function databaseFaultOf(error: unknown, { opening = false }: { opening?: boolean } = {}): DatabaseFault | null {
  let underQuery = opening;
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = messageOf(e);
    // drizzle wraps every failed query in an error whose message starts so (DrizzleQueryError).
    if (message.startsWith("Failed query: ")) underQuery = true;
    const fromPostgres = typeof e.severity === "string";
    if (fromPostgres && code === "3D000") return { reason: "missing", cause: message };
    if (fromPostgres && (SHUTDOWN_STATES.has(code) || code.startsWith("08"))) return { reason: "unreachable", cause: message };
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return { reason: "unreachable", cause: message };
    if (underQuery && (NETWORK_CODES.has(code) || (opening && FOLDER_CODES.has(code)))) return { reason: "unreachable", cause: message || code };
    // node:net reports a refused dual-stack connection as an AggregateError of the attempts.
    if (underQuery && Array.isArray(e.errors) && e.errors.some((inner) => databaseFaultOf(inner, { opening: true })))
      return { reason: "unreachable", cause: message || code };
  }
  return null;
}

export class ServiceUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    /** The driver's words (DatabaseFault.cause). */
    readonly detail: string,
    readonly since: Date,
  ) {
    super(`The database is ${describeReason(reason)}`);
    this.name = "ServiceUnavailableError";
  }
}

export function describeReason(reason: UnavailableReason): string {
  switch (reason) {
    case "starting":
      return "still being opened";
    case "unreachable":
      return "unreachable";
    case "missing":
      return "missing (it has not been created)";
    case "failing":
      return "failing to open";
  }
}

/** By name, not instanceof: Next bundles this module into several chunks, each with its own class. */
export const isServiceUnavailable = (error: unknown): error is ServiceUnavailableError =>
  error instanceof Error && error.name === "ServiceUnavailableError";
