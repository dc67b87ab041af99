import { defineEndpoint } from "@/lib/api/endpoint";
import { getChain } from "@/lib/facts/chains";
import { assertChainVisible } from "@/lib/domain/environments";
import { notFound } from "@/lib/api/http/errors";
import { getInstrumentHistories, getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { getInstrumentOrThrow } from "@/lib/domain/instruments/get-instrument-or-throw";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import {
  historyBatchQuerySchema,
  historyBatchSchema,
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
    "limit 1–100 (default 10); offset ≥ 0 or page ≥ 1 (not both); sort=field:dir[,field:dir] or sortBy/sortOrder (not both). " +
    "Sorting by apy7d, apy30d or apyChange7d puts instruments whose value is null last in either direction.",
  tags: ["Instruments"],
  auth: "public",
  query: listInstrumentsQuerySchema,
  responses: { 200: instrumentPageSchema },
  errors: ["FORBIDDEN"],
  handler: async ({ query, caller, services, origin, cached }) => {
    // The stored 7- and 30-day figures are exact for today's UTC window (recomputed at a day's first read).
    await services.yieldWindows.ensure(services.now());
    return cached(() => listInstruments({ db: services.db, environment: caller.environment, query, origin }));
  },
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
    await services.yieldWindows.ensure(services.now());
    return cached(() => listInstruments({ db: services.db, environment: caller.environment, query: { ...query, chainId: [chainId] }, origin }));
  },
});

// GET /instruments/history?instrumentIds=… – several instruments' snapshots in one request (the explorer's sparklines)
export const getInstrumentHistoriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/history",
  operationId: "getInstrumentHistories",
  summary: "APY and TVL history of several instruments",
  description:
    "One series per instrumentIds entry, in that order, each as /instruments/{instrumentId}/history answers it: " +
    "oldest first, interval day (default; last 365 days) or hour (last 7 days), at most 366 days per request. " +
    "An unknown id is a 404, one of the other environment a 403.",
  tags: ["Instruments"],
  auth: "public",
  query: historyBatchQuerySchema,
  responses: { 200: historyBatchSchema },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  handler: ({ query, caller, services }) =>
    getInstrumentHistories({ db: services.db, environment: caller.environment, ...query, now: services.now() }),
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
  handler: async ({ params, caller, services, origin, cached }) => {
    await services.yieldWindows.ensure(services.now());
    return cached(() => getInstrumentOrThrow({ db: services.db, environment: caller.environment, instrumentId: params.instrumentId, origin }));
  },
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
