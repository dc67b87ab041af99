import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { chainsInScope, instrumentRecordsOf } from "@/lib/machinery/cache/cache-sources";
import { instrumentPageSchema, listInstrumentsQuerySchema } from "@/lib/schemas/instruments";

// GET /instruments – filter, sort and page through the caller's environment's instruments
export const listInstrumentsEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments",
  operationId: "listInstruments",
  summary: "List instruments",
  description:
    "Filter, sort and paginate. Default order: tvl descending; every order ends with instrumentId ascending, so pages never overlap or skip. " +
    "limit 1–100 (default 10); offset ≥ 0 or page ≥ 1 (not both); sort=field:dir[,field:dir] or sortBy/sortOrder (not both). " +
    "Sorting by apy7d, apy30d or apyChange7d puts instruments whose value is null last in either direction. " +
    "Without isActive, Morpho vaults that discovery delisted are left out.",
  tag: "Instruments",
  auth: "public",
  query: listInstrumentsQuerySchema,
  responses: { 200: instrumentPageSchema },
  errors: ["FORBIDDEN"],
  example: { query: { chainId: "1,8453", isStablecoin: "true", minTvl: "1000000", sort: "apy:desc", limit: "20" } },
  clearedBy: ({ query, caller }) => instrumentRecordsOf(chainsInScope(caller.environment, query.chainId)),
  answeredFromCache: true,
  handler: ({ query, caller, services, origin, cached }) =>
    cached(() => listInstruments({ db: services.db, environment: caller.environment, query, origin, now: services.now() })),
});
