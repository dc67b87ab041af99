import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { chainsInScope, protocolsOf } from "@/lib/machinery/cache/cache-sources";
import { listProtocolsQuerySchema, protocolListSchema } from "@/lib/schemas/protocols";

// GET /protocols – every protocol version of the caller's environment, optionally on one chain
export const listProtocolsEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols",
  operationId: "listProtocols",
  summary: "List protocol versions",
  description: "Every protocol version deployed on a chain of the caller's environment; chainId narrows it to one chain (another environment's chain is 403).",
  tag: "Protocols",
  auth: "public",
  query: listProtocolsQuerySchema,
  responses: { 200: protocolListSchema },
  errors: ["FORBIDDEN"],
  example: { query: { chainId: "1" } },
  clearedBy: ({ query, caller }) => protocolsOf(chainsInScope(caller.environment, query.chainId)),
  answeredFromCache: true,
  handler: ({ query, caller, services, cached }) =>
    cached(() => listProtocols({ db: services.db, environment: caller.environment, chainId: query.chainId })),
});
