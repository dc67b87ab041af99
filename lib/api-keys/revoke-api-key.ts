import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";
import { toApiKey } from "./api-key-record";
import type { ApiKeyStore } from "./key-store";

/** Revokes one of the account's keys; another account's key is a 404, as if it did not exist. Idempotent. */
export async function revokeApiKey({ db, keyStore, account, id, now }: { db: Db; keyStore: ApiKeyStore; account: string; id: string; now: Date }) {
  const owned = and(eq(apiKeys.id, id), eq(apiKeys.account, account.toLowerCase()));
  await db.update(apiKeys).set({ revokedAt: now }).where(and(owned, isNull(apiKeys.revokedAt)));
  const [record] = await db.select().from(apiKeys).where(owned);
  if (!record) throw notFound(`No API key ${id}`);
  keyStore.remember(record.hash, record);
  return toApiKey(record, now, keyStore.lastUsedOf(record.id) ?? record.lastUsedAt);
}
