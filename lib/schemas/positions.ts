import { z } from "zod";
import { hexAddress, protocolNameSchema, supportedChainId } from "./common";
import { addressSchema } from "./address";

export const positionsRequestSchema = z
  .strictObject({
    address: addressSchema,
    chainId: supportedChainId.optional().meta({ description: "default 1 for live callers, 11155111 for test keys; not with chainIds" }),
    chainIds: z
      .union([
        z.literal("all"),
        z
          .array(supportedChainId)
          .min(1, "must list at least one chain")
          .refine((ids) => new Set(ids).size === ids.length, { message: "must not repeat a chain" }),
      ])
      .optional()
      .meta({
        description:
          'instead of chainId: several chains, or "all" for every chain of the caller\'s environment; answered per chain with totals (PositionsByChainResponse), each chain read in parallel in one round trip, a chain that cannot be read marked unavailable',
      }),
  })
  .refine((r) => r.chainId === undefined || r.chainIds === undefined, { message: "send chainId or chainIds, not both", path: ["chainIds"] })
  .meta({ id: "PositionsRequest" });
export type PositionsRequest = z.infer<typeof positionsRequestSchema>;

export const positionSchema = z
  .object({
    instrumentId: z.string(),
    protocol: protocolNameSchema,
    symbol: z.string(),
    yieldTokenSymbol: z.string().optional(),
    balance: z.string().meta({ description: "balance in the underlying token, formatted with its decimals" }),
    balanceRaw: z.string().meta({ description: "balance in smallest units" }),
    decimals: z.number().int(),
    currentApy: z.number().optional(),
    tvl: z.number().optional(),
    yieldTokenAddress: hexAddress,
    tokenAddress: hexAddress,
    // Additive to the interface's Position: optional in the document, always sent.
    priceUsd: z.number().nullable().optional().meta({
      description:
        "USD price of one whole underlying token at the instrument's last sync (the price its TVL was valued at); null while no sync has read the instrument",
    }),
    valueUsd: z
      .number()
      .nullable()
      .optional()
      .meta({ description: "balance × priceUsd, in US dollars; null when priceUsd is null" }),
    withdrawableNow: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "what of the balance could be withdrawn right now, in the underlying token, formatted like balance: the lesser of the balance and the market's exit liquidity, read in the same eth_call and at the same block as the balance. Less than balance when the market is too borrowed to pay it all out; null when the market's liquidity could not be read. Always sent",
      }),
    withdrawableNowRaw: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "withdrawableNow in smallest units; null with it. Always sent" }),
    withdrawableNowUsd: z
      .number()
      .nullable()
      .optional()
      .meta({ description: "withdrawableNow × priceUsd, in US dollars; null when either is null. Always sent" }),
  })
  .meta({ id: "Position" });

export const positionsResponseSchema = z
  .object({
    address: hexAddress,
    chainId: z.number().int(),
    blockNumber: z
      .number()
      .int()
      .optional()
      .meta({ description: "the block every balance of this chain was read at (eth_call at it gives them again); always sent" }),
    usdcBalance: z.string(),
    usdcBalanceRaw: z.string(),
    positions: z.array(positionSchema),
    totalValueUsd: z.number().nullable().optional().meta({
      description:
        "sum of the positions' valueUsd (the wallet's plain USDC balance is not a position); 0 without positions, null when any position has no price",
    }),
  })
  .meta({ id: "PositionsResponse" });
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

/** One chain of a multi-chain answer: its positions, or why it could not be read. */
export const chainPositionsSchema = z
  .discriminatedUnion("status", [
    positionsResponseSchema.omit({ address: true }).extend({ status: z.literal("ok") }),
    z.object({
      chainId: z.number().int(),
      status: z.literal("unavailable"),
      error: z.object({
        code: z.literal("UPSTREAM_UNAVAILABLE"),
        message: z.string(),
        instrumentIds: z.array(z.string()).optional().meta({ description: "the markets that could not be read, when the chain answered" }),
      }),
    }),
  ])
  .meta({ id: "ChainPositions" });
export type ChainPositions = z.infer<typeof chainPositionsSchema>;

export const positionsByChainResponseSchema = z
  .object({
    address: hexAddress,
    chains: z.array(chainPositionsSchema).meta({ description: "one entry per chain asked, in the order asked (for \"all\": the environment's chains)" }),
    totals: z.object({
      valueUsd: z.number().nullable().meta({ description: "sum of the readable chains' positions' valueUsd; null when any of them has no price" }),
      usdcBalance: z.string().meta({ description: "the wallet's plain USDC on the readable chains, added up (6 decimals on every chain)" }),
      usdcBalanceRaw: z.string(),
      positions: z.int().min(0).meta({ description: "number of positions on the readable chains" }),
      complete: z.boolean().meta({ description: "false when a chain could not be read: the totals leave it out" }),
      unavailableChainIds: z.array(z.number().int()),
    }),
  })
  .meta({ id: "PositionsByChainResponse" });
export type PositionsByChainResponse = z.infer<typeof positionsByChainResponseSchema>;
