import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { ApiError } from "@/lib/api/http/errors";
import type { ApiKeyType } from "@/lib/schemas/api-keys";
import { generateApiKey } from "./key-format";
import type { ApiKeyStore } from "./key-store";

export interface CreateApiKeyInput {
  db: Db;
  keyStore?: ApiKeyStore;
  account: string;
  name: string;
  type: ApiKeyType;
  expiresAt?: Date | null;
  rateLimit?: number | null;
  now: Date;
}

/** Creates a key for `account`. The full key is returned here and nowhere else: only its hash is stored. */
export async function createApiKey({ db, keyStore, account, name, type, expiresAt = null, rateLimit = null, now }: CreateApiKeyInput) {
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new ApiError("BAD_REQUEST", "expiresAt must be in the future", {
      issues: [{ path: "expiresAt", message: "must be in the future" }],
    });
  const { key, prefix, hash } = generateApiKey(type);
  const [record] = await db
    .insert(apiKeys)
    .values({ account: account.toLowerCase(), name, type, prefix, hash, expiresAt, rateLimit, createdAt: now })
    .returning();
  keyStore?.remember(hash, record!);
  return {
    id: record!.id,
    name: record!.name,
    key,
    prefix,
    type,
    createdAt: record!.createdAt.toISOString(),
    expiresAt: record!.expiresAt?.toISOString() ?? null,
  };
}
