import { defineEndpoint } from "@/lib/api/endpoint";
import { getChain } from "@/lib/chains";
import { assertChainVisible } from "@/lib/environments";
import { notFound } from "@/lib/http/errors";
import { getInstrumentHistory } from "@/lib/instruments/get-instrument-history";
import { getInstrumentOrThrow } from "@/lib/instruments/get-instrument-or-throw";
import { listInstruments } from "@/lib/instruments/list-instruments";
import {
  historyQuerySchema,
  historySchema,
  instrumentPageSchema,
  instrumentParamsSchema,
  instrumentsByChainParamsSchema,
  instrumentSchema,
  listInstrumentsByChainQuerySchema,
  listInstrumentsQuerySchema,
} from "@/lib/schemas/instruments";

// GET /instruments – filter, sort and page through the caller's environment's instruments
export const listInstrumentsEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments",
  operationId: "listInstruments",
  summary: "List instruments",
  description:
    "Filter, sort and paginate. Default order: tvl descending; every order ends with instrumentId ascending. " +
    "limit 1–100 (default 10); offset ≥ 0 or page ≥ 1 (not both); sort=field:dir[,field:dir] or sortBy/sortOrder (not both).",
  tags: ["Instruments"],
  auth: "public",
  query: listInstrumentsQuerySchema,
  responses: { 200: instrumentPageSchema },
  errors: ["FORBIDDEN"],
  handler: ({ query, caller, services, origin, cached }) =>
    cached(() => listInstruments({ db: services.db, environment: caller.environment, query, origin })),
});

// GET /instruments/by-chain/{chainId} – the instrument list of one chain
export const listInstrumentsByChainEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/by-chain/{chainId}",
  operationId: "listInstrumentsByChain",
  summary: "List the instruments of one chain",
  tags: ["Instruments"],
  auth: "public",
  params: instrumentsByChainParamsSchema,
  query: listInstrumentsByChainQuerySchema,
  responses: { 200: instrumentPageSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: async ({ params: { chainId }, query, caller, services, origin, cached }) => {
    if (!getChain(chainId)) throw notFound(`Chain ${chainId} is not supported`);
    assertChainVisible(chainId, caller.environment);
    return cached(() => listInstruments({ db: services.db, environment: caller.environment, query: { ...query, chainId: [chainId] }, origin }));
  },
});

// GET /instruments/{instrumentId} – one instrument
export const getInstrumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/{instrumentId}",
  operationId: "getInstrument",
  summary: "Get one instrument",
  tags: ["Instruments"],
  auth: "public",
  params: instrumentParamsSchema,
  responses: { 200: instrumentSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ params, caller, services, origin, cached }) =>
    cached(() => getInstrumentOrThrow({ db: services.db, environment: caller.environment, instrumentId: params.instrumentId, origin })),
});

// GET /instruments/{instrumentId}/history – APY and TVL snapshots, oldest first
export const getInstrumentHistoryEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/{instrumentId}/history",
  operationId: "getInstrumentHistory",
  summary: "APY and TVL history of an instrument",
  description: "Oldest first. interval day (default; last 365 days) or hour (last 7 days); at most 366 days per request.",
  tags: ["Instruments"],
  auth: "public",
  params: instrumentParamsSchema,
  query: historyQuerySchema,
  responses: { 200: historySchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ params, query, caller, services }) =>
    getInstrumentHistory({ db: services.db, environment: caller.environment, instrumentId: params.instrumentId, ...query, now: services.now() }),
});
