import { defineEndpoint, Reply } from "@/lib/api/endpoint";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { keyScopeOf } from "@/lib/api/key-scope";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { apiKeyUsage } from "@/lib/domain/api-keys/key-usage";
import { revokeApiKey } from "@/lib/domain/api-keys/revoke-api-key";
import { rollApiKey } from "@/lib/domain/api-keys/roll-api-key";
import { ApiError } from "@/lib/api/http/errors";
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeyUsageResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokedApiKeyResponseSchema,
  rollApiKeyRequestSchema,
  rollApiKeyResponseSchema,
} from "@/lib/schemas/api-keys";

// GET /auth/keys – the caller's account's keys, newest first: a key's own environment, or all for a session
export const listApiKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/keys",
  operationId: "listApiKeys",
  summary: "List the account's API keys",
  description:
    "An API key sees only its own environment's keys (a test key the test keys, a live key the live keys); a dashboard session sees all of its account's keys.",
  tags: ["API keys"],
  auth: "account",
  responses: { 200: apiKeyListSchema },
  errors: [],
  handler: async ({ caller, services }) => ({
    data: await listApiKeys({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), now: services.now() }),
  }),
});

// POST /auth/keys – create a key; the full key is in this response only
export const createApiKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/keys",
  operationId: "createApiKey",
  summary: "Create an API key (the full key is shown once)",
  tags: ["API keys"],
  auth: "account",
  body: createApiKeyRequestSchema,
  responses: { 201: createApiKeyResponseSchema },
  errors: ["FORBIDDEN"],
  handler: async ({ body, caller, services }) => {
    const callerType = caller.kind === "key" ? caller.key.type : "test";
    const type = body.type ?? callerType;
    if (caller.kind === "key" && callerType === "test" && type === "live") throw new ApiError("FORBIDDEN", "A test key cannot create a live key");
    const created = await createApiKey({
      db: services.db,
      keyStore: services.keys,
      account: caller.account,
      name: body.name,
      type,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      now: services.now(),
    });
    return new Reply(201, { data: created });
  },
});

// DELETE /auth/keys/{id} – revoke one of the account's keys (a key: of its own environment)
export const revokeApiKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/auth/keys/{id}",
  operationId: "revokeApiKey",
  summary: "Revoke an API key",
  description:
    "An API key revokes only keys of its own environment; another environment's key, like another account's, is 404. A dashboard session revokes any of its account's keys.",
  tags: ["API keys"],
  auth: "account",
  params: apiKeyParamsSchema,
  responses: { 200: revokedApiKeyResponseSchema },
  errors: ["NOT_FOUND"],
  handler: async ({ params, caller, services }) => ({
    data: await revokeApiKey({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), id: params.id, now: services.now() }),
  }),
});

// POST /auth/keys/{id}/roll – a new secret for the key (shown once); the old one works for the grace period asked
export const rollApiKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/keys/{id}/roll",
  operationId: "rollApiKey",
  summary: "Roll an API key: a new secret (shown once), the old one valid for a grace period",
  description:
    "Same id, name, type, limits, expiry and usage; only the secret changes. The replaced secret keeps working for gracePeriodSeconds (0, the default: it stops at once; at most 7 days), " +
    "and the listing shows it under previousKey until then. Rolling again ends an earlier grace period at once. A revoked or expired key is 409 CONFLICT. " +
    "Scope as for revoking: a key rolls only keys of its own environment; a dashboard session any of its account's.",
  tags: ["API keys"],
  auth: "account",
  params: apiKeyParamsSchema,
  body: rollApiKeyRequestSchema,
  responses: { 200: rollApiKeyResponseSchema },
  errors: ["NOT_FOUND", "CONFLICT"],
  handler: async ({ params, body, caller, services }) => ({
    data: await rollApiKey({
      db: services.db,
      keyStore: services.keys,
      account: caller.account,
      type: keyScopeOf(caller),
      id: params.id,
      gracePeriodSeconds: body.gracePeriodSeconds,
      now: services.now(),
    }),
  }),
});

// GET /auth/keys/{id}/usage – the key's requests per hour over the last 7 days
export const apiKeyUsageEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/keys/{id}/usage",
  operationId: "getApiKeyUsage",
  summary: "An API key's requests per hour over the last 7 days",
  description:
    "168 hourly points, the current hour last, counted by the rate limiter itself (refused requests included; test keys are counted though unlimited). Scope as for listing.",
  tags: ["API keys"],
  auth: "account",
  params: apiKeyParamsSchema,
  responses: { 200: apiKeyUsageResponseSchema },
  errors: ["NOT_FOUND"],
  handler: async ({ params, caller, services }) => ({
    data: await apiKeyUsage({ db: services.db, rateLimiter: services.rateLimiter, account: caller.account, type: keyScopeOf(caller), id: params.id, now: services.now() }),
  }),
});
