import "server-only";
// The one wrapper every /api/v1 request goes through, start to end in one straight line: the
// request id, the caller (key, session or anonymous) counted against its rate limit, the input read
// and parsed by the endpoint's schemas, the handler, then the answer or the error envelope with the
// headers every answer carries, and one log line.
import { CachedJson, Reply, type Endpoint, type EndpointContext } from "@/lib/api/http/endpoint";
import { getServices, runtimeConfig, type Services } from "@/lib/api/services";
import { admitCaller, type Caller, type Counting } from "./caller";
import { isSecureRequest, readCookie } from "./cookies";
import { envelopeOf, toApiError } from "./errors";
import { canonicalQuery, readInput, readQuery, type ParsedInput } from "./input";
import { requestOrigin } from "./origin";
import { setKnownLimitHeaders } from "./rate-limit";
import { newRequestId } from "./request-id";
import { ResponseHeaders } from "./response-headers";
import { writeRequestLine } from "./request-log";

/**
 * What the wrapper runs: a declared endpoint, or one of the answers every path gives by itself (a
 * 405, a CORS preflight, the 404 of an unknown path), which read no input.
 */
export type Operation = Pick<Endpoint, "path" | "auth" | "explainsFaults" | "maxAge" | "clearedBy" | "handler"> &
  ({ readsInput: true; endpoint: Endpoint } | { readsInput: false }) & {
    /** Which of its requests count against the caller's limit ("none" for a CORS preflight). */
    counting: Counting;
  };

/**
 * The method the client sent (scripts/serve.mjs passes some as a marked GET), whether to leave out
 * the body (HEAD), and the URL as the route read it.
 */
export interface Sent {
  method: string;
  headOnly: boolean;
  url: URL;
}

export async function wrap(operation: Operation, request: Request, params: Record<string, string>, sent: Sent): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const headers = new ResponseHeaders(requestId);
  let keyPrefix: string | undefined;
  let status: number;
  let body: string | Uint8Array<ArrayBuffer> | null;
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
    const { url } = sent;
    const reply = answerInCache(operation, request, url, caller, services) ?? (await handle(operation, { request, url, params, caller, services, requestId }));
    status = reply.status;
    // A reply's own headers win over the ones set before its handler ran (the MCP endpoint's rate-limit
    // headers, taken from the tool calls it made after its own count was read).
    for (const [name, value] of Object.entries(reply.headers)) headers.set(name, value);
    if (operation.maxAge && status === 200) headers.set("Cache-Control", `public, max-age=${operation.maxAge}`);
    body = reply.body === undefined ? null : reply.body instanceof CachedJson ? reply.body.bytes : JSON.stringify(reply.body);
  } catch (error) {
    const apiError = toApiError(error, { requestId, route: operation.path, explainsFaults: operation.explainsFaults ?? false });
    if (apiError.code === "SERVICE_UNAVAILABLE") setKnownLimitHeaders(request, headers, runtimeConfig());
    status = apiError.status;
    for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
    body = envelopeOf(apiError, requestId);
  }
  if (body !== null) headers.set("Content-Type", "application/json; charset=utf-8");
  logRequest({ requestId, method: sent.method, route: operation.path, status, started, keyPrefix });
  return new Response(sent.headOnly || body === null ? null : typeof body === "string" ? body : streamOf(body), { status, headers: headers.values });
}

/**
 * Stored bytes as a response body that is sent as it is: given a Uint8Array, the Response constructor
 * copies it (an allocation the size of the answer, 120 kB for a list of 100, on every cache hit).
 * The chunk is only read on its way to the socket, never changed, so one copy serves every request.
 */
const streamOf = (bytes: Uint8Array<ArrayBuffer>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

const noInput: ParsedInput = { params: {}, query: {}, body: {}, rawQuery: {} };

type Arrival = { request: Request; url: URL; params: Record<string, string>; caller: Caller; services: Services; requestId: string };

/** The operation's answer: its input read and parsed, then its handler run. */
async function handle(operation: Operation, { request, url, params, caller, services, requestId }: Arrival): Promise<Reply<number, unknown>> {
  const input = operation.readsInput ? await readInput(operation.endpoint, request, url, params, services) : noInput;
  return toReply(await operation.handler(handlerContext({ request, url, input, caller, services, requestId, operation })));
}

/** Where the response cache keeps a request's answer: by environment, origin, path and query in one order. */
const cacheKeyOf = (environment: string, origin: string, url: URL, orderedQuery: string) => `${environment}|${origin}${url.pathname}?${orderedQuery}`;

/** Query strings up to this length have their ordered form remembered; a few thousand of them at most. */
const REMEMBERED_QUERY_LENGTH = 512;
const REMEMBERED_QUERIES = 4_096;
const orderedQueries = new Map<string, string>();

/**
 * The query of `url` in the response cache's order (canonicalQuery), remembered by the query string
 * as sent: a popular answer's hits then neither read nor sort its parameters again. A query string
 * that does not read (a repeated parameter) throws its 400 every time and is not kept.
 */
function orderedQueryOf(url: URL): string {
  const search = url.search;
  let ordered = orderedQueries.get(search);
  if (ordered === undefined) {
    ordered = canonicalQuery(readQuery(url.searchParams));
    if (search.length <= REMEMBERED_QUERY_LENGTH) {
      if (orderedQueries.size >= REMEMBERED_QUERIES) orderedQueries.clear();
      orderedQueries.set(search, ordered);
    }
  }
  return ordered;
}

/**
 * The stored answer of an endpoint answered from the cache whole (`answeredFromCache`), or null: a
 * hit is served without parsing the input again, which was parsed when the answer was made from the
 * same path and query. The query is read first, so a repeated parameter is still the 400 it always is.
 */
function answerInCache(operation: Operation, request: Request, url: URL, caller: Caller, services: Services): Reply<number, unknown> | null {
  if (!operation.readsInput || !operation.endpoint.answeredFromCache) return null;
  const body = services.responses.peek(cacheKeyOf(caller.environment, requestOrigin(request.headers, url), url, orderedQueryOf(url)));
  return body === undefined ? null : new Reply(200, new CachedJson(body));
}

const toReply = (result: unknown): Reply<number, unknown> => (result instanceof Reply ? result : new Reply(200, result));

function handlerContext({
  request,
  url,
  input,
  caller,
  services,
  requestId,
  operation,
}: {
  request: Request;
  url: URL;
  input: ParsedInput;
  caller: Caller;
  services: Services;
  requestId: string;
  operation: Operation;
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
    cached: async (produce) => {
      // An answer kept with nothing to clear it would be served stale after the next write of its data.
      if (!operation.clearedBy) throw new Error(`${operation.path} caches its answer without declaring what clears it (clearedBy)`);
      const sources = operation.clearedBy({ params: input.params, query: input.query, caller });
      return new CachedJson(await services.responses.getOrCreate(cacheKeyOf(caller.environment, origin, url, canonicalQuery(input.rawQuery)), sources, produce));
    },
  };
}

/**
 * One line per request, written directly (console.log goes through Next's patched console), a turn's
 * lines at once. The JSON is written out by hand (a request's one object less); the values that are
 * not ours to trust (the method, a key's prefix) are quoted by JSON.stringify.
 */
function logRequest({ requestId, method, route, status, started, keyPrefix }: { requestId: string; method: string; route: string; status: number; started: number; keyPrefix?: string }) {
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  writeRequestLine(
    `{"level":"${status >= 500 ? "error" : "info"}","msg":"request","requestId":"${requestId}","method":${JSON.stringify(method)},` +
      `"route":${JSON.stringify(route)},"status":${status},"durationMs":${durationMs}${keyPrefix ? `,"keyPrefix":${JSON.stringify(keyPrefix)}` : ""}}\n`,
  );
}
