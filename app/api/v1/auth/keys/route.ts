import { createApiKey } from "@/lib/api-keys/create-api-key";
import { keyScopeOf } from "@/lib/api-keys/key-scope";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { ApiError } from "@/lib/http/errors";
import { ApiResult, defineRoute } from "@/lib/http/with-api";
import { createApiKeyRequestSchema } from "@/lib/schemas/api-keys";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/keys", {
  // GET /auth/keys – the caller's account's keys, newest first: a key's own environment, or all for a session
  GET: {
    auth: "account",
    handler: async ({ caller, services }) => ({
      data: await listApiKeys({ db: services.db, keyStore: services.keys, account: caller.account, type: keyScopeOf(caller), now: services.now() }),
    }),
  },
  // POST /auth/keys – create a key; the full key is in this response only
  POST: {
    auth: "account",
    body: true,
    handler: async ({ body, caller, services }) => {
      const request = createApiKeyRequestSchema.parse(body);
      const callerType = caller.kind === "key" ? caller.key.type : "test";
      const type = request.type ?? callerType;
      if (caller.kind === "key" && callerType === "test" && type === "live") throw new ApiError("FORBIDDEN", "A test key cannot create a live key");
      const created = await createApiKey({
        db: services.db,
        keyStore: services.keys,
        account: caller.account,
        name: request.name,
        type,
        expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
        now: services.now(),
      });
      return new ApiResult(201, { data: created });
    },
  },
});
