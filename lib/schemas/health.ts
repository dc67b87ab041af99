import { z } from "zod";
import { environments } from "@/lib/facts/chains";
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
        environment: z.enum(environments),
        instruments: z.number().int(),
        rpcConfigured: z.boolean().meta({ description: "the sync has an RPC for this chain (rpcSource says which)" }),
        rpcSource: z
          .enum(["configured", "devnet", "public"])
          .nullable()
          .meta({ description: "RPC_URL_<chainId>, a running local chain (npm run devnet), or the chain's public RPC; null: none" }),
        rpcUrl: z
          .string()
          .nullable()
          .meta({ description: "the public or local RPC read for this chain; null for a configured URL (it may hold a key) or none" }),
        lastSuccessAt: isoDateTime.nullable(),
        lastErrorAt: isoDateTime.nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof healthSchema>;
