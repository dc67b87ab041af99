import "server-only";
import { defineEndpoint, environmentScopedRead, exampleIds } from "@/lib/api/http/endpoint";
import { getInstrumentQuote } from "@/lib/domain/instruments/quote-instrument";
import { chainsInScope, instrumentRecordsOf } from "@/lib/machinery/cache/cache-sources";
import { instrumentParamsSchema } from "@/lib/schemas/instruments";
import { instrumentQuoteSchema, quoteQuerySchema } from "@/lib/schemas/quotes";

// GET /instruments/{instrumentId}/quote – what a deposit would earn, and how much fits
export const getInstrumentQuoteEndpoint = defineEndpoint({
  method: "GET",
  path: "/instruments/{instrumentId}/quote",
  operationId: "getInstrumentQuote",
  summary: "Quote a deposit: the APY after it, and how much fits",
  description:
    "Exactly one of amount (in the token) or amountUsd. The APY right after depositing that amount at the instrument's asOfBlock, " +
    "from the market's own rate model as the last sync read it (no RPC call): Aave's interest rate strategy with the liquidity added, " +
    "Compound's getSupplyRate at the new utilization, a MetaMorpho vault's supply-queue walk and each market's IRM, Fluid's Liquidity layer. " +
    "The rewards are diluted by the larger supply. 422 DEPOSIT_EXCEEDS_CAPACITY above maxDeposit, 422 INSTRUMENT_NOT_ACCEPTING_DEPOSITS " +
    "when the market takes none; on sample data the figures are null and sampleData is true.",
  tag: "Instruments",
  ...environmentScopedRead,
  errors: [...environmentScopedRead.errors, "DEPOSIT_EXCEEDS_CAPACITY", "INSTRUMENT_NOT_ACCEPTING_DEPOSITS"],
  params: instrumentParamsSchema,
  query: quoteQuerySchema,
  responses: { 200: instrumentQuoteSchema },
  example: { params: { instrumentId: exampleIds.instrumentId }, query: { amountUsd: "2000000" } },
  clearedBy: ({ caller }) => instrumentRecordsOf(chainsInScope(caller.environment)),
  answeredFromCache: true,
  handler: ({ params, query, caller, services, cached }) =>
    cached(() =>
      getInstrumentQuote({
        db: services.db,
        environment: caller.environment,
        instrumentId: params.instrumentId,
        query,
      }),
    ),
});
