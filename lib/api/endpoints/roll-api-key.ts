import "server-only";
import { defineEndpoint, exampleIds } from "@/lib/api/http/endpoint";
import { keyScopeOf } from "@/lib/api/http/caller";
import { rollApiKey } from "@/lib/domain/api-keys/roll-api-key";
import { apiKeyParamsSchema, rollApiKeyRequestSchema, rollApiKeyResponseSchema } from "@/lib/schemas/api-keys";

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
  tag: "API keys",
  auth: "account",
  params: apiKeyParamsSchema,
  body: rollApiKeyRequestSchema,
  responses: { 200: rollApiKeyResponseSchema },
  errors: ["NOT_FOUND", "CONFLICT"],
  example: { params: { id: exampleIds.keyId }, body: { gracePeriodSeconds: 3600 }, note: "the id of one of your keys, from GET /auth/keys" },
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
