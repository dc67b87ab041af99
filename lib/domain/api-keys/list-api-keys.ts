import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import type { ApiKeyType } from "@/lib/schemas/api-keys";
import { toApiKey } from "./api-key-record";
import type { ApiKeyStore } from "./key-store";

/**
 * The account's keys, newest first: those of one environment (`type`, for a key caller: a key sees
 * only keys of its own environment), or all of them (`type` null, for a dashboard session).
 */
export async function listApiKeys({ db, keyStore, account, type, now }: { db: Db; keyStore: ApiKeyStore; account: string; type: ApiKeyType | null; now: Date }) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.account, account.toLowerCase()), type === null ? undefined : eq(apiKeys.type, type)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  // lastUsed not yet written back lives in the key store.
  return rows.map((row) => toApiKey(row, now, keyStore.lastUsedOf(row.id) ?? row.lastUsedAt));
}
