import { z } from "zod";
import { apiKeyPrefixExample } from "@/lib/facts/api-keys";
import { environments } from "@/lib/facts/chains";
import { isoDateTime, uuidSchema } from "./common";

/** A key's type is the environment it reads. */
export const apiKeyTypeSchema = z.enum(environments);
/** The types in the order the dashboard offers them: test first, a new session's default. */
export const apiKeyTypes = ["test", "live"] as const satisfies readonly ApiKeyType[];
export type ApiKeyType = z.infer<typeof apiKeyTypeSchema>;
/**
 * The header as a request schema states it: any string. A key's shape is the server's business, so a
 * malformed key is answered as an unknown one (401 INVALID_API_KEY), never a schema validator's 422.
 */
export const apiKeyHeaderSchema = z.string().meta({
  description: `an API key, ${apiKeyPrefixExample("test")} or ${apiKeyPrefixExample("live")}; a malformed, unknown, revoked or expired one is 401 INVALID_API_KEY on every endpoint`,
});
export const apiKeyStatusSchema = z.enum(["active", "revoked", "expired"]);

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ example: "yg_sk_live_a1B2c3" }),
    type: apiKeyTypeSchema,
    lastUsed: isoDateTime.nullable(),
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable(),
    status: apiKeyStatusSchema,
    rolledAt: isoDateTime.nullable().meta({ description: "when the key last got a new secret (POST /auth/keys/{id}/roll); null if never" }),
    previousKey: z
      .object({
        prefix: z.string().meta({ example: "yg_sk_live_Q9r8s7" }),
        expiresAt: isoDateTime.meta({ description: "when the replaced secret stops working" }),
      })
      .nullable()
      .meta({ description: "the secret the last roll replaced, while its grace period lasts; null otherwise" }),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) }).meta({ id: "ApiKeyList" });

export const createdApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    key: z.string().meta({ description: "the full key; shown only in this response" }),
    prefix: z.string(),
    type: apiKeyTypeSchema,
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable(),
  })
  .meta({ id: "CreatedApiKey" });
export const createApiKeyResponseSchema = z.object({ data: createdApiKeySchema }).meta({ id: "CreateApiKeyResponse" });

export const createApiKeyRequestSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(64, "must be at most 64 characters")
      // The limits apply after trimming, which JSON Schema's lengths cannot say: the pattern does.
      .meta({
        description: "1–64 characters after trimming surrounding whitespace",
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.minLength;
          delete jsonSchema.maxLength;
          jsonSchema.pattern = "^\\s*\\S([\\s\\S]{0,62}\\S)?\\s*$";
        },
      }),
    expiresAt: isoDateTime.optional().meta({ description: "ISO 8601, in the future" }),
    type: apiKeyTypeSchema.optional().meta({ description: "default: the calling key's type (test for a dashboard session)" }),
  })
  .meta({ id: "CreateApiKeyRequest" });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeyParamsSchema = z.strictObject({ id: uuidSchema });
export const revokedApiKeyResponseSchema = z.object({ data: apiKeySchema }).meta({ id: "RevokedApiKeyResponse" });

export const MAX_ROLL_GRACE_SECONDS = 7 * 24 * 3600;

export const rollApiKeyRequestSchema = z
  .strictObject({
    gracePeriodSeconds: z
      .int("must be a whole number of seconds")
      .min(0, "must not be negative")
      .max(MAX_ROLL_GRACE_SECONDS, "must be at most 604800 (7 days)")
      .default(0)
      .meta({ description: "how long the replaced secret keeps working: 0 (default) ends it at once; the dashboard offers 0, 3600 (1 hour) and 86400 (24 hours); at most 604800 (7 days)" }),
  })
  .meta({ id: "RollApiKeyRequest" });
export type RollApiKeyRequest = z.infer<typeof rollApiKeyRequestSchema>;

export const rolledApiKeySchema = apiKeySchema
  .extend({ key: z.string().meta({ description: "the new full key; shown only in this response" }) })
  .meta({ id: "RolledApiKey" });
export const rollApiKeyResponseSchema = z.object({ data: rolledApiKeySchema }).meta({ id: "RollApiKeyResponse" });

export const apiKeyUsagePointSchema = z.object({
  timestamp: isoDateTime.meta({ description: "start of the hour (UTC)" }),
  requests: z.int().min(0).meta({ description: "requests the key made in that hour, refused ones included" }),
});
export const apiKeyUsageSchema = z
  .object({
    id: z.uuid(),
    interval: z.literal("hour"),
    from: isoDateTime.meta({ description: "start of the first hour: 167 hours before the current one" }),
    to: isoDateTime.meta({ description: "end of the current hour" }),
    total: z.int().min(0),
    points: z.array(apiKeyUsagePointSchema).meta({ description: "168 points, oldest first, one per hour of the last 7 days including the current hour; 0 for an hour without requests" }),
  })
  .meta({ id: "ApiKeyUsage" });
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;
export const apiKeyUsageResponseSchema = z.object({ data: apiKeyUsageSchema }).meta({ id: "ApiKeyUsageResponse" });
