import "server-only";
// Every request under /api/v1 reaches one catch-all route (app/api/v1/[...path]/route.ts), which
// finds the declared endpoint by its path template and method and hands the request to the one
// wrapper with what to run. Every method of a known path is answered: an unsupported one is a 405 in
// the envelope with the Allow header (instead of Next's bare one), OPTIONS a CORS preflight; an
// unknown path is a 404 in the envelope (instead of Next's HTML page).
import { Reply, type Endpoint } from "@/lib/api/http/endpoint";
import { serveMarker } from "@/lib/api/serve-marker";
import { API_BASE_PATH, HEADERS } from "@/lib/facts/http.mjs";
import { ApiError, badRequest } from "./errors";
import { wrap, type Operation } from "./wrapper";

export const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof methods)[number];
export type RouteHandler = (request: Request) => Promise<Response>;
export type RouteHandlers = Record<Method, RouteHandler>;

/** An endpoint that exists only for requests `accepts` lets through; to everyone else its path is unknown (lib/api/operator.ts). */
export interface HiddenEndpoint {
  endpoint: Endpoint;
  accepts: (request: Request) => boolean;
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters: /instruments/history is not an instrument id. */
  literals: number;
  byMethod: Map<string, Operation>;
  otherwise: Operation;
  preflight: Operation;
  hidden?: (request: Request) => boolean;
}

/** The handlers of the catch-all route, one per method, for these endpoints. */
export function apiRoutes(endpoints: readonly Endpoint[], hidden: readonly HiddenEndpoint[] = []): RouteHandlers {
  const routes = [...routesOf(endpoints), ...hidden.flatMap(({ endpoint, accepts }) => routesOf([endpoint]).map((r) => ({ ...r, hidden: accepts })))].sort(
    (a, b) => b.literals - a.literals,
  );
  // A path that is a template without parameters is found at once; the rest are tried in order.
  const literal = new Map(routes.filter((r) => r.names.length === 0 && !r.hidden).map((r) => [r.template, r]));
  const handlers = {} as RouteHandlers;
  for (const method of methods) handlers[method] = (request) => dispatch(routes, literal, method, request);
  return handlers;
}

function routesOf(endpoints: readonly Endpoint[]): Route[] {
  return [...new Set(endpoints.map((e) => e.path))].map((template) => {
    const own = endpoints.filter((e) => e.path === template);
    const byMethod = new Map<string, Operation>(own.map((endpoint) => [endpoint.method, endpointOperation(endpoint)]));
    const allowed = [...byMethod.keys(), ...(byMethod.has("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
    const segments = template.split("/").slice(1);
    return {
      template,
      pattern: new RegExp(`^${segments.map((s) => (/^\{\w+\}$/.test(s) ? "/([^/]+)" : `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)).join("")}$`),
      names: segments.filter((s) => /^\{\w+\}$/.test(s)).map((s) => s.slice(1, -1)),
      literals: segments.filter((s) => !s.startsWith("{")).length,
      byMethod,
      otherwise: methodNotAllowed(template, allowed),
      preflight: preflight(template, allowed),
    };
  });
}

const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

function dispatch(routes: Route[], literal: Map<string, Route>, method: Method, request: Request): Promise<Response> {
  const sent = requestMethod(request);
  const headOnly = method === "HEAD";
  const url = new URL(request.url);
  const { pathname } = url;
  const path = pathname.startsWith(API_BASE_PATH) ? pathname.slice(API_BASE_PATH.length) : pathname;
  const exact = literal.get(path);
  for (const route of exact ? [exact] : MALFORMED_ESCAPE.test(path) ? [] : routes) {
    const match = route.pattern.exec(path);
    if (!match || (route.hidden && !route.hidden(request))) continue;
    const params = route.names.length === 0 ? {} : Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const own = method === "OPTIONS" ? route.preflight : (route.byMethod.get(headOnly ? "GET" : method) ?? route.otherwise);
    // A method Next has no handler for (TRACE, PROPFIND, …), which scripts/serve.mjs passes on as a marked GET.
    const operation = method === "GET" && sent !== "GET" ? route.otherwise : own;
    return wrap(operation, request, params, { method: sent, headOnly, url });
  }
  return wrap(method === "OPTIONS" ? unknownPathPreflight : unknownPath, request, {}, { method: sent, headOnly, url });
}

// Any other path under /api/v1. Paths with a malformed %-escape are rewritten to the catch-all
// (next.config.mjs), whose dynamic segment Next would otherwise answer with a plain-text 500: a 400.
const unknownPath: Operation = {
  path: "/*",
  auth: "public",
  counting: "all",
  readsInput: false,
  handler: async ({ request }) => {
    const url = new URL(request.url);
  const { pathname } = url;
    if (MALFORMED_ESCAPE.test(pathname)) throw badRequest("The path contains a malformed percent-escape", [{ path: "path", message: "malformed percent-escape" }]);
    throw new ApiError("NOT_FOUND", `No endpoint ${pathname}; see ${API_BASE_PATH}/openapi.json`);
  },
};

/** What the wrapper runs for a declared endpoint: its input read and parsed, its handler, every request counted. */
export const endpointOperation = (endpoint: Endpoint): Operation => ({ ...endpoint, counting: "all", readsInput: true, endpoint });

/** A method the path does not have: 405 in the envelope, with the methods it has in Allow. */
export function methodNotAllowed(path: string, allowed: string): Operation {
  return {
    path,
    auth: "public",
    counting: "all",
    readsInput: false,
    handler: async ({ request }) => {
      throw new ApiError("METHOD_NOT_ALLOWED", `${requestMethod(request)} is not supported on ${path}; use ${allowed}`, {}, { Allow: allowed });
    },
  };
}

/** The request headers a browser page may send to /api/v1 beyond the CORS-safelisted ones. */
const API_REQUEST_HEADERS = [HEADERS.apiKey, "Content-Type", HEADERS.environment];

/** A CORS preflight: answered with the request id and the rate-limit headers, but not counted. */
export function preflight(path: string, allowed: string, requestHeaders: readonly string[] = API_REQUEST_HEADERS): Operation {
  return {
    path,
    auth: "open",
    counting: "none",
    readsInput: false,
    handler: async () =>
      new Reply(204, undefined, {
        Allow: allowed,
        "Access-Control-Allow-Methods": allowed,
        "Access-Control-Allow-Headers": requestHeaders.join(", "),
        "Access-Control-Max-Age": "600",
      }),
  };
}

const unknownPathPreflight = preflight("/*", "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS");

/** The method the client sent: scripts/serve.mjs passes a method Next has no handler for as a GET, marked. */
export function requestMethod(request: Request): string {
  return (serveMarker() && request.method === "GET" && request.headers.get(HEADERS.method)) || request.method;
}
