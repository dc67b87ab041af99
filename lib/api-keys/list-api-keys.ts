import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { toApiKey } from "./api-key-record";
import type { ApiKeyStore } from "./key-store";

export async function listApiKeys({ db, keyStore, account, now }: { db: Db; keyStore: ApiKeyStore; account: string; now: Date }) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.account, account.toLowerCase()))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  // lastUsed not yet written back lives in the key store.
  return rows.map((row) => toApiKey(row, now, keyStore.lastUsedOf(row.id) ?? row.lastUsedAt));
}
