import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { listChains } from "@/lib/domain/chains/list-chains";
import { chainListSchema } from "@/lib/schemas/chains";

// GET /chains – the chains of the caller's environment, with their instruments and last sync.
// The README's worked example ("Adding an endpoint"): compiled and tested (test/api/list-chains.test.ts
// serves it from a scratch registry), but not in apiEndpoints, so the API does not serve it.
export const listChainsEndpoint = defineEndpoint({
  method: "GET",
  path: "/chains",
  operationId: "listChains",
  summary: "List the chains of your environment",
  description:
    "Live callers see the live networks, a test key or session the test networks, each with the instruments " +
    "GET /instruments lists on it and when a sync last published its figures (null: still sample data).",
  tag: "Service",
  auth: "public",
  responses: { 200: chainListSchema },
  errors: [],
  example: {},
  handler: async ({ caller, services }) => ({
    data: await listChains({ db: services.db, environment: caller.environment }),
  }),
});
