import { keyScopeOf } from "@/lib/api-keys/key-scope";
import { rollApiKey } from "@/lib/api-keys/roll-api-key";
import { defineRoute } from "@/lib/http/with-api";
import { apiKeyParamsSchema, rollApiKeyRequestSchema } from "@/lib/schemas/api-keys";

// POST /auth/keys/:id/roll – a new secret for the key (shown once); the old one works for the grace period asked
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/keys/:id/roll", {
  POST: {
    auth: "account",
    body: true,
    handler: async ({ params, body, caller, services }) => {
      const { id } = apiKeyParamsSchema.parse(params);
      const { gracePeriodSeconds } = rollApiKeyRequestSchema.parse(body);
      return {
        data: await rollApiKey({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), id, gracePeriodSeconds, now: services.now() }),
      };
    },
  },
});
