import { z } from "zod";
import { hexAddress, protocolNameSchema, supportedChainId } from "./common";
import { addressSchema } from "./address";

export const positionsRequestSchema = z
  .strictObject({
    address: addressSchema,
    chainId: supportedChainId.optional().meta({ description: "default 1 for live callers, 11155111 for test keys" }),
  })
  .meta({ id: "PositionsRequest" });

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
    // Additive to the interface's Position (decisions D9): optional in the document, always sent.
    priceUsd: z.number().nullable().optional().meta({
      description:
        "USD price of one whole underlying token at the instrument's last sync (the price its TVL was valued at); null while no sync has read the instrument",
    }),
    valueUsd: z
      .number()
      .nullable()
      .optional()
      .meta({ description: "balance × priceUsd, in US dollars; null when priceUsd is null" }),
  })
  .meta({ id: "Position" });

export const positionsResponseSchema = z
  .object({
    address: hexAddress,
    chainId: z.number().int(),
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
