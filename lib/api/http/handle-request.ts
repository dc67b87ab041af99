import type { Auth } from "@/lib/api/endpoint";
import { CachedJson, Reply } from "@/lib/api/endpoint";
import type { Caller } from "@/lib/api/http/caller";
import { getServices, runtimeConfig, type Services } from "@/lib/api/services";
import { errorEnvelope, toApiError } from "./error-response";
import { requestOrigin } from "./origin";
import { setKnownLimitHeaders } from "./rate-limit-headers";
import { requestCaller } from "./request-caller";
import { newRequestId } from "./request-id";

/** What the pipeline runs for one request once the caller is known: an endpoint, a 405, a preflight, a 404. */
export interface Operation {
  /** Names the operation in the log line: the path template, or "/*" for unknown paths. */
  route: string;
  auth: Auth;
  /** false for a CORS preflight: the caller's count is read, not added to. */
  counting: boolean;
  explainsFaults?: boolean;
  maxAge?: number;
  run: (input: OperationInput) => Promise<unknown>;
}

export interface OperationInput {
  request: Request;
  url: URL;
  params: Record<string, string | string[] | undefined>;
  caller: Caller;
  services: Services;
  requestId: string;
  origin: string;
}

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After",
};

/**
 * The one pipeline every /api/v1 request goes through: request id, caller (key, session or
 * anonymous), rate limit and its headers on every answer, the operation, the error envelope,
 * security headers and a log line.
 */
export async function handleRequest(operation: Operation, request: Request, context: RouteContext, { method, headOnly }: { method: string; headOnly: boolean }): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const headers = new Headers({ ...corsHeaders, "X-Request-Id": requestId, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
  let status = 500;
  let keyPrefix: string | undefined;
  let body: string | null;
  try {
    const services = await getServices();
    const caller = await requestCaller({
      auth: operation.auth,
      request,
      services,
      headers,
      counting: operation.counting,
      onKey: (prefix) => (keyPrefix = prefix),
    });
    const url = new URL(request.url);
    const result = await operation.run({
      request,
      url,
      params: (await context.params) ?? {},
      caller,
      services,
      requestId,
      origin: requestOrigin(request.headers, url),
    });
    const reply = result instanceof Reply ? result : new Reply(200, result);
    status = reply.status;
    for (const [name, value] of Object.entries(reply.headers)) headers.append(name, value);
    if (operation.maxAge && status === 200) headers.set("Cache-Control", `public, max-age=${operation.maxAge}`);
    body = reply.body === undefined ? null : reply.body instanceof CachedJson ? reply.body.text : JSON.stringify(reply.body);
  } catch (error) {
    const apiError = toApiError(error, { requestId, route: operation.route, explainsFaults: operation.explainsFaults ?? false });
    if (apiError.code === "SERVICE_UNAVAILABLE") setKnownLimitHeaders(request, headers, runtimeConfig());
    status = apiError.status;
    for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
    body = errorEnvelope(apiError, requestId);
  }
  if (body !== null) headers.set("Content-Type", "application/json; charset=utf-8");
  // One line per request, written directly: console.log goes through Next's patched console.
  process.stdout.write(
    JSON.stringify({
      level: status >= 500 ? "error" : "info",
      msg: "request",
      requestId,
      method,
      route: operation.route,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(keyPrefix && { keyPrefix }),
    }) + "\n",
  );
  return new Response(headOnly ? null : body, { status, headers });
}
