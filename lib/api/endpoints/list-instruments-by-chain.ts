import "server-only";
import { defineEndpoint, environmentScopedRead } from "@/lib/api/http/endpoint";
import { listInstrumentsOfChain } from "@/lib/domain/instruments/list-instruments";
import { instrumentRecordsOf } from "@/lib/machinery/cache/cache-sources";
import { instrumentPageSchema, instrumentsByChainParamsSchema, listInstrumentsByChainQuerySchema } from "@/lib/schemas/instruments";

// GET /instruments/by-chain/{chainId} – the instrument list of one chain
export const listInstrumentsByChainEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/by-chain/{chainId}",
  operationId: "listInstrumentsByChain",
  summary: "List the instruments of one chain",
  description: "The parameters and answer of GET /instruments, without chainId. A chain Yieldgrid does not know is 404, another environment's 403.",
  tag: "Instruments",
  ...environmentScopedRead,
  params: instrumentsByChainParamsSchema,
  query: listInstrumentsByChainQuerySchema,
  responses: { 200: instrumentPageSchema },
  example: { params: { chainId: "8453" }, query: { assetCategory: "ETH", limit: "100" } },
  clearedBy: ({ params }) => instrumentRecordsOf([params.chainId]),
  answeredFromCache: true,
  handler: ({ params, query, caller, services, origin, cached }) =>
    cached(() =>
      listInstrumentsOfChain({ db: services.db, environment: caller.environment, chainId: params.chainId, query, origin, now: services.now() }),
    ),
});
