import "server-only";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { Forbidden, InvalidInput } from "@/lib/domain/errors";
import type { Environment } from "@/lib/facts/chains";
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

/**
 * The type of a key a caller creates: the one asked for, else the caller's own key's type, else test
 * (a dashboard session). A test key may not create a live key.
 */
export function keyTypeFor({ asked, callerKeyType }: { asked?: Environment; callerKeyType: Environment | null }): Environment {
  const type = asked ?? callerKeyType ?? "test";
  if (callerKeyType === "test" && type === "live") throw new Forbidden("A test key cannot create a live key");
  return type;
}

/** Creates a key for `account`. The full key is returned here and nowhere else: only its hash is stored. */
export async function createApiKey({ db, keyStore, account, name, type, expiresAt = null, rateLimit = null, now }: CreateApiKeyInput) {
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new InvalidInput("expiresAt must be in the future", [{ path: "expiresAt", message: "must be in the future" }]);
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
