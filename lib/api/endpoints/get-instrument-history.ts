import "server-only";
import { defineEndpoint, environmentScopedRead, exampleIds } from "@/lib/api/http/endpoint";
import { getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { historyQuerySchema, historySchema, instrumentParamsSchema } from "@/lib/schemas/instruments";

// GET /instruments/{instrumentId}/history – APY and TVL snapshots, oldest first
export const getInstrumentHistoryEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/{instrumentId}/history",
  operationId: "getInstrumentHistory",
  summary: "APY and TVL history of an instrument",
  description: "Oldest first. interval day (default; last 365 days) or hour (last 7 days); from and to as ISO 8601; at most 366 days per request.",
  tag: "Instruments",
  ...environmentScopedRead,
  params: instrumentParamsSchema,
  query: historyQuerySchema,
  responses: { 200: historySchema },
  example: { params: { instrumentId: exampleIds.instrumentId }, query: { interval: "hour" } },
  handler: ({ params, query, caller, services }) =>
    getInstrumentHistory({ db: services.db, environment: caller.environment, instrumentId: params.instrumentId, ...query, now: services.now() }),
});
