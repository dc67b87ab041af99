import { z } from "zod";
import { protocolNames } from "@/lib/facts/protocols";
import { chainIdParam, hexAddress, isoDateTime, protocolNameSchema, uuidSchema } from "./common";

export const protocolSchema = z
  .object({
    id: z.uuid(),
    name: protocolNameSchema,
    version: z.number().int(),
    displayName: z.string().meta({ example: "Aave V3" }),
    chainId: z.number().int(),
    protocolAddress: hexAddress.meta({ description: "main protocol contract on this chain" }),
    icon: z.string().meta({ description: "icon identifier, e.g. aave" }),
    docsUrl: z.string(),
    deprecated: z.boolean(),
    deprecationReason: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "Protocol" });
export type Protocol = z.infer<typeof protocolSchema>;

export const protocolListSchema = z.array(protocolSchema).meta({ id: "ProtocolList" });

export const listProtocolsQuerySchema = z.strictObject({
  chainId: chainIdParam.optional(),
});

export const protocolParamsSchema = z.strictObject({ id: uuidSchema });

export const protocolByNameParamsSchema = z.strictObject({
  // Any name is well-formed: one nobody supports is a 404 like a missing deployment.
  name: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: `${protocolNames.join(", ")}; another name is 404 NOT_FOUND`, examples: [...protocolNames] }),
  chainId: chainIdParam,
});

/** Instrument count and TVL of one protocol version, as the protocol browser shows them. */
export const protocolVersionStatsSchema = z.object({
  instrumentCount: z.number().int(),
  activeCount: z.number().int(),
  /**
   * The instruments' TVL in US dollars, each counted once: a Vault V2's money inside a listed
   * MetaMorpho vault is in that vault's TVL, so here it is left out of the V2's (tvlInListedVaults).
   * Adding these up across versions and protocols counts every dollar once.
   */
  tvl: z.number(),
  /** What the instruments hold inside other listed vaults, counted in those vaults' TVL instead. */
  tvlInListedVaults: z.number(),
});
export type ProtocolVersionStats = z.infer<typeof protocolVersionStatsSchema>;

/** One version of a protocol on one chain, with its stats; `isLatest` is what /latest answers. */
export const protocolVersionRowSchema = z.object({ protocol: protocolSchema, stats: protocolVersionStatsSchema, isLatest: z.boolean() });
export type ProtocolVersionRow = z.infer<typeof protocolVersionRowSchema>;

/** A protocol's versions on every chain of an environment, and their totals (the protocol browser). */
export const protocolGroupSchema = z.object({
  name: protocolNameSchema,
  title: z.string(),
  /** What an instrument of this protocol is. */
  blurb: z.string(),
  docsUrl: z.string(),
  /** Chains in their table's order, newest version first within a chain. */
  rows: z.array(protocolVersionRowSchema),
  totals: protocolVersionStatsSchema.extend({ chains: z.number().int() }),
});
export type ProtocolGroup = z.infer<typeof protocolGroupSchema>;
