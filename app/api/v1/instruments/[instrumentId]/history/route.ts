import { getInstrumentHistory } from "@/lib/instruments/get-instrument-history";
import { defineRoute } from "@/lib/http/with-api";
import { historyQuerySchema, instrumentParamsSchema } from "@/lib/schemas/instruments";

// GET /instruments/:instrumentId/history – APY and TVL snapshots, oldest first
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/instruments/:instrumentId/history", {
  GET: {
    auth: "public",
    parsesQuery: true,
    handler: async ({ params, query, caller, services }) => {
      const { instrumentId } = instrumentParamsSchema.parse(params);
      const { interval, from, to } = historyQuerySchema.parse(query);
      return getInstrumentHistory({ db: services.db, environment: caller.environment, instrumentId, interval, from, to, now: services.now() });
    },
  },
});
