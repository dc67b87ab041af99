import { createApiKey } from "@/lib/api-keys/create-api-key";
import { unknownPathRoute } from "@/lib/http/unknown-path";
import { ApiResult, defineRoute } from "@/lib/http/with-api";
import { isOperatorRequest, operatorKeyRequestSchema } from "@/lib/server/operator";

// POST /operator/keys – `npm run key:create` beside a running embedded server (lib/server/operator.ts);
// without the operator secret, the same answer as any unknown path.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  "/operator/keys",
  {
    POST: {
      auth: "open",
      body: true,
      handler: async ({ body, services }) => {
        const request = operatorKeyRequestSchema.parse(body);
        const created = await createApiKey({ db: services.db, keyStore: services.keys, ...request, now: services.now() });
        return new ApiResult(201, { data: created });
      },
    },
  },
  { hiddenUnless: isOperatorRequest, hiddenAs: unknownPathRoute },
);
