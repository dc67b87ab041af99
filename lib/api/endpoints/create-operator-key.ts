import "server-only";
import { defineEndpoint, Reply } from "@/lib/api/http/endpoint";
import { operatorKeyRequestSchema } from "@/lib/api/operator";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { createApiKeyResponseSchema } from "@/lib/schemas/api-keys";

// POST /operator/keys – `npm run key:create` beside a running embedded server (lib/api/operator.ts).
// Internal: only requests with the operator secret reach it (hiddenEndpoints in ./index.ts), and
// the public document does not list it.
export const createOperatorKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/operator/keys",
  operationId: "createOperatorKey",
  summary: "Create an API key for the operator's command line",
  tag: "Service",
  auth: "open",
  internal: true,
  body: operatorKeyRequestSchema,
  responses: { 201: createApiKeyResponseSchema },
  errors: [],
  example: { body: { name: "my script", type: "live" } },
  handler: async ({ body, services }) =>
    new Reply(201, { data: await createApiKey({ db: services.db, keyStore: services.keys, ...body, now: services.now() }) }),
});
