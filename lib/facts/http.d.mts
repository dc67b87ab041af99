export const API_BASE_PATH: "/api/v1";
export const HEADERS: {
  readonly apiKey: "X-API-Key";
  readonly requestId: "X-Request-Id";
  readonly rateLimitLimit: "X-RateLimit-Limit";
  readonly rateLimitRemaining: "X-RateLimit-Remaining";
  readonly rateLimitReset: "X-RateLimit-Reset";
  readonly retryAfter: "Retry-After";
  readonly environment: "X-Yieldgrid-Environment";
  readonly clientAddress: "X-Yieldgrid-Client-Address";
  readonly method: "X-Yieldgrid-Method";
  readonly operatorSecret: "X-Yieldgrid-Operator-Secret";
};
export const RATE_LIMIT_HEADERS: readonly ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];
export const COOKIES: { readonly session: "yg_session"; readonly siweBinding: "yg_siwe" };
export const PAGE_HEADERS: Readonly<Record<string, string>>;
export function apiResponseHeaders(requestId: string): Record<string, string>;
export function errorEnvelope(code: string, message: string, details: Record<string, unknown>, requestId: string): string;
