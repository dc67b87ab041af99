import { getInstrumentHistories } from "@/lib/instruments/get-instrument-history";
import { defineRoute } from "@/lib/http/with-api";
import { historyBatchQuerySchema } from "@/lib/schemas/instruments";

// GET /instruments/history?instrumentIds=… – several instruments' snapshots in one request (the explorer's sparklines)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/instruments/history", {
  GET: {
    auth: "public",
    parsesQuery: true,
    handler: async ({ query, caller, services }) => {
      const { instrumentIds, interval, from, to } = historyBatchQuerySchema.parse(query);
      return getInstrumentHistories({ db: services.db, environment: caller.environment, instrumentIds, interval, from, to, now: services.now() });
    },
  },
});
