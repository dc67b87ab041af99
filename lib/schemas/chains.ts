import { z } from "zod";
import { isoDateTime } from "./common";

/** One chain of the caller's environment: what Yieldgrid lists on it, and how fresh its figures are. */
export const chainSummarySchema = z
  .object({
    chainId: z.number().int(),
    name: z.string().meta({ example: "Base" }),
    instruments: z
      .number()
      .int()
      .min(0)
      .meta({ description: "the instruments GET /instruments lists on the chain (its pagination.total)" }),
    lastSyncedAt: isoDateTime
      .nullable()
      .meta({
        description: "when a sync last published the chain's figures; null: they are still sample data",
      }),
  })
  .meta({ id: "ChainSummary" });
export type ChainSummary = z.infer<typeof chainSummarySchema>;

export const chainListSchema = z.object({ data: z.array(chainSummarySchema) }).meta({ id: "ChainList" });
