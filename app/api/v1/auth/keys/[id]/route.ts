import { keyScopeOf } from "@/lib/api-keys/key-scope";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { defineRoute } from "@/lib/http/with-api";
import { apiKeyParamsSchema } from "@/lib/schemas/api-keys";

// DELETE /auth/keys/:id – revoke one of the account's keys (a key: of its own environment)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/keys/:id", {
  DELETE: {
    auth: "account",
    handler: async ({ params, caller, services }) => {
      const { id } = apiKeyParamsSchema.parse(params);
      return { data: await revokeApiKey({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), id, now: services.now() }) };
    },
  },
});
