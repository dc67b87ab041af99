import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeyRequestSchema, createApiKeyResponseSchema, revokedApiKeyResponseSchema } from "@/lib/schemas/api-keys";
import { nonceResponseSchema, sessionResponseSchema, verifySiweRequestSchema } from "@/lib/schemas/auth";
import { chainIdParam, errorEnvelopeSchema, protocolNameSchema } from "@/lib/schemas/common";
import { healthSchema } from "@/lib/schemas/health";
import {
  historyBatchQuerySchema,
  historyBatchSchema,
  historyQuerySchema,
  historySchema,
  instrumentPageSchema,
  instrumentParamsSchema,
  instrumentSchema,
  listInstrumentsByChainQuerySchema,
  listInstrumentsQuerySchema,
} from "@/lib/schemas/instruments";
import { positionsRequestSchema, positionsResponseSchema } from "@/lib/schemas/positions";
import { listProtocolsQuerySchema, protocolListSchema, protocolParamsSchema, protocolSchema } from "@/lib/schemas/protocols";

// The error table of the README, as the document states it.
export const errorTable = [
  [
    400,
    "BAD_REQUEST",
    "malformed JSON, wrong types, unknown parameters or fields, values outside their domain, NUL or another C0 control character in any parameter or field (tab, CR and LF only in multi-line text: the sign-in message), a request Node's HTTP parser cannot read; details.issues lists each",
  ],
  [401, "UNAUTHORIZED", "no API key (or session) where one is required; a failed sign-in (the message names a domain outside SIWE_DOMAIN, the request comes from a page outside it, or the nonce, time or signature is wrong)"],
  [401, "INVALID_API_KEY", "the key is malformed, unknown, revoked or expired"],
  [403, "FORBIDDEN", "the key may not see this environment's data, or may not create this key type; a write with the session cookie from another site"],
  [404, "NOT_FOUND", "no such record, protocol name, deployment or path"],
  [405, "METHOD_NOT_ALLOWED", "the path does not support the method (see the Allow header), including TRACE, CONNECT and methods like PROPFIND"],
  [408, "REQUEST_TIMEOUT", "the request line, headers or body did not arrive in time (answered before any route)"],
  [413, "PAYLOAD_TOO_LARGE", "the body is larger than 16 KiB"],
  [415, "UNSUPPORTED_MEDIA_TYPE", "a POST body without Content-Type: application/json"],
  [431, "REQUEST_HEADERS_TOO_LARGE", "the request line and headers exceed 16 KiB (answered before any route)"],
  [429, "RATE_LIMIT_EXCEEDED", "over the hourly limit; details.limit, details.resetAt and Retry-After say when to retry"],
  [500, "INTERNAL_ERROR", "our fault; quote details.requestId"],
  [503, "UPSTREAM_UNAVAILABLE", "the chain could not be read (positions; a smart-contract wallet's sign-in)"],
  [
    503,
    "SERVICE_UNAVAILABLE",
    "the database is unreachable or not created yet; details.reason says which, Retry-After: 1; the service answers again by itself once it is back",
  ],
] as const;

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "requests allowed in the window, or unlimited (test keys)", schema: { type: "string" as const } },
  "X-RateLimit-Remaining": {
    description: "requests left in the window, or unlimited; absent on a 503 SERVICE_UNAVAILABLE whose count could not be read",
    schema: { type: "string" as const },
  },
  "X-RateLimit-Reset": { description: "Unix seconds at which the window ends", schema: { type: "string" as const } },
  "X-Request-Id": { description: "the request id, also in error details", schema: { type: "string" as const } },
};

const errorResponse = (description: string) => ({
  description,
  headers: rateLimitHeaders,
  content: { "application/json": { schema: errorEnvelopeSchema } },
});

/** The success response, then the errors: 400 (bad or unknown parameters), 401 (an invalid key is refused everywhere), 429, 500 and 503 (the database) always. */
function responses(ok: z.ZodType | null, codes: number[], okStatus = 200): ZodOpenApiResponsesObject {
  const out: Record<string, object> = {
    [String(okStatus)]: ok
      ? { description: "OK", headers: rateLimitHeaders, content: { "application/json": { schema: ok } } }
      : { description: "No content", headers: rateLimitHeaders },
  };
  for (const status of [...new Set([400, 401, ...codes, 429, 500, 503])].sort()) {
    // UPSTREAM_UNAVAILABLE belongs to the endpoints that read a chain (positions), which list 503 themselves.
    const rows = errorTable.filter(([s, code]) => s === status && (code !== "UPSTREAM_UNAVAILABLE" || codes.includes(503)));
    out[String(status)] = errorResponse(rows.map(([, code, when]) => `${code}: ${when}`).join("; "));
  }
  return out as ZodOpenApiResponsesObject;
}

const keyAuth: Record<string, string[]>[] = [{ apiKey: [] }, {}];
const accountAuth: Record<string, string[]>[] = [{ apiKey: [] }, { session: [] }];

const op = (o: ZodOpenApiOperationObject) => o;

export function buildOpenApiDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Yieldgrid API",
      version: "1.0.0",
      description:
        "Yield-bearing lending instruments (Aave, Compound, Morpho, Fluid) on EVM chains: APY in percent, TVL in US dollars. " +
        "Data endpoints accept anonymous requests (live environment, rate limited per client address; CORS preflights are not counted) or an X-API-Key. " +
        "Test keys (yg_sk_test_…) see only test chains and are unlimited; live keys (yg_sk_live_…) see live chains, 10,000 requests per hour.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "yg_session",
          description:
            "dashboard session from POST /auth/verify: an account in the test environment. On the protocol, instrument and positions endpoints it is used only with the header `X-Yieldgrid-Environment: test` (otherwise the caller is anonymous); that header without a valid session is 401, and a value other than live or test is 400. " +
            "A write (POST, PUT, PATCH, DELETE) that carries this cookie from another site (an `Origin` outside SIWE_DOMAIN, or `Sec-Fetch-Site: cross-site`) is 403 FORBIDDEN; requests without either header (not from a browser page) are not affected.",
        },
      },
    },
    paths: {
      "/protocols": {
        get: op({
          summary: "List protocol versions",
          security: keyAuth,
          requestParams: { query: listProtocolsQuerySchema },
          responses: responses(protocolListSchema, [400, 401, 403]),
        }),
      },
      "/protocols/{id}": {
        get: op({
          summary: "Get one protocol version",
          security: keyAuth,
          requestParams: { path: protocolParamsSchema },
          responses: responses(protocolSchema, [400, 401, 403, 404]),
        }),
      },
      "/protocols/by-name/{name}/chain/{chainId}": {
        get: op({
          summary: "All versions of a protocol on a chain",
          security: keyAuth,
          requestParams: { path: z.object({ name: protocolNameSchema, chainId: chainIdParam }) },
          responses: responses(protocolListSchema, [400, 401, 403, 404]),
        }),
      },
      "/protocols/by-name/{name}/chain/{chainId}/latest": {
        get: op({
          summary: "The latest version of a protocol on a chain",
          description: "The highest version that is not deprecated; if every version is deprecated, the highest.",
          security: keyAuth,
          requestParams: { path: z.object({ name: protocolNameSchema, chainId: chainIdParam }) },
          responses: responses(protocolSchema, [400, 401, 403, 404]),
        }),
      },
      "/instruments": {
        get: op({
          summary: "List instruments",
          description:
            "Filter, sort and paginate. Default order: tvl descending; every order ends with instrumentId ascending. " +
            "limit 1–100 (default 10); offset ≥ 0 or page ≥ 1 (not both); sort=field:dir[,field:dir] or sortBy/sortOrder (not both). " +
            "Sorting by apy7d, apy30d or apyChange7d puts instruments whose value is null last in either direction.",
          security: keyAuth,
          requestParams: { query: listInstrumentsQuerySchema },
          responses: responses(instrumentPageSchema, [400, 401, 403]),
        }),
      },
      "/instruments/by-chain/{chainId}": {
        get: op({
          summary: "List the instruments of one chain",
          security: keyAuth,
          requestParams: { path: z.object({ chainId: chainIdParam }), query: listInstrumentsByChainQuerySchema },
          responses: responses(instrumentPageSchema, [400, 401, 403, 404]),
        }),
      },
      "/instruments/history": {
        get: op({
          summary: "APY and TVL history of several instruments",
          description:
            "One series per instrumentIds entry, in that order, each as /instruments/{instrumentId}/history answers it: " +
            "oldest first, interval day (default; last 365 days) or hour (last 7 days), at most 366 days per request. " +
            "An unknown id is a 404, one of the other environment a 403.",
          security: keyAuth,
          requestParams: { query: historyBatchQuerySchema },
          responses: responses(historyBatchSchema, [400, 401, 403, 404]),
        }),
      },
      "/instruments/{instrumentId}": {
        get: op({
          summary: "Get one instrument",
          security: keyAuth,
          requestParams: { path: instrumentParamsSchema },
          responses: responses(instrumentSchema, [400, 401, 403, 404]),
        }),
      },
      "/instruments/{instrumentId}/history": {
        get: op({
          summary: "APY and TVL history of an instrument",
          description: "Oldest first. interval day (default; last 365 days) or hour (last 7 days); at most 366 days per request.",
          security: keyAuth,
          requestParams: { path: instrumentParamsSchema, query: historyQuerySchema },
          responses: responses(historySchema, [400, 401, 403, 404]),
        }),
      },
      "/positions": {
        post: op({
          summary: "A wallet's USDC balance and vault positions",
          description:
            "Balances are read live from the chain in one RPC round trip. Each position carries `priceUsd` (its underlying's USD price at the instrument's last sync, null before one) and `valueUsd`; `totalValueUsd` adds them up (null when any position has no price).",
          security: keyAuth,
          requestBody: { content: { "application/json": { schema: positionsRequestSchema } } },
          responses: responses(positionsResponseSchema, [400, 401, 403, 413, 415, 503]),
        }),
      },
      "/auth/keys": {
        get: op({
          summary: "List the account's API keys",
          description: "An API key sees only its own environment's keys (a test key the test keys, a live key the live keys); a dashboard session sees all of its account's keys.",
          security: accountAuth,
          responses: responses(apiKeyListSchema, [401]),
        }),
        post: op({
          summary: "Create an API key (the full key is shown once)",
          security: accountAuth,
          requestBody: { content: { "application/json": { schema: createApiKeyRequestSchema } } },
          responses: responses(createApiKeyResponseSchema, [400, 401, 403, 413, 415], 201),
        }),
      },
      "/auth/keys/{id}": {
        delete: op({
          summary: "Revoke an API key",
          description: "An API key revokes only keys of its own environment; another environment's key, like another account's, is 404. A dashboard session revokes any of its account's keys.",
          security: accountAuth,
          requestParams: { path: apiKeyParamsSchema },
          responses: responses(revokedApiKeyResponseSchema, [400, 401, 403, 404]),
        }),
      },
      "/auth/nonce": {
        post: op({
          summary: "Get a Sign-In with Ethereum nonce",
          description:
            "128 bits from a CSPRNG, single use, valid 10 minutes, and bound to this client: the response sets the httpOnly cookie `yg_siwe` (Path=/api/v1/auth, SameSite=Strict), " +
            "which POST /auth/verify needs with the nonce (a client that sends its cookie back keeps it, so several nonces can be open at once). " +
            "A request from a page outside SIWE_DOMAIN (`Origin`, or `Sec-Fetch-Site: cross-site`) is 401.",
          responses: responses(nonceResponseSchema, [401]),
        }),
      },
      "/auth/verify": {
        post: op({
          summary: "Sign in with a signed EIP-4361 message; sets the session cookie",
          description:
            "The message's domain must be one of SIWE_DOMAIN's (unset: localhost, 127.0.0.1 and [::1] on the serving port), never the request's Host or X-Forwarded-Host; " +
            "its nonce one that POST /auth/nonce gave this client (send the `yg_siwe` cookie), unused and unexpired; it must be issued within the last 10 minutes and be unexpired. " +
            "The nonce is spent by the attempt. EOA signatures are recovered offline; otherwise a smart-contract wallet's signature (ERC-1271, or ERC-6492 before deployment) is checked on the message's chain, " +
            "which needs that chain's RPC URL: without one only EOAs can sign in (401), and an RPC that does not answer is 503 UPSTREAM_UNAVAILABLE. " +
            "A request from a page outside SIWE_DOMAIN is 401.",
          requestBody: { content: { "application/json": { schema: verifySiweRequestSchema } } },
          responses: responses(sessionResponseSchema, [400, 401, 413, 415, 503]),
        }),
      },
      "/auth/session": {
        get: op({ summary: "The signed-in account", security: [{ session: [] }], responses: responses(sessionResponseSchema, [401]) }),
        delete: op({ summary: "Sign out; the session cookie is cleared", responses: responses(null, [403], 204) }),
      },
      "/health": {
        get: op({ summary: "Data mode and per-chain sync state", responses: responses(healthSchema, []) }),
      },
      "/openapi.json": {
        get: op({ summary: "This OpenAPI 3.1 document", responses: responses(z.object({ openapi: z.string() }).loose(), []) }),
      },
    },
  });
}
