import "server-only";
import { defineEndpoint, environmentScopedRead, exampleIds } from "@/lib/api/http/endpoint";
import { getInstrumentHistories } from "@/lib/domain/instruments/get-instrument-history";
import { historyBatchQuerySchema, historyBatchSchema } from "@/lib/schemas/instruments";

// GET /instruments/history?instrumentIds=… – several instruments' snapshots in one request (the explorer's sparklines)
export const getInstrumentHistoriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/history",
  operationId: "getInstrumentHistories",
  summary: "APY and TVL history of several instruments",
  description:
    "One series per instrumentIds entry (1 to 100, each once), in that order, each as /instruments/{instrumentId}/history answers it: " +
    "oldest first, interval day (default; last 365 days) or hour (last 7 days), at most 366 days per request. " +
    "An unknown id is a 404, one of the other environment a 403.",
  tag: "Instruments",
  ...environmentScopedRead,
  query: historyBatchQuerySchema,
  responses: { 200: historyBatchSchema },
  example: { query: { instrumentIds: exampleIds.instrumentId, interval: "day" } },
  handler: ({ query, caller, services }) =>
    getInstrumentHistories({ db: services.db, environment: caller.environment, ...query, now: services.now() }),
});
