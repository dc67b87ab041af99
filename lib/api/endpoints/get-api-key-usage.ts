import "server-only";
import { defineEndpoint, exampleIds } from "@/lib/api/http/endpoint";
import { keyScopeOf } from "@/lib/api/http/caller";
import { apiKeyUsage } from "@/lib/domain/api-keys/key-usage";
import { apiKeyParamsSchema, apiKeyUsageResponseSchema } from "@/lib/schemas/api-keys";

// GET /auth/keys/{id}/usage – the key's requests per hour over the last 7 days
export const getApiKeyUsageEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/keys/{id}/usage",
  operationId: "getApiKeyUsage",
  summary: "An API key's requests per hour over the last 7 days",
  description:
    "168 hourly points, the current hour last, counted by the rate limiter itself (refused requests included; test keys are counted though unlimited). Scope as for listing.",
  tag: "API keys",
  auth: "account",
  params: apiKeyParamsSchema,
  responses: { 200: apiKeyUsageResponseSchema },
  errors: ["NOT_FOUND"],
  example: { params: { id: exampleIds.keyId }, note: "the id of one of your keys, from GET /auth/keys" },
  handler: async ({ params, caller, services }) => ({
    data: await apiKeyUsage({ db: services.db, rateLimiter: services.rateLimiter, account: caller.account, type: keyScopeOf(caller), id: params.id, now: services.now() }),
  }),
});
