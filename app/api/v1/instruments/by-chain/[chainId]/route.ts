import { z } from "zod";
import { getChain } from "@/lib/chains";
import { assertChainVisible } from "@/lib/environments";
import { notFound } from "@/lib/http/errors";
import { listInstruments } from "@/lib/instruments/list-instruments";
import { defineRoute } from "@/lib/http/with-api";
import { chainIdParam } from "@/lib/schemas/common";
import { listInstrumentsByChainQuerySchema } from "@/lib/schemas/instruments";

// GET /instruments/by-chain/:chainId – the instrument list of one chain
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/instruments/by-chain/:chainId", {
  GET: {
    auth: "public",
    parsesQuery: true,
    handler: async ({ params, query, caller, services, origin, cached }) => {
      const { chainId } = z.strictObject({ chainId: chainIdParam }).parse(params);
      if (!getChain(chainId)) throw notFound(`Chain ${chainId} is not supported`);
      assertChainVisible(chainId, caller.environment);
      const parsed = { ...listInstrumentsByChainQuerySchema.parse(query), chainId: [chainId] };
      await services.yieldWindows.ensure(services.now());
      return cached(() => listInstruments({ db: services.db, environment: caller.environment, query: parsed, origin }));
    },
  },
});
