import "server-only";
// The one wrapper every /api/v1 request goes through, start to end in one straight line: the
// request id, the caller (key, session or anonymous) counted against its rate limit, the input read
// and parsed by the endpoint's schemas, the handler, then the answer or the error envelope with the
// headers every answer carries, and one log line.
import { CachedJson, Reply, type Endpoint, type EndpointContext } from "@/lib/api/http/endpoint";
import { getServices, runtimeConfig, type Services } from "@/lib/api/services";
import { apiResponseHeaders } from "@/lib/facts/http.mjs";
import { admitCaller, type Caller } from "./caller";
import { isSecureRequest, readCookie } from "./cookies";
import { envelopeOf, toApiError } from "./errors";
import { canonicalQuery, readInput, type ParsedInput } from "./input";
import { requestOrigin } from "./origin";
import { setKnownLimitHeaders } from "./rate-limit";
import { newRequestId } from "./request-id";

/**
 * What the wrapper runs: a declared endpoint, or one of the answers every path gives by itself (a
 * 405, a CORS preflight, the 404 of an unknown path), which read no input.
 */
export type Operation = Pick<Endpoint, "path" | "auth" | "explainsFaults" | "maxAge" | "handler"> &
  ({ readsInput: true; endpoint: Endpoint } | { readsInput: false }) & {
    /** false for a CORS preflight: the caller's count is read, not added to. */
    counting: boolean;
  };

/** The method the client sent (scripts/serve.mjs passes some as a marked GET) and whether to leave out the body (HEAD). */
export interface Sent {
  method: string;
  headOnly: boolean;
}

export async function wrap(operation: Operation, request: Request, params: Record<string, string>, sent: Sent): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const headers = new Headers(apiResponseHeaders(requestId));
  let keyPrefix: string | undefined;
  let status: number;
  let body: string | null;
  try {
    const services = await getServices();
    const caller = await admitCaller({
      auth: operation.auth,
      request,
      services,
      headers,
      counting: operation.counting,
      onKey: (prefix) => (keyPrefix = prefix),
    });
    const url = new URL(request.url);
    const input = operation.readsInput ? await readInput(operation.endpoint, request, url, params, services) : noInput;
    const reply = toReply(await operation.handler(handlerContext({ request, url, input, caller, services, requestId })));
    status = reply.status;
    for (const [name, value] of Object.entries(reply.headers)) headers.append(name, value);
    if (operation.maxAge && status === 200) headers.set("Cache-Control", `public, max-age=${operation.maxAge}`);
    body = reply.body === undefined ? null : reply.body instanceof CachedJson ? reply.body.text : JSON.stringify(reply.body);
  } catch (error) {
    const apiError = toApiError(error, { requestId, route: operation.path, explainsFaults: operation.explainsFaults ?? false });
    if (apiError.code === "SERVICE_UNAVAILABLE") setKnownLimitHeaders(request, headers, runtimeConfig());
    status = apiError.status;
    for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
    body = envelopeOf(apiError, requestId);
  }
  if (body !== null) headers.set("Content-Type", "application/json; charset=utf-8");
  logRequest({ requestId, method: sent.method, route: operation.path, status, started, keyPrefix });
  return new Response(sent.headOnly ? null : body, { status, headers });
}

const noInput: ParsedInput = { params: {}, query: {}, body: {}, rawQuery: {} };

const toReply = (result: unknown): Reply<number, unknown> => (result instanceof Reply ? result : new Reply(200, result));

function handlerContext({
  request,
  url,
  input,
  caller,
  services,
  requestId,
}: {
  request: Request;
  url: URL;
  input: ParsedInput;
  caller: Caller;
  services: Services;
  requestId: string;
}): EndpointContext<"public", unknown, unknown, unknown> {
  const origin = requestOrigin(request.headers, url);
  const cookieHeader = request.headers.get("cookie");
  return {
    request,
    params: input.params,
    query: input.query,
    body: input.body,
    caller,
    services,
    requestId,
    origin,
    cookie: (name) => readCookie(cookieHeader, name),
    secure: isSecureRequest(request),
    cached: async (produce) =>
      new CachedJson(await services.responses.getOrCreate(`${caller.environment}|${origin}${url.pathname}?${canonicalQuery(input.rawQuery)}`, produce)),
  };
}

/** One line per request, written directly: console.log goes through Next's patched console. */
function logRequest({ requestId, method, route, status, started, keyPrefix }: { requestId: string; method: string; route: string; status: number; started: number; keyPrefix?: string }) {
  process.stdout.write(
    JSON.stringify({
      level: status >= 500 ? "error" : "info",
      msg: "request",
      requestId,
      method,
      route,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(keyPrefix && { keyPrefix }),
    }) + "\n",
  );
}
