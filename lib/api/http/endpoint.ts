import "server-only";
import type { z } from "zod";
import type { AccountCaller, Auth, Caller } from "@/lib/api/http/caller";

export type { Auth };
import type { Services } from "@/lib/api/services";
import type { CacheSource } from "@/lib/machinery/cache/cache-sources";
import type { ErrorCode } from "@/lib/schemas/error-codes";

// An endpoint is one declaration: method, path, who may call it, the schemas of its input and of
// each answer, the errors its own code may give, its documentation and a worked example, and its
// handler. The route handlers (lib/api/http/route.ts), the OpenAPI document and docs page
// (lib/api/openapi), the curl and TypeScript examples, the conventions and fuzz tests
// (test/api) and the typed client (lib/client) all follow from the list in lib/api/endpoints.

export const endpointMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type EndpointMethod = (typeof endpointMethods)[number];

/** The groups of the document and docs page, in their order. */
export const endpointTags = ["Protocols", "Instruments", "Positions", "API keys", "Sign-in", "Service"] as const;
export type EndpointTag = (typeof endpointTags)[number];

type InputSchema = z.ZodObject;
/** Answer schemas by status; null for an answer without a body (204). */
type Responses = { [status: number]: z.ZodType | null };

/** A non-200 answer, or one that sets headers (cookies). */
export class Reply<S extends number, T> {
  constructor(
    readonly status: S,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A 200 answer already serialised by the response cache, as the UTF-8 bytes it keeps and sends as
 * they are; `T` is the shape it was made from.
 */
export class CachedJson<T> {
  declare readonly shape: T;
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
}

type BodyOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type StatusOf<R> = Extract<keyof R, number>;
/** What a handler may return: a Reply for one of its declared statuses, or the 200 body itself (plain or cached). */
export type EndpointResult<R> =
  | { [S in StatusOf<R>]: Reply<S, BodyOf<R[S]>> }[StatusOf<R>]
  | (200 extends StatusOf<R> ? BodyOf<R[200]> | CachedJson<BodyOf<R[200]>> : never);

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type Example<S> = S extends z.ZodType ? z.input<S> : never;

export interface EndpointContext<A extends Auth, P, Q, B> {
  request: Request;
  /** Path parameters, query and body as their schemas parsed them. */
  params: P;
  query: Q;
  body: B;
  caller: A extends "account" ? AccountCaller : Caller;
  services: Services;
  requestId: string;
  /** The origin the client called (lib/api/http/origin.ts): links in answers must work there. */
  origin: string;
  /** A request cookie's value, or null. */
  cookie: (name: string) => string | null;
  /** The request came over https (directly or behind a proxy): cookies set now must be Secure. */
  secure: boolean;
  /**
   * Serves the answer from the response cache, keyed by path, query, origin and environment, and kept
   * until a write of what the endpoint's `clearedBy` names; without `clearedBy` it refuses (a 500).
   */
  cached: <T>(produce: () => Promise<T>) => Promise<CachedJson<T>>;
}

/**
 * A request that succeeds, shown in the docs page's curl and TypeScript examples and sent by the
 * conventions and fuzz tests. Values the database decides (an instrument's or a protocol's id) are
 * `exampleIds` placeholders, which the docs page and the tests replace with real ones.
 */
export interface EndpointExample<P, Q, B> {
  params?: Example<P>;
  query?: Example<Q>;
  body?: Example<B>;
  /** A line of explanation above the example (what to put where). */
  note?: string;
}

export interface EndpointSpec<A extends Auth, P, Q, B, R extends Responses> {
  method: EndpointMethod;
  /** OpenAPI style, relative to /api/v1: `/instruments/{instrumentId}`. */
  path: string;
  operationId: string;
  summary: string;
  /** The rules a caller must know, in the document and on the docs page. */
  description?: string;
  tag: EndpointTag;
  auth: A;
  params?: P;
  query?: Q;
  /** A JSON object body: 415 unless JSON, 413 over 16 KiB, then parsed by this schema. */
  body?: B;
  /** Body fields (dotted paths) that may hold tab, CR and LF inside their text; no other value may. */
  multilineFields?: readonly string[];
  /** Cookies the handler reads itself, documented as cookie parameters (the wrapper reads the session's). */
  cookies?: InputSchema;
  /** The cookie the success answer sets, documented as its Set-Cookie header. */
  setsCookie?: string;
  responses: R;
  /** The codes the handler and the domain code it calls may answer; the wrapper's own are added for it. */
  errors: readonly ErrorCode[];
  example: EndpointExample<P, Q, B>;
  /** Deliberately cacheable by clients and proxies for this many seconds (200 only). */
  maxAge?: number;
  /** A 503 for a database fault also says the driver's words (/health: the operator's view). */
  explainsFaults?: boolean;
  /** Kept out of the public document (the operator's key endpoint). */
  internal?: boolean;
  /**
   * The operation changes nothing although its method is not GET (POST /positions sends its question
   * as a body). A GET operation reads by definition. Public reads are the MCP server's tools (lib/api/mcp).
   */
  readOnly?: true;
  /** Kept out of the MCP server's tools although it is a public read; say why where it is set. */
  mcpTool?: false;
  /**
   * For a handler that keeps its answers with `cached(…)`: what this request's answer is computed
   * from (lib/machinery/cache/cache-sources.ts), so that the writers of that data clear it, and only
   * that. A sync of a chain clears its instruments and protocols.
   */
  clearedBy?: (request: { params: Parsed<P>; query: Parsed<Q>; caller: Caller }) => readonly CacheSource[];
  /**
   * The handler's answer is `cached(…)` and nothing else: a request whose answer the cache holds is
   * served before its input is parsed again (it was parsed when the answer was made, from the same
   * path and query). Only for handlers without another effect or check.
   */
  answeredFromCache?: true;
  /** Checks that refuse a request before its input is parsed (the sign-in site check). */
  guard?: (request: Request, services: Services) => void;
  handler: (context: EndpointContext<A, Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<NoInfer<EndpointResult<R>>>;
}

/** A declared endpoint, its types erased, as the route, the document and the tests read it. */
export type Endpoint = Omit<EndpointSpec<Auth, InputSchema, InputSchema, InputSchema, Responses>, "handler" | "example" | "clearedBy"> & {
  example: { params?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown>; note?: string };
  clearedBy?: (request: { params: unknown; query: unknown; caller: Caller }) => readonly CacheSource[];
  handler: (context: EndpointContext<Auth, unknown, unknown, unknown>) => Promise<unknown>;
};

/**
 * A public read of a resource that belongs to one environment: unknown is 404 NOT_FOUND, one of the
 * other environment (a test id with a live key, say) is 403 FORBIDDEN.
 */
export const environmentScopedRead = { auth: "public", errors: ["FORBIDDEN", "NOT_FOUND"] } as const;

export function defineEndpoint<
  A extends Auth,
  R extends Responses,
  P extends InputSchema | undefined = undefined,
  Q extends InputSchema | undefined = undefined,
  B extends InputSchema | undefined = undefined,
>(spec: EndpointSpec<A, P, Q, B, R>): Endpoint {
  return spec as unknown as Endpoint;
}

/** Well-formed stand-ins for ids the database decides, replaced by real ones where an example is shown or sent. */
export const exampleIds = {
  instrumentId: "0x" + "ab".repeat(32),
  protocolId: "00000000-0000-4000-8000-000000000000",
  keyId: "00000000-0000-4000-8000-00000000000b",
} as const;

/**
 * Every code a request to `endpoint` can be answered with: the wrapper's own (bad query or control
 * characters, a bad key, the limit, a fault, no database), those of its access rules and body, and
 * the ones its handler declares.
 */
export function errorCodesOf(endpoint: Pick<Endpoint, "auth" | "method" | "body" | "errors">): ErrorCode[] {
  const codes: ErrorCode[] = ["BAD_REQUEST", "INVALID_API_KEY", "RATE_LIMIT_EXCEEDED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];
  // account: no key or session; public: REQUIRE_API_KEY, or the test environment without a session.
  if (endpoint.auth !== "open") codes.push("UNAUTHORIZED");
  // A write carrying the session cookie from another site's page (lib/api/http/caller.ts).
  if (endpoint.method !== "GET") codes.push("FORBIDDEN");
  if (endpoint.body) codes.push("UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE");
  return [...new Set([...codes, ...endpoint.errors])];
}
