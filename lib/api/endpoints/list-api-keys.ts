import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { keyScopeOf } from "@/lib/api/http/caller";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { apiKeyListSchema } from "@/lib/schemas/api-keys";

// GET /auth/keys – the caller's account's keys, newest first: a key's own environment, or all for a session
export const listApiKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/keys",
  operationId: "listApiKeys",
  summary: "List the account's API keys",
  description:
    "Newest first. An API key sees only its own environment's keys (a test key the test keys, a live key the live keys); a dashboard session sees all of its account's keys.",
  tag: "API keys",
  auth: "account",
  responses: { 200: apiKeyListSchema },
  errors: [],
  example: {},
  handler: async ({ caller, services }) => ({
    data: await listApiKeys({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), now: services.now() }),
  }),
});
