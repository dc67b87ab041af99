import "server-only";
import { defineEndpoint, Reply } from "@/lib/api/http/endpoint";
import { createApiKey, keyTypeFor } from "@/lib/domain/api-keys/create-api-key";
import { createApiKeyRequestSchema, createApiKeyResponseSchema } from "@/lib/schemas/api-keys";

// POST /auth/keys – create a key; the full key is in this response only
export const createApiKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/keys",
  operationId: "createApiKey",
  summary: "Create an API key (the full key is shown once)",
  description:
    "name: 1 to 64 characters after trimming. type: test or live, default the calling key's type (test for a dashboard session); a test key cannot create a live key (403). " +
    "expiresAt: ISO 8601, in the future; without it the key does not expire. Only a hash of the key is stored: this answer is the only time it is shown.",
  tag: "API keys",
  auth: "account",
  body: createApiKeyRequestSchema,
  responses: { 201: createApiKeyResponseSchema },
  errors: ["FORBIDDEN"],
  example: { body: { name: "backtester", type: "live", expiresAt: "2030-01-01T00:00:00Z" } },
  handler: async ({ body, caller, services }) => {
    const type = keyTypeFor({ asked: body.type, callerKeyType: caller.kind === "key" ? caller.key.type : null });
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
