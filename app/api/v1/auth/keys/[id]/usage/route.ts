import { keyScopeOf } from "@/lib/api-keys/key-scope";
import { apiKeyUsage } from "@/lib/api-keys/key-usage";
import { defineRoute } from "@/lib/http/with-api";
import { apiKeyParamsSchema } from "@/lib/schemas/api-keys";

// GET /auth/keys/:id/usage – the key's requests per hour over the last 7 days
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/keys/:id/usage", {
  GET: {
    auth: "account",
    handler: async ({ params, caller, services }) => {
      const { id } = apiKeyParamsSchema.parse(params);
      return {
        data: await apiKeyUsage({ db: services.db, rateLimiter: services.rateLimiter, account: caller.account, type: keyScopeOf(caller), id, now: services.now() }),
      };
    },
  },
});
