import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-request";
import type { Environment } from "@/lib/facts/chains";

/** What a deposit is typed in: the instrument's token, or US dollars. */
export type QuoteUnit = "token" | "usd";

/** A deposit as typed: its unit and the amount's text, which the API reads and judges (400 VALIDATION_ERROR). */
export interface QuoteInput {
  unit: QuoteUnit;
  amount: string;
}

/**
 * The amount as the API reads it: thousands separators, spaces and a leading "$" dropped, so that
 * "2,000,000" and "$ 2 000 000" are 2000000. Anything else is left for the API to judge.
 */
export const normalizeAmount = (text: string) => text.replace(/[\s,_]/g, "").replace(/^\$/, "");

// The key holds the normalized amount: "2,000,000" and "2000000" are one question.
export const instrumentQuoteKeys = {
  all: ["instrument-quote"] as const,
  of: (instrumentId: string, { unit, amount }: QuoteInput) =>
    [...instrumentQuoteKeys.all, instrumentId, unit, normalizeAmount(amount)] as const,
};

/**
 * GET /instruments/{instrumentId}/quote for a typed deposit. A test instrument's is read with the
 * dashboard session (the key leaves the environment out: an instrument id belongs to one chain).
 * The amount goes out as typed: the API says what is wrong with it (too many decimals, zero, too
 * large), so the page shows the API's own message instead of a second set of rules.
 */
export const instrumentQuoteQueryOptions = (
  instrumentId: string,
  input: QuoteInput,
  environment?: Environment,
) =>
  queryOptions({
    queryKey: instrumentQuoteKeys.of(instrumentId, input),
    queryFn: ({ signal }) => {
      const amount = normalizeAmount(input.amount);
      // amountUsd is a number in the document; sent as the typed text, so that the API, not the
      // browser's Number(), decides whether "1e6" or "0x10" is one.
      const query = input.unit === "token" ? { amount } : { amountUsd: amount as unknown as number };
      return apiRequest(
        (api) =>
          api.GET("/instruments/{instrumentId}/quote", {
            params: { path: { instrumentId }, query },
            signal,
          }),
        { environment },
      );
    },
    // A quote changes only when a sync reads the market again.
    staleTime: 60_000,
    // 400 and 422 are answers (shown at once); only a lost connection is worth another try.
    retry: (failures, error) => failures < 1 && "status" in error && error.status === 0,
  });
