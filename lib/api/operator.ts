import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { addressSchema } from "@/lib/schemas/address";
import { apiKeyTypeSchema, createApiKeyRequestSchema } from "@/lib/schemas/api-keys";
import { operatorSecret } from "./services";

/**
 * `npm run key:create` beside a running server on the embedded database asks the server, the only
 * process that may open the folder, to create the key. The server writes where it
 * answers and a fresh secret into the folder's lock file (mode 0600, lib/machinery/db/data-dir-lock.ts), so
 * only a user who may open the database anyway can use this. Without the secret the route answers
 * exactly as an unknown path does, and the OpenAPI document does not list it.
 */
export const OPERATOR_SECRET_HEADER = "x-yieldgrid-operator-secret";
export const OPERATOR_KEYS_PATH = "/api/v1/operator/keys";

// The account that owns keys made without --account: the zero address stands for "the operator".
export const OPERATOR_ACCOUNT = "0x0000000000000000000000000000000000000000";

export const operatorKeyRequestSchema = z.strictObject({
  name: createApiKeyRequestSchema.shape.name,
  type: apiKeyTypeSchema,
  account: addressSchema.default(OPERATOR_ACCOUNT),
  rateLimit: z.number().int().min(1).nullable().default(null),
});
export type OperatorKeyRequest = z.input<typeof operatorKeyRequestSchema>;

const digest = (text: string) => createHash("sha256").update(text).digest();

export function isOperatorRequest(request: Request): boolean {
  const secret = operatorSecret();
  const presented = request.headers.get(OPERATOR_SECRET_HEADER);
  return secret !== null && presented !== null && timingSafeEqual(digest(secret), digest(presented));
}
