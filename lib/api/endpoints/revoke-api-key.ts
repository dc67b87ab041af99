import "server-only";
import { defineEndpoint, exampleIds } from "@/lib/api/http/endpoint";
import { keyScopeOf } from "@/lib/api/http/caller";
import { revokeApiKey } from "@/lib/domain/api-keys/revoke-api-key";
import { apiKeyParamsSchema, revokedApiKeyResponseSchema } from "@/lib/schemas/api-keys";

// DELETE /auth/keys/{id} – revoke one of the account's keys (a key: of its own environment)
export const revokeApiKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/auth/keys/{id}",
  operationId: "revokeApiKey",
  summary: "Revoke an API key",
  description:
    "The key's status becomes revoked and it is refused from then on (on other instances sharing the database within 5 seconds). " +
    "An API key revokes only keys of its own environment; another environment's key, like another account's, is 404. A dashboard session revokes any of its account's keys.",
  tag: "API keys",
  auth: "account",
  params: apiKeyParamsSchema,
  responses: { 200: revokedApiKeyResponseSchema },
  errors: ["NOT_FOUND"],
  example: { params: { id: exampleIds.keyId }, note: "the id of one of your keys, from GET /auth/keys" },
  handler: async ({ params, caller, services }) => ({
    data: await revokeApiKey({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), id: params.id, now: services.now() }),
  }),
});
