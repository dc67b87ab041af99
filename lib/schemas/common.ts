import { z } from "zod";
import { chainIds } from "@/lib/facts/chains";
import { errorCodeSchema } from "./error-codes";
import { assetCategories } from "@/lib/facts/asset-categories";
import { protocolNames } from "@/lib/facts/protocols";

// Shared building blocks. No server imports here: the client bundles this file too.

export const isoDateTime = z.iso.datetime({ offset: true });

/** A non-negative or bounded integer written in a query string or path segment. */
export function queryInt({ min, max }: { min?: number; max?: number } = {}) {
  let n = z.number().int();
  if (min !== undefined) n = n.min(min);
  if (max !== undefined) n = n.max(max);
  return z
    .string()
    .regex(/^-?\d{1,16}$/, "must be an integer")
    .transform(Number)
    .pipe(n)
    .meta({ override: { type: "integer", ...(min !== undefined && { minimum: min }), ...(max !== undefined && { maximum: max }) } });
}

/** A decimal number written in a query string. */
export const queryNumber = z
  .string()
  .regex(/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, "must be a number")
  .transform(Number)
  .pipe(z.number().finite())
  .meta({ override: { type: "number" } });

/** `true` or `false`, nothing else, as a query parameter. */
export const queryBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");

export const supportedChainId = z
  .number()
  .int()
  .refine((id) => chainIds.includes(id), { message: `must be a supported chain id (${chainIds.join(", ")})` });

export const chainIdParam = queryInt({ min: 1 }).meta({ description: "EVM chain id" });

export const protocolNameSchema = z.enum(protocolNames);
export const assetCategorySchema = z.enum(assetCategories);

export const instrumentIdSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex digits")
  .transform((v) => v.toLowerCase())
  .meta({ description: "bytes32 instrument id", example: "0x" + "ab".repeat(32) });

export const uuidSchema = z.uuid({ error: "must be a UUID" });

export const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
export const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/);

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      details: z
        .object({
          timestamp: isoDateTime,
          requestId: z.string(),
          issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
          limit: z.number().optional(),
          resetAt: isoDateTime.optional(),
        })
        .loose(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
