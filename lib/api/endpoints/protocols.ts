import { defineEndpoint } from "@/lib/api/endpoint";
import { getProtocolOrThrow } from "@/lib/domain/protocols/get-protocol-or-throw";
import { latestVersionOf, listProtocolVersions } from "@/lib/domain/protocols/list-protocol-versions";
import { listProtocols } from "@/lib/domain/protocols/list-protocols";
import { listProtocolsQuerySchema, protocolByNameParamsSchema, protocolListSchema, protocolParamsSchema, protocolSchema } from "@/lib/schemas/protocols";

// GET /protocols – every protocol version of the caller's environment, optionally on one chain
export const listProtocolsEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols",
  operationId: "listProtocols",
  summary: "List protocol versions",
  tags: ["Protocols"],
  auth: "public",
  query: listProtocolsQuerySchema,
  responses: { 200: protocolListSchema },
  errors: ["FORBIDDEN"],
  handler: ({ query, caller, services, cached }) =>
    cached(() => listProtocols({ db: services.db, environment: caller.environment, chainId: query.chainId })),
});

// GET /protocols/{id} – one protocol version
export const getProtocolEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/{id}",
  operationId: "getProtocol",
  summary: "Get one protocol version",
  tags: ["Protocols"],
  auth: "public",
  params: protocolParamsSchema,
  responses: { 200: protocolSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ params, caller, services, cached }) => cached(() => getProtocolOrThrow({ db: services.db, environment: caller.environment, id: params.id })),
});

// GET /protocols/by-name/{name}/chain/{chainId} – all versions of a protocol on a chain
export const listProtocolVersionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/by-name/{name}/chain/{chainId}",
  operationId: "listProtocolVersions",
  summary: "All versions of a protocol on a chain",
  tags: ["Protocols"],
  auth: "public",
  params: protocolByNameParamsSchema,
  responses: { 200: protocolListSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ params, caller, services, cached }) => cached(() => listProtocolVersions({ db: services.db, environment: caller.environment, ...params })),
});

// GET /protocols/by-name/{name}/chain/{chainId}/latest – the latest non-deprecated version on a chain
export const getLatestProtocolVersionEndpoint = defineEndpoint({
  method: "GET",
  path: "/protocols/by-name/{name}/chain/{chainId}/latest",
  operationId: "getLatestProtocolVersion",
  summary: "The latest version of a protocol on a chain",
  description: "The highest version that is not deprecated; if every version is deprecated, the highest.",
  tags: ["Protocols"],
  auth: "public",
  params: protocolByNameParamsSchema,
  responses: { 200: protocolSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ params, caller, services, cached }) =>
    cached(async () => latestVersionOf(await listProtocolVersions({ db: services.db, environment: caller.environment, ...params }))),
});
