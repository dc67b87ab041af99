import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-fetch";
import { instrumentQuoteKeys, normalizeAmount } from "@/lib/client/queries/instrument-quote";
import { quoteFieldError, quoteSummary, type QuotedInstrument } from "./deposit-quote-result";

// What the instrument page's quote says in words: under the field, and to a screen reader.

const usdc: QuotedInstrument = {
  instrumentId: "0x01",
  chainId: 31337,
  tokenSymbol: "USDC",
  utilization: 0.85,
};
const apiError = (
  status: number,
  code: ConstructorParameters<typeof ApiClientError>[1],
  details: Record<string, unknown> = {},
) => new ApiClientError(status, code, "message of the envelope", "req_1", details);
const quote = {
  instrumentId: "0x01",
  tokenSymbol: "USDC",
  amount: "2000000",
  amountRaw: "2000000000000",
  amountUsd: 2_000_000,
  apyBefore: 5.27,
  apyAfter: 5.19,
  apyRewardAfter: 0.79,
  apyTotalAfter: 5.98,
  utilizationAfter: 0.8433,
  maxDeposit: "277062348.680296",
  maxDepositRaw: "277062348680296",
  sharesOut: "1",
  allocation: null,
  rateModel: "exact" as const,
  sampleData: false,
  asOfBlock: 574,
  asOfTime: "2026-11-28T22:10:00.000Z",
};

describe("the amount as the API is asked for it", () => {
  it("drops thousands separators, spaces and a leading $, and leaves the rest to the API", () => {
    expect(normalizeAmount("2,000,000")).toBe("2000000");
    expect(normalizeAmount(" $ 2 000 000.5 ")).toBe("2000000.5");
    expect(normalizeAmount("1e6")).toBe("1e6");
    expect(normalizeAmount("abc")).toBe("abc");
  });

  it("one question, one key: the same amount written two ways", () => {
    expect(instrumentQuoteKeys.of("0x01", { unit: "token", amount: "2,000,000" })).toEqual(
      instrumentQuoteKeys.of("0x01", { unit: "token", amount: "2000000" }),
    );
    expect(instrumentQuoteKeys.of("0x01", { unit: "usd", amount: "1" })).not.toEqual(
      instrumentQuoteKeys.of("0x01", { unit: "token", amount: "1" }),
    );
  });
});

describe("the field's message", () => {
  it("is the API's reason for a malformed amount, as a sentence about the amount", () => {
    const issues = [{ path: "amount", message: "has 7 decimals; the token has 6" }];
    expect(quoteFieldError(apiError(400, "BAD_REQUEST", { issues }))).toBe(
      "The amount has 7 decimals; the token has 6.",
    );
    expect(quoteFieldError(apiError(400, "BAD_REQUEST"))).toBe("message of the envelope");
  });

  it("is none for a refusal of the market or a failure", () => {
    expect(quoteFieldError(apiError(422, "DEPOSIT_EXCEEDS_CAPACITY", { maxDeposit: "1" }))).toBeNull();
    expect(quoteFieldError(apiError(0, "NETWORK_ERROR"))).toBeNull();
    expect(quoteFieldError(null)).toBeNull();
  });
});

describe("what a screen reader is told", () => {
  it("the figures of a quote", () => {
    expect(quoteSummary(usdc, quote, null)).toBe(
      "For 2,000,000 USDC: APY after 5.19%, total APY after 5.98% with rewards, utilization after 84.33%. It fits.",
    );
  });

  it("the maximum over a cap, the refusal of a paused market, sample data, no model", () => {
    expect(
      quoteSummary(
        usdc,
        undefined,
        apiError(422, "DEPOSIT_EXCEEDS_CAPACITY", { maxDeposit: "277062348.680296" }),
      ),
    ).toBe("Does not fit: this market takes at most 277,062,348.680296 USDC now.");
    expect(quoteSummary(usdc, undefined, apiError(422, "INSTRUMENT_NOT_ACCEPTING_DEPOSITS"))).toBe(
      "This market is not accepting deposits now.",
    );
    expect(quoteSummary(usdc, { ...quote, sampleData: true, apyAfter: null }, null)).toBe(
      "No quote: this chain shows sample data.",
    );
    expect(quoteSummary(usdc, { ...quote, apyAfter: null }, null)).toMatch(
      /^No quote: the market's rate model could not be read/,
    );
    expect(quoteSummary(usdc, undefined, apiError(500, "INTERNAL_ERROR"))).toBe(
      "The quote could not be loaded.",
    );
  });
});
