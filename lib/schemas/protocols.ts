import { z } from "zod";
import { protocolNames } from "@/lib/domain/protocols";
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
  // Any name is well-formed: one nobody supports is a 404 like a missing deployment (decisions D6).
  name: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: `${protocolNames.join(", ")}; another name is 404 NOT_FOUND`, examples: [...protocolNames] }),
  chainId: chainIdParam,
});
