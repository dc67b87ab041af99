import type { Endpoint, EndpointContext } from "@/lib/api/endpoint";
import { CachedJson, Reply } from "@/lib/api/endpoint";
import { serveMarker } from "./client-address";
import { controlCharactersInBody, controlCharactersInParameters, type Issue } from "./control-characters";
import { isSecureRequest, readCookie } from "./cookies";
import { ApiError } from "./errors";
import { handleRequest, type Operation, type OperationInput, type RouteContext } from "./handle-request";
import { canonicalQuery, readQuery, rejectQuery } from "./query";
import { readJsonBody } from "./request-body";

export const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof methods)[number];
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
export type RouteHandlers = Record<Method, RouteHandler>;

interface RouteOptions {
  /** Answers methods Next has no handler for (scripts/serve.mjs passes them on marked); default 405. */
  otherMethods?: Operation;
  /** The route exists only for requests this accepts; every other request is answered by `hiddenAs` (lib/api/operator.ts). */
  hiddenUnless?: (request: Request) => boolean;
  hiddenAs?: RouteHandlers;
}

/**
 * The route handlers of one path from its endpoints (`export const { GET, … } = routeOf(…)`). Every
 * method is exported, so an unsupported one is a 405 in the envelope with the Allow header instead of
 * Next's bare one, and OPTIONS answers a CORS preflight.
 */
export function routeOf(endpoints: Endpoint | Endpoint[], options: RouteOptions = {}): RouteHandlers {
  const list = [endpoints].flat();
  const path = list[0]!.path;
  if (list.some((e) => e.path !== path)) throw new Error(`routeOf: one path per route, got ${list.map((e) => e.path).join(", ")}`);
  const byMethod = new Map<string, Operation>(list.map((e) => [e.method, endpointOperation(e)]));
  return routeFor(path, byMethod, options);
}

/** The handlers for `route` given an operation per method (the catch-all has no endpoints). */
export function routeFor(route: string, byMethod: Map<string, Operation>, options: RouteOptions = {}): RouteHandlers {
  const allowed = [...byMethod.keys(), ...(byMethod.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const methodNotAllowed: Operation = {
    route,
    auth: "public",
    counting: true,
    run: async ({ request }) => {
      throw new ApiError("METHOD_NOT_ALLOWED", `${requestMethod(request)} is not supported on ${route}; use ${allowed}`, {}, { Allow: allowed });
    },
  };
  // CORS preflight: answered with the request id and the rate-limit headers, but not counted.
  const preflight: Operation = {
    route,
    auth: "open",
    counting: false,
    run: async () =>
      new Reply(204, undefined, {
        Allow: allowed,
        "Access-Control-Allow-Methods": allowed,
        "Access-Control-Allow-Headers": "X-API-Key, Content-Type, X-Yieldgrid-Environment",
        "Access-Control-Max-Age": "600",
      }),
  };
  const otherMethods = options.otherMethods ?? methodNotAllowed;
  const handlers = {} as RouteHandlers;
  for (const method of methods) {
    const own = method === "OPTIONS" ? preflight : (byMethod.get(method === "HEAD" ? "GET" : method) ?? methodNotAllowed);
    handlers[method] = (request, context) => {
      if (options.hiddenUnless && !options.hiddenUnless(request)) return options.hiddenAs![method](request, context);
      const sent = requestMethod(request);
      // A method Next has no handler for (TRACE, PROPFIND, …), which scripts/serve.mjs passes on as a marked GET.
      const operation = method === "GET" && sent !== "GET" ? otherMethods : own;
      return handleRequest(operation, request, context, { method: sent, headOnly: method === "HEAD" });
    };
  }
  return handlers;
}

/** The method the client sent: scripts/serve.mjs passes a method Next has no handler for as a GET, marked. */
export function requestMethod(request: Request): string {
  const marker = serveMarker();
  return (marker && request.method === "GET" && request.headers.get(marker.methodHeader)) || request.method;
}

function rejectControlCharacters(...found: Issue[][]) {
  const issues = found.flat();
  if (issues.length > 0) throw new ApiError("BAD_REQUEST", `Invalid request: ${issues[0]!.path} ${issues[0]!.message}`, { issues });
}

/**
 * An endpoint as the pipeline runs it: the query read (a repeated parameter is a 400), control
 * characters refused everywhere, the body read within its limits, the guard, then params, query and
 * body parsed by the declared schemas (a ZodError is the 400 with each issue) before the handler.
 */
function endpointOperation(endpoint: Endpoint): Operation {
  return {
    route: endpoint.path,
    auth: endpoint.auth,
    counting: true,
    explainsFaults: endpoint.explainsFaults,
    maxAge: endpoint.maxAge,
    run: async ({ request, url, params, caller, services, requestId, origin }: OperationInput) => {
      const query = readQuery(url.searchParams);
      rejectControlCharacters(controlCharactersInParameters(query), controlCharactersInParameters(params));
      if (!endpoint.query) rejectQuery(query);
      const payload = endpoint.body ? await readJsonBody(request) : undefined;
      if (endpoint.body) rejectControlCharacters(controlCharactersInBody(endpoint.path, payload));
      endpoint.guard?.(request, services);
      const cookieHeader = request.headers.get("cookie");
      const context: EndpointContext<typeof endpoint.auth, unknown, unknown, unknown> = {
        request,
        params: endpoint.params ? endpoint.params.parse(params) : {},
        query: endpoint.query ? endpoint.query.parse(query) : {},
        body: endpoint.body ? endpoint.body.parse(payload) : {},
        caller,
        services,
        requestId,
        origin,
        cookie: (name) => readCookie(cookieHeader, name),
        secure: isSecureRequest(request),
        cached: async (produce) =>
          new CachedJson(await services.responses.getOrCreate(`${caller.environment}|${origin}${url.pathname}?${canonicalQuery(query)}`, produce)),
      };
      return endpoint.handler(context);
    },
  };
}
