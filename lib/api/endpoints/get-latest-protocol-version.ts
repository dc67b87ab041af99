import "server-only";
import { defineEndpoint, environmentScopedRead } from "@/lib/api/http/endpoint";
import { latestVersionOf, listProtocolVersions } from "@/lib/domain/protocols/list-protocol-versions";
import { protocolsOf } from "@/lib/machinery/cache/cache-sources";
import { protocolByNameParamsSchema, protocolSchema } from "@/lib/schemas/protocols";

// GET /protocols/by-name/{name}/chain/{chainId}/latest – the latest non-deprecated version on a chain
export const getLatestProtocolVersionEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/by-name/{name}/chain/{chainId}/latest",
  operationId: "getLatestProtocolVersion",
  summary: "The latest version of a protocol on a chain",
  description: "The highest version that is not deprecated; if every version is deprecated, the highest.",
  tag: "Protocols",
  ...environmentScopedRead,
  params: protocolByNameParamsSchema,
  responses: { 200: protocolSchema },
  example: { params: { name: "morpho", chainId: "8453" } },
  clearedBy: ({ params }) => protocolsOf([params.chainId]),
  handler: ({ params, caller, services, cached }) =>
    cached(async () => latestVersionOf(await listProtocolVersions({ db: services.db, environment: caller.environment, ...params }))),
});
