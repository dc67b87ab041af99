import { z } from "zod";
import { isoDateTime } from "./common";

export const healthSchema = z
  .object({
    status: z.literal("ok"),
    mode: z.enum(["demo", "live"]).meta({ description: "demo until a real chain sync has written data" }),
    database: z.enum(["pglite", "postgres"]),
    time: isoDateTime,
    chains: z.array(
      z.object({
        chainId: z.number().int(),
        name: z.string(),
        environment: z.enum(["live", "test"]),
        instruments: z.number().int(),
        rpcConfigured: z.boolean(),
        lastSuccessAt: isoDateTime.nullable(),
        lastErrorAt: isoDateTime.nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof healthSchema>;
