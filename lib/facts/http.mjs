// Names on the wire and the error envelope, written once for the app (TypeScript, through
// http.d.mts) and for scripts/serve.mjs, which answers some requests before the app is reached and
// runs on plain Node. Browser-safe: the dashboard reads the header and cookie names too.

/** Every API path is under this prefix: the interface's version is in the path. */
export const API_BASE_PATH = "/api/v1";

/** The MCP server (Streamable HTTP): the API's read operations as tools for agents. */
export const MCP_PATH = "/api/mcp";

/** Header names as they are documented (HTTP header names are case-insensitive). */
export const HEADERS = {
  apiKey: "X-API-Key",
  requestId: "X-Request-Id",
  rateLimitLimit: "X-RateLimit-Limit",
  rateLimitRemaining: "X-RateLimit-Remaining",
  rateLimitReset: "X-RateLimit-Reset",
  retryAfter: "Retry-After",
  /** With the dashboard session, `test` reads the test environment on the data endpoints. */
  environment: "X-Yieldgrid-Environment",
  /** Written by scripts/serve.mjs: the connection's own address (a client's value is replaced). */
  clientAddress: "X-Yieldgrid-Client-Address",
  /** Written by scripts/serve.mjs: the method a client sent that Next has no handler for. */
  method: "X-Yieldgrid-Method",
  /** `npm run key:create` beside a running embedded server. */
  operatorSecret: "X-Yieldgrid-Operator-Secret",
  /** The MCP endpoint also takes the key as `Authorization: Bearer <key>`, as MCP clients send one. */
  authorization: "Authorization",
};

/** The rate-limit headers every counted answer carries, in the order they are documented. */
export const RATE_LIMIT_HEADERS = [HEADERS.rateLimitLimit, HEADERS.rateLimitRemaining, HEADERS.rateLimitReset];

export const COOKIES = {
  /** The dashboard session (httpOnly). */
  session: "yg_session",
  /** Binds sign-in nonces to the client that asked for them (httpOnly, SameSite=Strict). */
  siweBinding: "yg_siwe",
};

/**
 * Headers of every answer outside the API (pages and their scripts): pages may not be framed
 * (clickjacking a sign-in or a key's revocation), send only their origin to other sites, and are never
 * content-sniffed. Set by next.config.mjs, and by scripts/serve.mjs on the scripts it answers itself.
 */
export const PAGE_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
};

/** Headers of every API answer, errors included: the request id, no caching, no sniffing, CORS. */
export function apiResponseHeaders(requestId) {
  return {
    [HEADERS.requestId]: requestId,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": [HEADERS.requestId, ...RATE_LIMIT_HEADERS, HEADERS.retryAfter].join(", "),
  };
}

/** The one error shape, as JSON text: `details` always carries the timestamp and the request id. */
export function errorEnvelope(code, message, details, requestId) {
  return JSON.stringify({ error: { code, message, details: { ...details, timestamp: new Date().toISOString(), requestId } } });
}
