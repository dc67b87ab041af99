import "server-only";
import { defineEndpoint, environmentScopedRead } from "@/lib/api/http/endpoint";
import { listProtocolVersions } from "@/lib/domain/protocols/list-protocol-versions";
import { protocolsOf } from "@/lib/machinery/cache/cache-sources";
import { protocolByNameParamsSchema, protocolListSchema } from "@/lib/schemas/protocols";

// GET /protocols/by-name/{name}/chain/{chainId} – all versions of a protocol on a chain
export const listProtocolVersionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/by-name/{name}/chain/{chainId}",
  operationId: "listProtocolVersions",
  summary: "All versions of a protocol on a chain",
  description: "Oldest version first, deprecated ones included. A name nobody supports, or a chain where the protocol has no deployment, is 404.",
  tag: "Protocols",
  ...environmentScopedRead,
  params: protocolByNameParamsSchema,
  responses: { 200: protocolListSchema },
  example: { params: { name: "aave", chainId: "1" } },
  clearedBy: ({ params }) => protocolsOf([params.chainId]),
  answeredFromCache: true,
  handler: ({ params, caller, services, cached }) =>
    cached(() => listProtocolVersions({ db: services.db, environment: caller.environment, ...params })),
});
