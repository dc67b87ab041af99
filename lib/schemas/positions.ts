import { z } from "zod";
import { hexAddress, supportedChainId } from "./common";
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
    protocol: z.string(),
    symbol: z.string(),
    yieldTokenSymbol: z.string().optional(),
    balance: z.string().meta({ description: "balance in the underlying token, formatted with its decimals" }),
    balanceRaw: z.string().meta({ description: "balance in smallest units" }),
    decimals: z.number().int(),
    currentApy: z.number().optional(),
    tvl: z.number().optional(),
    yieldTokenAddress: hexAddress,
    tokenAddress: hexAddress,
  })
  .meta({ id: "Position" });

export const positionsResponseSchema = z
  .object({
    address: hexAddress,
    chainId: z.number().int(),
    usdcBalance: z.string(),
    usdcBalanceRaw: z.string(),
    positions: z.array(positionSchema),
  })
  .meta({ id: "PositionsResponse" });
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;
