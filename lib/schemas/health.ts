import { z } from "zod";
import { environments } from "@/lib/facts/chains";
import { isoDateTime } from "./common";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const historyBackfillSchema = z
  .object({
    oldestDay: isoDay.nullable().meta({ description: "the oldest UTC day with backfilled points (YYYY-MM-DD); null: none yet" }),
    newestDay: isoDay.nullable().meta({ description: "the newest UTC day with backfilled points; null: none yet" }),
    missingDays: z.number().int().min(0).meta({ description: "day buckets of the last 365 closed UTC days not read yet" }),
    missingHours: z.number().int().min(0).meta({ description: "hour buckets of the last 168 closed hours not read yet" }),
    complete: z.boolean().meta({ description: "every day and hour bucket is read" }),
    lastRunAt: isoDateTime.nullable().meta({ description: "when a backfill run last read this chain" }),
    lastErrorAt: isoDateTime.nullable(),
    lastError: z.string().nullable().meta({ description: "why a run last failed (it carries on where it stopped at the next run)" }),
    stoppedReason: z
      .string()
      .nullable()
      .meta({ description: "why the backfill stopped short of the oldest bucket: the RPC serves no state at an older block (set HISTORY_RPC_URL_<chainId> to an archive node); null: it did not stop" }),
    stoppedBlock: z.number().int().nullable().meta({ description: "the closing block whose state the RPC would not serve" }),
    rejectedReadings: z
      .array(z.object({ instrumentId: z.string(), block: z.number().int(), reason: z.string() }))
      .meta({ description: "past readings refused as impossible, with their block: no point written for them" }),
  })
  .meta({ id: "HistoryBackfill" });

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
        history: historyBackfillSchema
          .nullable()
          .meta({ description: "the history backfill's progress on this chain (docs/chain-data.md, History); null for a chain without an RPC, which is not read" }),
      }),
    ),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof healthSchema>;
