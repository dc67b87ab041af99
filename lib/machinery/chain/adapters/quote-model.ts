/**
 * What a quote needs of one market, as the sync read it at its block (issue 28): each protocol's
 * rate-model parameters, totals and caps, stored with the instrument (instruments.quote_model) so
 * that a deposit's APY is worked out with no RPC call. Integers the contracts hold are decimal
 * strings (JSON has no bigint); every field is the contract's own value, in its own units.
 */
import { z } from "zod";

const uint = z.string().regex(/^\d{1,78}$/, "an unsigned integer in decimal");
const int = z.string().regex(/^-?\d{1,78}$/, "an integer in decimal");

/** ERC-4626 vaults: what the share price and the vault's own maxDeposit said at the block. */
const erc4626Fields = {
  /** convertToAssets(SHARE_PRICE_PROBE): assets per 10^30 shares. */
  assetsPerProbe: uint,
  /** maxDeposit(address(0)), or null when the vault did not answer. */
  maxDeposit: uint.nullable(),
};

/** Exit liquidity in underlying units (the instrument's utilization is 1 − available / supplied). */
const exitFields = { available: uint.nullable(), supplied: uint };

/**
 * Aave v3.7: DefaultReserveInterestRateStrategyV2's parameters of the reserve (basis points), the
 * reserve's virtual balance, deficit and variable debt, its flags, reserve factor and supply cap, and
 * what ValidationLogic.validateSupply checks the cap against (aToken scaled supply, accrued to treasury,
 * the normalized income at the block).
 */
export const aaveQuoteModelSchema = z.object({
  kind: z.literal("aave-v3"),
  decimals: z.number().int(),
  active: z.boolean(),
  frozen: z.boolean(),
  paused: z.boolean(),
  reserveFactorBps: z.number().int(),
  optimalUsageRatioBps: z.number().int(),
  baseVariableBorrowRateBps: z.number().int(),
  variableRateSlope1Bps: z.number().int(),
  variableRateSlope2Bps: z.number().int(),
  virtualUnderlyingBalance: uint,
  deficit: uint,
  /** VariableDebtToken.totalSupply at the block: scaled debt × the variable borrow index then. */
  totalVariableDebt: uint,
  /** Whole tokens; 0 is no cap. */
  supplyCap: uint,
  scaledATokenSupply: uint,
  accruedToTreasuryScaled: uint,
  /** Pool.getReserveNormalizedIncome at the block, ray. */
  normalizedIncome: uint,
  ...exitFields,
});

/** Compound v3: the Comet's supply-rate curve and its totals (present values at the block). */
export const compoundQuoteModelSchema = z.object({
  kind: z.literal("compound-v3"),
  supplyKink: uint,
  supplyRateBase: uint,
  supplyRateSlopeLow: uint,
  supplyRateSlopeHigh: uint,
  totalSupply: uint,
  totalBorrow: uint,
  supplyPaused: z.boolean(),
  ...exitFields,
});

/** One Morpho Blue market of a MetaMorpho vault's withdraw queue, as the vault and Morpho Blue hold it. */
export const morphoMarketModelSchema = z.object({
  id: z.string(),
  /** The vault's config(id).cap, assets. */
  cap: uint,
  /** The vault's supply shares there. */
  supplyShares: uint,
  totalSupplyAssets: uint,
  totalSupplyShares: uint,
  totalBorrowAssets: uint,
  totalBorrowShares: uint,
  lastUpdate: uint,
  fee: uint,
  /** The IRM's borrowRateView at the block (WAD per second), as recipe A read it; "0" without an IRM. */
  borrowRate: uint,
  /** AdaptiveCurveIrm.rateAtTarget(id) (WAD per second); null for a market without an IRM. */
  rateAtTarget: int.nullable(),
});

/** MetaMorpho v1.0 and v1.1: the vault's fee, totalAssets, supply queue and every market of its withdraw queue. */
export const metaMorphoQuoteModelSchema = z.object({
  kind: z.literal("metamorpho"),
  fee: uint,
  totalAssets: uint,
  /** Market ids in supply-queue order. */
  supplyQueue: z.array(z.string()),
  markets: z.array(morphoMarketModelSchema),
  ...erc4626Fields,
  ...exitFields,
});

/**
 * Fluid: the Liquidity layer's data of the token the fToken lends (LiquidityResolver.getOverallTokenData
 * and the raw exchangePricesAndConfig slot, whose stored exchange prices and ratios decide whether a
 * deposit writes a new rate), and the token's rate curve.
 */
export const fluidQuoteModelSchema = z.object({
  kind: z.literal("fluid"),
  exchangePricesAndConfig: uint,
  supplyRawInterest: uint,
  supplyInterestFree: uint,
  borrowRawInterest: uint,
  borrowInterestFree: uint,
  /** The exchange prices at the block (calcExchangePrices), 1e12. */
  supplyExchangePrice: uint,
  borrowExchangePrice: uint,
  rateVersion: z.number().int(),
  /** All in 1e2 (10,000 = 100 %); kink2 and rateAtKink2 only in version 2. */
  kink1: z.number().int(),
  kink2: z.number().int(),
  rateAtZero: z.number().int(),
  rateAtKink1: z.number().int(),
  rateAtKink2: z.number().int(),
  rateAtMax: z.number().int(),
  ...erc4626Fields,
  ...exitFields,
});

/** A Vault V2: its adapters' rates are not modelled; only its share price and exit liquidity. */
export const vaultV2QuoteModelSchema = z.object({
  kind: z.literal("vault-v2"),
  ...erc4626Fields,
  ...exitFields,
});

export const quoteModelSchema = z.discriminatedUnion("kind", [
  aaveQuoteModelSchema,
  compoundQuoteModelSchema,
  metaMorphoQuoteModelSchema,
  fluidQuoteModelSchema,
  vaultV2QuoteModelSchema,
]);
export type QuoteModel = z.infer<typeof quoteModelSchema>;
export type AaveQuoteModel = z.infer<typeof aaveQuoteModelSchema>;
export type CompoundQuoteModel = z.infer<typeof compoundQuoteModelSchema>;
export type MetaMorphoQuoteModel = z.infer<typeof metaMorphoQuoteModelSchema>;
export type MorphoMarketModel = z.infer<typeof morphoMarketModelSchema>;
export type FluidQuoteModel = z.infer<typeof fluidQuoteModelSchema>;
export type VaultV2QuoteModel = z.infer<typeof vaultV2QuoteModelSchema>;

/** Exit liquidity as the model's fields. */
export const exitOf = (liquidity: { available: bigint; supplied: bigint } | undefined, supplied: bigint) => ({
  available: liquidity ? String(liquidity.available) : null,
  supplied: String(liquidity?.supplied ?? supplied),
});
