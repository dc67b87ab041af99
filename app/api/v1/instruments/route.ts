import { listInstruments } from "@/lib/instruments/list-instruments";
import { defineRoute } from "@/lib/http/with-api";
import { listInstrumentsQuerySchema } from "@/lib/schemas/instruments";

// GET /instruments – filter, sort and page through the caller's environment's instruments
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/instruments", {
  GET: {
    auth: "public",
    parsesQuery: true,
    handler: async ({ query, caller, services, origin, cached }) => {
      const parsed = listInstrumentsQuerySchema.parse(query);
      await services.yieldWindows.ensure(services.now());
      return cached(() => listInstruments({ db: services.db, environment: caller.environment, query: parsed, origin }));
    },
  },
});
