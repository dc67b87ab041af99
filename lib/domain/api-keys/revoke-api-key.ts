import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { NotFound } from "@/lib/domain/errors";
import type { ApiKeyType } from "@/lib/schemas/api-keys";
import { toApiKey } from "./api-key-record";
import type { ApiKeyStore } from "./key-store";

/**
 * Revokes one of the account's keys, of environment `type` (a key caller's own) or of any (`type`
 * null, a dashboard session). A key outside that scope is a 404, as if it did not exist. Idempotent.
 */
export async function revokeApiKey({ db, keyStore, account, type, id, now }: { db: Db; keyStore: ApiKeyStore; account: string; type: ApiKeyType | null; id: string; now: Date }) {
  const inScope = and(eq(apiKeys.id, id), eq(apiKeys.account, account.toLowerCase()), type === null ? undefined : eq(apiKeys.type, type));
  await db.update(apiKeys).set({ revokedAt: now }).where(and(inScope, isNull(apiKeys.revokedAt)));
  const [record] = await db.select().from(apiKeys).where(inScope);
  if (!record) throw new NotFound(`No API key ${id}`);
  // Both secrets of a key in a roll's grace period stop at once.
  for (const hash of [record.hash, record.previousHash]) if (hash) keyStore.remember(hash, record);
  return toApiKey(record, now, keyStore.lastUsedOf(record.id) ?? record.lastUsedAt);
}
