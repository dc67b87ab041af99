import "server-only";
import { defineEndpoint, environmentScopedRead, exampleIds } from "@/lib/api/http/endpoint";
import { getInstrumentOrThrow } from "@/lib/domain/instruments/get-instrument-or-throw";
import { chainsInScope, instrumentRecordsOf } from "@/lib/machinery/cache/cache-sources";
import { instrumentParamsSchema, instrumentSchema } from "@/lib/schemas/instruments";

// GET /instruments/{instrumentId} – one instrument
export const getInstrumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/{instrumentId}",
  operationId: "getInstrument",
  summary: "Get one instrument",
  description: "The instrument record itself, without a data wrapper. An id of the other environment is 403.",
  tag: "Instruments",
  ...environmentScopedRead,
  params: instrumentParamsSchema,
  responses: { 200: instrumentSchema },
  example: { params: { instrumentId: exampleIds.instrumentId } },
  // Its id does not say its chain: any instrument record of the environment.
  clearedBy: ({ caller }) => instrumentRecordsOf(chainsInScope(caller.environment)),
  answeredFromCache: true,
  handler: ({ params, caller, services, origin, cached }) =>
    cached(() =>
      getInstrumentOrThrow({ db: services.db, environment: caller.environment, instrumentId: params.instrumentId, origin, now: services.now() }),
    ),
});
