// The route handlers of one path (`export const { GET, … } = routeOf(endpoint)` in app/api/v1): every
// method is exported, so an unsupported one is a 405 in the envelope with the Allow header instead of
// Next's bare one, OPTIONS answers a CORS preflight, and each handler hands the request to the one
// wrapper with what to run.
import { Reply, type Endpoint } from "@/lib/api/http/endpoint";
import { HEADERS } from "@/lib/facts/http.mjs";
import { serveMarker } from "@/lib/api/serve-marker";
import { ApiError, badRequest } from "./errors";
import { wrap, type Operation, type RouteContext } from "./wrapper";

export const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof methods)[number];
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
export type RouteHandlers = Record<Method, RouteHandler>;

interface RouteOptions {
  /** The route exists only for requests this accepts; every other request gets the unknown path's answer (lib/api/operator.ts). */
  hiddenUnless?: (request: Request) => boolean;
}

/** The route handlers of one path from its endpoints. */
export function routeOf(endpoints: Endpoint | Endpoint[], options: RouteOptions = {}): RouteHandlers {
  const list = [endpoints].flat();
  const path = list[0]!.path;
  if (list.some((e) => e.path !== path)) throw new Error(`routeOf: one path per route, got ${list.map((e) => e.path).join(", ")}`);
  const byMethod = new Map<string, Operation>(list.map((endpoint) => [endpoint.method, { ...endpoint, counting: true, readsInput: true, endpoint }]));
  const handlers = routeFor(path, byMethod, methodNotAllowed(path, allowedMethods(byMethod)));
  return options.hiddenUnless ? hideUnless(options.hiddenUnless, handlers, unknownPathRoute) : handlers;
}

const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

// Any other path under /api/v1: a 404 in the envelope rather than Next's HTML page. Paths with a
// malformed %-escape are rewritten to the catch-all too (next.config.mjs) and get a 400.
const unknownPath: Operation = {
  path: "/*",
  auth: "public",
  counting: true,
  readsInput: false,
  handler: async ({ request }) => {
    const { pathname } = new URL(request.url);
    if (MALFORMED_ESCAPE.test(pathname)) throw badRequest("The path contains a malformed percent-escape", [{ path: "path", message: "malformed percent-escape" }]);
    throw new ApiError("NOT_FOUND", `No endpoint ${pathname}; see /api/v1/openapi.json`);
  },
};

const allowedMethods = (byMethod: Map<string, Operation>) => [...byMethod.keys(), ...(byMethod.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

function methodNotAllowed(path: string, allowed: string): Operation {
  return {
    path,
    auth: "public",
    counting: true,
    readsInput: false,
    handler: async ({ request }) => {
      throw new ApiError("METHOD_NOT_ALLOWED", `${requestMethod(request)} is not supported on ${path}; use ${allowed}`, {}, { Allow: allowed });
    },
  };
}

/** A CORS preflight: answered with the request id and the rate-limit headers, but not counted. */
function preflight(path: string, allowed: string): Operation {
  return {
    path,
    auth: "open",
    counting: false,
    readsInput: false,
    handler: async () =>
      new Reply(204, undefined, {
        Allow: allowed,
        "Access-Control-Allow-Methods": allowed,
        "Access-Control-Allow-Headers": [HEADERS.apiKey, "Content-Type", HEADERS.environment].join(", "),
        "Access-Control-Max-Age": "600",
      }),
  };
}

/** The handler of each method: its own operation, the preflight, or `otherwise` (a 405, or the unknown path's 404). */
function routeFor(path: string, byMethod: Map<string, Operation>, otherwise: Operation): RouteHandlers {
  const handlers = {} as RouteHandlers;
  const options = preflight(path, allowedMethods(byMethod));
  for (const method of methods) {
    const own = method === "OPTIONS" ? options : (byMethod.get(method === "HEAD" ? "GET" : method) ?? otherwise);
    handlers[method] = (request, context) => {
      const sent = requestMethod(request);
      // A method Next has no handler for (TRACE, PROPFIND, …), which scripts/serve.mjs passes on as a marked GET.
      const operation = method === "GET" && sent !== "GET" ? otherwise : own;
      return wrap(operation, request, context, { method: sent, headOnly: method === "HEAD" });
    };
  }
  return handlers;
}

function hideUnless(accepts: (request: Request) => boolean, handlers: RouteHandlers, hiddenAs: RouteHandlers): RouteHandlers {
  return Object.fromEntries(
    methods.map((method) => [method, (request: Request, context: RouteContext) => (accepts(request) ? handlers : hiddenAs)[method](request, context)]),
  ) as RouteHandlers;
}

/** The method the client sent: scripts/serve.mjs passes a method Next has no handler for as a GET, marked. */
export function requestMethod(request: Request): string {
  return (serveMarker() && request.method === "GET" && request.headers.get(HEADERS.method)) || request.method;
}

/** The catch-all route app/api/v1/[...path]: every method of an unknown path is a 404 (OPTIONS a preflight). */
export const unknownPathRoute: RouteHandlers = routeFor(
  "/*",
  new Map(["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => [method, unknownPath])),
  unknownPath,
);
