import { z } from "zod";
import { isoDateTime, uuidSchema } from "./common";

export const apiKeyTypes = ["test", "live"] as const;
export const apiKeyTypeSchema = z.enum(apiKeyTypes);
export type ApiKeyType = z.infer<typeof apiKeyTypeSchema>;
/** A key as sent in X-API-Key: type prefix, 43 random base62 characters, a 6-character base62 checksum. */
export const API_KEY_PATTERN = /^yg_sk_(test|live)_([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/;
export const apiKeyHeaderSchema = z
  .string()
  .regex(API_KEY_PATTERN)
  .meta({ description: "an API key, yg_sk_test_… or yg_sk_live_…; a malformed, unknown, revoked or expired one is 401 INVALID_API_KEY on every endpoint" });
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
