import { z } from "zod";
import { hex32, isoDateTime } from "./common";

// What a deposit would earn (issue 28): the query of GET /instruments/{instrumentId}/quote, its answer,
// and the quote a list row carries with depositAmountUsd. No server imports: the client bundles this file too.

/** The largest deposit quoted, in US dollars: more is no deposit anyone makes. */
export const MAX_QUOTE_USD = 1e12;
/** The largest deposit quoted in whole tokens, whatever the token's price. */
export const MAX_QUOTE_TOKENS = 1e15;

// Kept as text here and checked by the domain, which knows the token's decimals and price: what is
// wrong is a 400 BAD_REQUEST naming the parameter, as every other malformed value (docs/api.md).
export const quoteQuerySchema = z.strictObject({
  amount: z
    .string()
    .max(100)
    .optional()
    .meta({
      description: `the deposit in the underlying token, a decimal string with at most the token's decimals (\`2000000\`, \`1.5\`); not together with amountUsd; at most ${MAX_QUOTE_TOKENS.toExponential()} tokens and $${MAX_QUOTE_USD.toExponential()}`,
      example: "2000000",
    }),
  amountUsd: z
    .string()
    .max(100)
    .optional()
    .meta({
      description: `the deposit in US dollars, a number above 0 and at most ${MAX_QUOTE_USD.toExponential()}, turned into the token at the instrument's price from the last sync; not together with amount`,
      override: { type: "number", exclusiveMinimum: 0, maximum: MAX_QUOTE_USD },
    }),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

export const quoteAllocationSchema = z
  .object({
    marketId: hex32.meta({ description: "the Morpho Blue market id" }),
    assets: z
      .string()
      .meta({ description: "what the vault would supply there, in the underlying token (decimal string)" }),
    assetsRaw: z.string().meta({ description: "the same in the token's smallest units" }),
  })
  .meta({ id: "QuoteAllocation" });

export const instrumentQuoteSchema = z
  .object({
    instrumentId: hex32,
    tokenSymbol: z.string(),
    amount: z.string().nullable().meta({
      description:
        "the deposit in the underlying token (decimal string); null when amountUsd was given and the token has no price yet (sample data)",
    }),
    amountRaw: z.string().nullable().meta({ description: "the same in the token's smallest units" }),
    amountUsd: z.number().nullable().meta({
      description: "the deposit in US dollars at the instrument's price from the last sync; null without one",
    }),
    apyBefore: z.number().meta({ description: "the instrument's currentApy, percent" }),
    apyAfter: z.number().nullable().meta({
      description:
        "the base APY (percent) right after depositing the amount at asOfBlock, by the conventions of currentApy, from the market's own rate model as the sync read it (docs/data.md, Quotes); null on sample data or when the last sync could not read the model",
    }),
    apyRewardAfter: z.number().nullable().meta({
      description:
        "the rewards' APR (percent) after the deposit: each stream of rewards diluted by the larger supply",
    }),
    apyTotalAfter: z.number().nullable().meta({ description: "apyAfter + apyRewardAfter" }),
    utilizationAfter: z.number().nullable().meta({
      description:
        "the instrument's utilization (1 − available / supplied) after the deposit; null when unknown",
    }),
    maxDeposit: z.string().nullable().meta({
      description:
        "what the protocol would accept now, in the token (decimal string); null where nothing limits a deposit (or, for a Vault V2, where it is not known)",
    }),
    maxDepositRaw: z.string().nullable().meta({ description: "the same in the token's smallest units" }),
    sharesOut: z.string().nullable().meta({
      description:
        "the yield-token units the deposit would mint (ERC-4626 shares) or credit (aToken or Comet balance), smallest units",
    }),
    allocation: z.array(quoteAllocationSchema).nullable().meta({
      description:
        "MetaMorpho vaults: the markets the deposit would go to, in supply-queue order, as the vault's caps split it; null for other instruments",
    }),
    rateModel: z.enum(["exact", "not-modelled", "unavailable"]).meta({
      description:
        "exact: apyAfter from the protocol's own rate model; not-modelled: a Vault V2, whose adapters' rates are not worked out, so apyAfter is its current APY; unavailable: sample data, or the last sync could not read the model (apyAfter null)",
    }),
    sampleData: z.boolean().meta({
      description:
        "true while the instrument's chain shows sample data (no sync has read it): the quote's figures are then null",
    }),
    asOfBlock: z.number().int().nullable().meta({
      description: "the block the model was read at (the instrument's asOfBlock); null on sample data",
    }),
    asOfTime: isoDateTime.nullable(),
  })
  .meta({ id: "InstrumentQuote" });
export type InstrumentQuote = z.infer<typeof instrumentQuoteSchema>;

export const listQuoteSchema = z
  .object({
    apyAfter: z.number().nullable().meta({
      description:
        "the base APY after depositing depositAmountUsd (percent); null when unknown: sample data, no model read yet, or a rate model not worked out (a Vault V2's; its quote says rateModel not-modelled). Unknown rows rank last by apyTotalAfter",
    }),
    apyTotalAfter: z
      .number()
      .nullable()
      .meta({ description: "apyAfter plus the rewards diluted by the deposit" }),
    fits: z
      .boolean()
      .nullable()
      .meta({ description: "whether the market would take that much now; null when unknown" }),
  })
  .meta({ id: "ListQuote" });
export type ListQuote = z.infer<typeof listQuoteSchema>;
