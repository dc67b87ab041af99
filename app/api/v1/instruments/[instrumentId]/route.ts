import { getInstrumentOrThrow } from "@/lib/instruments/get-instrument-or-throw";
import { defineRoute } from "@/lib/http/with-api";
import { instrumentParamsSchema } from "@/lib/schemas/instruments";

// GET /instruments/:instrumentId – one instrument
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/instruments/:instrumentId", {
  GET: {
    auth: "public",
    handler: async ({ params, caller, services, origin, cached }) => {
      const { instrumentId } = instrumentParamsSchema.parse(params);
      await services.yieldWindows.ensure(services.now());
      return cached(() => getInstrumentOrThrow({ db: services.db, environment: caller.environment, instrumentId, origin }));
    },
  },
});
