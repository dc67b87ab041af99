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
          .meta({ description: "where the chain's first RPC comes from: RPC_URL_<chainId>, a running local chain (npm run devnet), or the chain's public RPC; null: none (rpcs lists them all)" }),
        rpcUrl: z
          .string()
          .nullable()
          .meta({ description: "the chain's first RPC when it is a public or local one; null for a configured URL (it may hold a key) or none" }),
        rpcs: z
          .array(
            z.object({
              name: z.string().meta({ description: "the RPC's scheme and host only: a provider's path or query often holds its key" }),
              source: z.enum(["configured", "devnet", "public"]).meta({ description: "RPC_URL_<chainId>, a running local chain, or the chain's public RPC" }),
              rank: z.number().int().min(1).meta({ description: "the order the sync tries it in, 1 first: ranked by how it has been answering" }),
              lastError: z.string().nullable().meta({ description: "why its last failed request failed (a timeout, an HTTP status, a JSON-RPC error, a malformed answer…)" }),
              lastErrorAt: isoDateTime.nullable(),
            }),
          )
          .meta({
            description:
              "every RPC the chain is read through, in the order configured (RPC_URL_<chainId>'s list, then the public RPC), as the last sync left them; each request goes to them in rank order until one answers",
          }),
        lastSuccessAt: isoDateTime.nullable().meta({ description: "when a sync last published this chain's values; null: still sample data" }),
        lastBlock: z.number().int().nullable().meta({ description: "the block the chain was last read at (its published values are that block's)" }),
        lastBlockAt: isoDateTime.nullable().meta({ description: "that block's timestamp" }),
        failedSyncs: z.number().int().meta({ description: "syncs that failed as a whole (nothing published) since the last one that succeeded" }),
        lastErrorAt: isoDateTime.nullable(),
        lastError: z.string().nullable().meta({ description: "why the last failing sync failed, or what its last sync could not read" }),
        rejectedReadings: z
          .array(z.object({ instrumentId: z.string(), block: z.number().int(), reason: z.string() }))
          .meta({ description: "readings the last sync refused as impossible (an APY outside 0 to 1,000 %, a negative TVL…): never published, the instrument keeps its last values" }),
      }),
    ),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof healthSchema>;
