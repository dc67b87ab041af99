import "server-only";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { endpointTags, errorCodesOf, type Endpoint } from "@/lib/api/http/endpoint";
import { apiKeyHeaderSchema } from "@/lib/schemas/api-keys";
import { errorEnvelopeSchema } from "@/lib/schemas/common";
import { errorCodes, type ErrorCode } from "@/lib/schemas/error-codes";
import { environments } from "@/lib/facts/chains";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { API_BASE_PATH, COOKIES, HEADERS } from "@/lib/facts/http.mjs";

// The OpenAPI 3.1 document, generated from the endpoint registry (lib/api/endpoints): paths,
// parameters, bodies and answers come from the same declarations and zod schemas that route and
// validate the requests, so the document cannot drift from what the server does.


const integerString = { type: "string" as const, pattern: "^\\d+$" };
const limitString = { type: "string" as const, pattern: "^(\\d+|unlimited)$" };

// Response headers, as reusable components: what the contract promises on every answer.
const responseHeaders = {
  RequestId: { description: "the request id, also in error details and the server's log", required: true, schema: { type: "string" as const, pattern: "^req_[\\w-]{16}$" } },
  RateLimitLimit: { description: "requests allowed in the window, or unlimited (test keys)", required: true, schema: limitString },
  RateLimitRemaining: { description: "requests left in the window, or unlimited (test keys)", required: true, schema: limitString },
  RateLimitReset: { description: "Unix seconds at which the window ends", required: true, schema: integerString },
  RetryAfter: { description: "seconds to wait before trying again", required: true, schema: integerString },
};
const ref = (name: keyof typeof responseHeaders) => ({ $ref: `#/components/headers/${name}` });

/** Every answer that went through the rate limiter. */
const countedHeaders = {
  [HEADERS.requestId]: ref("RequestId"),
  [HEADERS.rateLimitLimit]: ref("RateLimitLimit"),
  [HEADERS.rateLimitRemaining]: ref("RateLimitRemaining"),
  [HEADERS.rateLimitReset]: ref("RateLimitReset"),
};

/**
 * A 503 can come before the caller was counted (the database is down): docs/api.md promises Limit and
 * Reset then only for anonymous callers, and Remaining never.
 */
const unavailableHeaders = {
  [HEADERS.requestId]: ref("RequestId"),
  [HEADERS.retryAfter]: { description: "1 with SERVICE_UNAVAILABLE: the service tries the database again every second", schema: integerString },
  [HEADERS.rateLimitLimit]: { description: "for an anonymous caller, its limit; absent for a key when the database is down", schema: limitString },
  [HEADERS.rateLimitRemaining]: { description: "absent when the database could not count the request", schema: limitString },
  [HEADERS.rateLimitReset]: { description: "for an anonymous caller, the end of the window; absent for a key when the database is down", schema: integerString },
};

const headersFor = (status: number) =>
  status === 503 ? unavailableHeaders : status === 429 ? { ...countedHeaders, [HEADERS.retryAfter]: ref("RetryAfter") } : countedHeaders;

/** The error envelope with `code` narrowed to the codes this status of this operation can carry. */
function errorResponse(codes: ErrorCode[]) {
  const status = errorCodes[codes[0]!].status;
  return {
    // "CODE: when; CODE: when" – the docs page lists the codes from this text.
    description: codes.map((code) => `${code}: ${errorCodes[code].when}`).join("; "),
    headers: headersFor(status),
    content: {
      "application/json": {
        schema: errorEnvelopeSchema.and(z.looseObject({ error: z.looseObject({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }) })),
      },
    },
  };
}

function responsesOf(endpoint: Endpoint): ZodOpenApiResponsesObject {
  const out: Record<string, object> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const headers = { ...countedHeaders, ...(endpoint.setsCookie && { "Set-Cookie": { description: endpoint.setsCookie, required: true, schema: { type: "string" } } }) };
    out[status] = schema
      ? { description: "OK", headers, content: { "application/json": { schema } } }
      : { description: "No content", headers };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);
  for (const status of [...byStatus.keys()].sort()) {
    // In the table's order, so every operation lists a status's codes alike.
    const codes = (Object.keys(errorCodes) as ErrorCode[]).filter((code) => byStatus.get(status)!.includes(code));
    out[String(status)] = errorResponse(codes);
  }
  return out as ZodOpenApiResponsesObject;
}

const sessionCookieSchema = z.string().meta({ description: "the dashboard session (POST /auth/verify)" });

function operationOf(endpoint: Endpoint): ZodOpenApiOperationObject {
  // The session cookie is read for account and public endpoints, and checked on every write (CSRF).
  const readsSession = endpoint.auth !== "open" || endpoint.method !== "GET";
  const cookies = { ...(readsSession && { [COOKIES.session]: sessionCookieSchema.optional() }), ...endpoint.cookies?.shape };
  const headers = {
    [HEADERS.apiKey]: apiKeyHeaderSchema.optional(),
    ...(endpoint.auth === "public" && {
      [HEADERS.environment]: z.enum(environments).optional().meta({
        description: "test: read the test environment with the dashboard session (401 without one); an API key decides the environment by itself",
      }),
    }),
  };
  // An open endpoint that reads the session itself requires one only where its handler refuses a request
  // without it (GET /auth/session: 401); sign-out is answered 204 with or without one, so there it is optional.
  const readsOwnSession = endpoint.auth === "open" && endpoint.cookies?.shape[COOKIES.session] !== undefined;
  const sessionRequired = readsOwnSession && endpoint.errors.includes("UNAUTHORIZED");
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description && { description: endpoint.description }),
    tags: [endpoint.tag],
    ...(endpoint.auth === "public" && { security: [{ apiKey: [] }, {}] }),
    ...(endpoint.auth === "account" && { security: [{ apiKey: [] }, { session: [] }] }),
    ...(readsOwnSession && { security: sessionRequired ? [{ session: [] }] : [{ session: [] }, {}] }),
    requestParams: {
      ...(endpoint.params && { path: endpoint.params }),
      ...(endpoint.query && { query: endpoint.query }),
      header: z.object(headers),
      ...(Object.keys(cookies).length > 0 && { cookie: z.object(cookies) }),
    },
    ...(endpoint.body && { requestBody: { required: true, content: { "application/json": { schema: endpoint.body } } } }),
    responses: responsesOf(endpoint),
  };
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operationOf(endpoint) };
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Yieldgrid API",
      version: "1.0.0",
      description:
        "Yield-bearing lending instruments (Aave, Compound, Morpho, Fluid) on EVM chains: APY in percent, TVL in US dollars. " +
        "Data endpoints accept anonymous requests (live environment, rate limited per client address; CORS preflights are not counted) or an X-API-Key. " +
        `Test keys (${apiKeyPrefixExample("test")}) see only test chains and are unlimited; live keys (${apiKeyPrefixExample("live")}) see live chains, 10,000 requests per hour by default.`,
    },
    servers: [{ url: API_BASE_PATH }],
    tags: endpointTags.map((name) => ({ name })),
    components: {
      headers: responseHeaders,
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: HEADERS.apiKey },
        session: {
          type: "apiKey",
          in: "cookie",
          name: COOKIES.session,
          description:
            "dashboard session from POST /auth/verify: an account in the test environment. On the protocol, instrument and positions endpoints it is used only with the header `X-Yieldgrid-Environment: test` (otherwise the caller is anonymous); that header without a valid session is 401, and a value other than live or test is 400. " +
            "A write (POST, PUT, PATCH, DELETE) that carries this cookie from another site (an `Origin` outside SIWE_DOMAIN, or `Sec-Fetch-Site: cross-site`) is 403 FORBIDDEN; requests without either header (not from a browser page) are not affected.",
        },
      },
    },
    paths,
  });
}
