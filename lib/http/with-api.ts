import { randomFillSync } from "node:crypto";
import { ZodError } from "zod";
import { hashApiKey, parseApiKey } from "@/lib/api-keys/key-format";
import { acceptsSecret } from "@/lib/api-keys/api-key-record";
import { findSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { crossSiteSessionWrite } from "@/lib/auth/cross-site-session-write";
import { ENVIRONMENT_HEADER } from "@/lib/environment-header";
import { ADDRESS_BUCKET_PREFIX, KEY_BUCKET_PREFIX, windowOf, type RateLimitResult } from "@/lib/rate-limit/rate-limiter";
import { databaseFaultOf, describeReason, isServiceUnavailable } from "@/lib/server/database-faults";
import { getServices, runtimeConfig, type Services } from "@/lib/server/services";
import type { AccountCaller, Caller } from "./caller";
import { clientAddress, serveMarker } from "./client-address";
import { controlCharactersInBody, controlCharactersInParameters, type Issue } from "./control-characters";
import { ApiError, badRequest, errorStatus } from "./errors";
import { readJsonBody } from "./request-body";

export const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof methods)[number];

export interface HandlerContext<A extends Auth> {
  request: Request;
  params: Record<string, string | string[] | undefined>;
  /** Query parameters, each given at most once (a repeated one is a 400 before the handler runs). */
  query: Record<string, string>;
  body: A extends "account" ? Record<string, unknown> : Record<string, unknown>;
  caller: A extends "account" ? AccountCaller : Caller;
  services: Services;
  requestId: string;
  origin: string;
  /** Serves the handler's answer from the response cache, keyed by path, query and environment. */
  cached: (produce: () => Promise<unknown>) => Promise<RawJson>;
}

/** A JSON body already serialised (from the response cache). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A response other than 200 with the returned value as JSON. */
export class ApiResult {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

type Auth = "public" | "open" | "account";

interface Endpoint<A extends Auth> {
  /**
   * public: data endpoints, anonymous allowed unless REQUIRE_API_KEY; open: anonymous always (sign-in,
   * health, the API document); account: an API key or a dashboard session.
   */
  auth: A;
  /** Parse a JSON object body before the handler (POST, PUT, PATCH). */
  body?: boolean;
  /** The handler parses `query` with its own schema; otherwise any query parameter is a 400. */
  parsesQuery?: boolean;
  /** Deliberately cacheable by clients and proxies (seconds). */
  maxAge?: number;
  /** A 503 for a database fault says the driver's words too (/health: the operator's view). */
  explainsFaults?: boolean;
  handler: (ctx: HandlerContext<A>) => Promise<unknown>;
}

type AnyEndpoint = Endpoint<"public"> | Endpoint<"open"> | Endpoint<"account">;
type EndpointMap = Partial<Record<Exclude<Method, "HEAD" | "OPTIONS">, AnyEndpoint>>;

interface RouteOptions {
  /** Answers methods Next has no handler for (scripts/serve.mjs passes them on marked); default 405. */
  otherMethods?: AnyEndpoint;
  /** The route exists only for requests this accepts; every other request is answered by `hiddenAs` (lib/server/operator.ts). */
  hiddenUnless?: (request: Request) => boolean;
  hiddenAs?: Record<Method, RouteHandler>;
}
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After",
};

/**
 * The one wrapper around every /api/v1 handler: request id, caller (key, session or anonymous),
 * rate limit and its headers, body limits, the error envelope, security headers and a log line.
 * Every method is exported, so an unsupported one gets a 405 in the envelope instead of Next's bare one.
 */
export function defineRoute(route: string, endpoints: EndpointMap, options: RouteOptions = {}): Record<Method, RouteHandler> {
  const allowed = [...Object.keys(endpoints), ...(endpoints.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const methodNotAllowed: Endpoint<"public"> = {
    auth: "public",
    handler: async ({ request }) => {
      throw new ApiError("METHOD_NOT_ALLOWED", `${requestMethod(request)} is not supported on ${route}; use ${allowed}`, {}, { Allow: allowed });
    },
  };
  // CORS preflight: answered with the request id and the rate-limit headers, but not counted (decisions D5).
  const preflight: Endpoint<"open"> = {
    auth: "open",
    handler: async () =>
      new ApiResult(204, undefined, {
        Allow: allowed,
        "Access-Control-Allow-Methods": allowed,
        "Access-Control-Allow-Headers": "X-API-Key, Content-Type, X-Yieldgrid-Environment",
        "Access-Control-Max-Age": "600",
      }),
  };
  const otherMethods = options.otherMethods ?? methodNotAllowed;
  const handlers = {} as Record<Method, RouteHandler>;
  for (const method of methods) {
    const own = method === "OPTIONS" ? preflight : ((method === "HEAD" ? endpoints.GET : endpoints[method]) ?? methodNotAllowed);
    handlers[method] = (request, context) => {
      if (options.hiddenUnless && !options.hiddenUnless(request)) return options.hiddenAs![method](request, context);
      // A method Next has no handler for (TRACE, PROPFIND, …), which scripts/serve.mjs passes on as a marked GET.
      const endpoint = method === "GET" && requestMethod(request) !== "GET" ? otherMethods : own;
      return handle(route, endpoint as Endpoint<Auth>, request, context, method === "HEAD", endpoint === preflight);
    };
  }
  return handlers;
}

/** The method the client sent: scripts/serve.mjs passes a method Next has no handler for as a GET, marked. */
export function requestMethod(request: Request): string {
  const marker = serveMarker();
  return (marker && request.method === "GET" && request.headers.get(marker.methodHeader)) || request.method;
}

async function handle(
  route: string,
  endpoint: Endpoint<Auth>,
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
  headOnly: boolean,
  isPreflight: boolean,
): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const headers = new Headers({ ...corsHeaders, "X-Request-Id": requestId, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
  let status = 500;
  let keyPrefix: string | undefined;
  let body: string | null;
  try {
    const services = await getServices();
    const url = new URL(request.url);
    const caller = await resolveCaller(endpoint.auth, request, services, headers, (prefix) => (keyPrefix = prefix), !isPreflight);
    const query = readQuery(url.searchParams);
    const params = await context.params;
    rejectControlCharacters(controlCharactersInParameters(query), controlCharactersInParameters(params ?? {}));
    if (!endpoint.parsesQuery) rejectQuery(query);
    const payload = endpoint.body ? await readJsonBody(request) : {};
    if (endpoint.body) rejectControlCharacters(controlCharactersInBody(route, payload));
    const environmentTag = caller.environment;
    const origin = publicOrigin(request, url);
    const result = await endpoint.handler({
      request,
      params: params ?? {},
      query,
      body: payload,
      caller: caller as never,
      services,
      requestId,
      origin,
      cached: async (produce) =>
        new RawJson(await services.responses.getOrCreate(`${environmentTag}|${origin}${url.pathname}?${canonicalQuery(query)}`, produce)),
    });
    const response = result instanceof ApiResult ? result : new ApiResult(200, result);
    status = response.status;
    for (const [name, value] of Object.entries(response.headers)) headers.append(name, value);
    if (endpoint.maxAge && status === 200) headers.set("Cache-Control", `public, max-age=${endpoint.maxAge}`);
    body = response.body === undefined ? null : response.body instanceof RawJson ? response.body.text : JSON.stringify(response.body);
  } catch (error) {
    const apiError = toApiError(error, requestId, route, endpoint.explainsFaults ?? false);
    if (apiError.code === "SERVICE_UNAVAILABLE" && !headers.has("X-RateLimit-Limit")) setKnownLimitHeaders(request, headers);
    status = apiError.status;
    for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
    body = JSON.stringify({
      error: {
        code: apiError.code,
        message: apiError.message,
        details: { ...apiError.details, timestamp: new Date().toISOString(), requestId },
      },
    });
  }
  if (body !== null) headers.set("Content-Type", "application/json; charset=utf-8");
  // One line per request, written directly: console.log goes through Next's patched console.
  process.stdout.write(
    JSON.stringify({
      level: status >= 500 ? "error" : "info",
      msg: "request",
      requestId,
      method: requestMethod(request),
      route,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(keyPrefix && { keyPrefix }),
    }) + "\n",
  );
  return new Response(headOnly ? null : body, { status, headers });
}

// Random bytes for request ids, drawn from the CSPRNG in blocks: one call per request costs more than the rest of the id.
const idPool = Buffer.alloc(12 * 512);
let idOffset = idPool.length;
function newRequestId(): string {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  idOffset += 12;
  return "req_" + idPool.toString("base64url", idOffset - 12, idOffset);
}

function toApiError(error: unknown, requestId: string, route: string, explainsFaults: boolean): ApiError {
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

function rejectControlCharacters(...found: Issue[][]) {
  const issues = found.flat();
  if (issues.length > 0)
    throw new ApiError("BAD_REQUEST", `Invalid request: ${issues[0]!.path} ${issues[0]!.message}`, { issues });
}

function rejectQuery(query: Record<string, string>) {
  const names = Object.keys(query);
  if (names.length > 0)
    throw new ApiError("BAD_REQUEST", `Unknown query parameter ${names[0]}: this endpoint takes none`, {
      issues: names.map((name) => ({ path: name, message: "is not a known field or parameter" })),
    });
}

function readQuery(params: URLSearchParams): Record<string, string> {
  // No prototype: a parameter named __proto__ is a parameter like any other (and an unknown one).
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of params) {
    // zod's strict objects do not see a __proto__ key, so it is refused here, as no endpoint takes it.
    if (name === "__proto__")
      throw new ApiError("BAD_REQUEST", "Unknown query parameter __proto__", { issues: [{ path: name, message: "is not a known field or parameter" }] });
    if (Object.hasOwn(query, name))
      throw new ApiError("BAD_REQUEST", `Query parameter ${name} is given more than once`, { issues: [{ path: name, message: "given more than once" }] });
    query[name] = value;
  }
  return query;
}

const canonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k]!)}`)
    .join("&");

/** The origin the client called, as the proxy in front (or the Host header) says: links we return must work there. */
function publicOrigin(request: Request, url: URL): string {
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim() || undefined;
  const proto = first("x-forwarded-proto") ?? url.protocol.replace(":", "");
  const host = first("x-forwarded-host") ?? first("host") ?? url.host;
  return /^https?$/.test(proto) && /^[\w.-]+(:\d+)?$|^\[[\d:a-fA-F]+\](:\d+)?$/.test(host) ? `${proto}://${host}` : url.origin;
}

function setRateLimitHeaders(headers: Headers, result: RateLimitResult | "unlimited", windowEnd: number) {
  if (result === "unlimited") {
    headers.set("X-RateLimit-Limit", "unlimited");
    headers.set("X-RateLimit-Remaining", "unlimited");
    headers.set("X-RateLimit-Reset", String(windowEnd));
    return;
  }
  headers.set("X-RateLimit-Limit", String(result.limit));
  headers.set("X-RateLimit-Remaining", String(result.remaining));
  headers.set("X-RateLimit-Reset", String(result.resetAt));
}

/**
 * The database is down before the caller's count could be read: an anonymous caller's limit and the
 * window's end are still known, its remaining count is not (so X-RateLimit-Remaining is left out).
 */
function setKnownLimitHeaders(request: Request, headers: Headers) {
  if (request.headers.has("x-api-key")) return;
  const config = runtimeConfig();
  headers.set("X-RateLimit-Limit", String(config.rateLimitAnon));
  headers.set("X-RateLimit-Reset", String(windowOf(new Date(), config.rateLimitWindowSeconds).end));
}

/** Counts one request in `bucket` (or, for a preflight, only reads the count) and sets the headers; throws 429 when over. */
async function consumeIn(services: Services, headers: Headers, bucket: string, limit: number | "unlimited", now: Date, counting: boolean) {
  const windowEnd = windowOf(now, services.config.rateLimitWindowSeconds).end;
  if (limit === "unlimited") {
    // Unlimited (test) keys are still counted: their windows are the key's usage (GET /auth/keys/{id}/usage).
    setRateLimitHeaders(headers, "unlimited", windowEnd);
    if (counting) await services.rateLimiter.consume(bucket, Number.MAX_SAFE_INTEGER, now);
    return;
  }
  // Known before the count is: kept if the database fails to count (a 503 then has no Remaining).
  headers.set("X-RateLimit-Limit", String(limit));
  headers.set("X-RateLimit-Reset", String(windowEnd));
  const result = counting ? await services.rateLimiter.consume(bucket, limit, now) : await services.rateLimiter.peek(bucket, limit, now);
  setRateLimitHeaders(headers, result, result.resetAt);
  if (!result.allowed && counting) {
    const retryAfter = Math.max(1, result.resetAt - Math.floor(now.getTime() / 1000));
    throw new ApiError(
      "RATE_LIMIT_EXCEEDED",
      `Rate limit of ${result.limit} requests per window exceeded; retry after ${retryAfter} s`,
      { limit: result.limit, resetAt: new Date(result.resetAt * 1000).toISOString() },
      { "Retry-After": String(retryAfter) },
    );
  }
}

const invalidKey = () => new ApiError("INVALID_API_KEY", "The API key is invalid, expired or revoked");

/**
 * Resolves and rate-limits the caller; throws 401/429 (with the rate-limit headers already set).
 * `counting` false (a CORS preflight) reads the caller's count without adding to it.
 */
async function resolveCaller(
  auth: Auth,
  request: Request,
  services: Services,
  headers: Headers,
  notePrefix: (p: string) => void,
  counting: boolean,
): Promise<Caller> {
  const now = services.now();
  const { config } = services;
  const ip = clientAddress(request, config.trustedProxyHops);
  const addressBucket = ADDRESS_BUCKET_PREFIX + ip;
  const consume = (bucket: string, limit: number | "unlimited") => consumeIn(services, headers, bucket, limit, now, counting);
  const presented = request.headers.get("x-api-key");

  if (presented !== null) {
    const parsed = parseApiKey(presented.trim());
    const hash = parsed ? hashApiKey(presented.trim()) : null;
    const record = hash ? await services.keys.findByHash(hash) : null;
    if (!hash || !record || !acceptsSecret(record, hash, now)) {
      // Failed attempts count against the client address, which slows down guessing.
      await consume(addressBucket, config.rateLimitAnon);
      throw invalidKey();
    }
    notePrefix(record.prefix);
    const limit = record.type === "test" ? "unlimited" : (record.rateLimit ?? config.rateLimitLive);
    await consume(KEY_BUCKET_PREFIX + record.id, limit);
    if (counting) services.keys.markUsed(record, now);
    return { kind: "key", environment: record.type, account: record.account, key: record };
  }

  // A write with the session cookie from another site's page (CSRF) is refused, counted like a failed key.
  const crossSite = crossSiteSessionWrite(request, readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== null, config.siweDomains);
  if (crossSite) {
    await consume(addressBucket, config.rateLimitAnon);
    throw crossSite;
  }

  // The dashboard reads the test environment with its session: `X-Yieldgrid-Environment: test`.
  const environment = auth === "public" ? request.headers.get(ENVIRONMENT_HEADER) : null;
  if (environment !== null && environment !== "live" && environment !== "test") {
    await consume(addressBucket, config.rateLimitAnon);
    throw badRequest(`${ENVIRONMENT_HEADER} must be "live" or "test"`, [{ path: ENVIRONMENT_HEADER, message: 'expected "live" or "test"' }]);
  }
  if (auth === "account" || environment === "test") {
    const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
    const session = token ? await findSession({ db: services.db, token, now }) : null;
    if (!session) {
      await consume(addressBucket, config.rateLimitAnon);
      throw new ApiError(
        "UNAUTHORIZED",
        environment === "test"
          ? "The test environment needs a test API key, or a dashboard session (sign in with Ethereum)"
          : "Send an API key in the X-API-Key header, or sign in to the dashboard",
      );
    }
    await consume(`session:${session.address.toLowerCase()}`, config.rateLimitAnon);
    return { kind: "session", environment: "test", account: session.address.toLowerCase() };
  }

  await consume(addressBucket, config.rateLimitAnon);
  if (config.requireApiKey && auth === "public") throw new ApiError("UNAUTHORIZED", "An API key is required: send it in the X-API-Key header");
  return { kind: "anonymous", environment: "live", ip };
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export { errorStatus, ENVIRONMENT_HEADER };
