import "server-only";
import { defineEndpoint, environmentScopedRead, exampleIds } from "@/lib/api/http/endpoint";
import { getProtocolOrThrow } from "@/lib/domain/protocols/get-protocol-or-throw";
import { chainsInScope, protocolsOf } from "@/lib/machinery/cache/cache-sources";
import { protocolParamsSchema, protocolSchema } from "@/lib/schemas/protocols";

// GET /protocols/{id} – one protocol version
export const getProtocolEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/{id}",
  operationId: "getProtocol",
  summary: "Get one protocol version",
  tag: "Protocols",
  ...environmentScopedRead,
  params: protocolParamsSchema,
  responses: { 200: protocolSchema },
  example: { params: { id: exampleIds.protocolId } },
  // Its id does not say its chain: any protocol record of the environment.
  clearedBy: ({ caller }) => protocolsOf(chainsInScope(caller.environment)),
  answeredFromCache: true,
  handler: ({ params, caller, services, cached }) =>
    cached(() => getProtocolOrThrow({ db: services.db, environment: caller.environment, id: params.id })),
});
