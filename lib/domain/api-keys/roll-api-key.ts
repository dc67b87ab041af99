import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { apiKeys } from "@/lib/machinery/db/schema";
import { Conflict, NotFound } from "@/lib/domain/errors";
import type { ApiKeyType } from "@/lib/schemas/api-keys";
import { statusOf, toApiKey } from "./api-key-record";
import { generateApiKey } from "./key-format";
import type { ApiKeyStore } from "./key-store";

export interface RollApiKeyInput {
  db: Db;
  keyStore: ApiKeyStore;
  account: string;
  /** The caller's environment (a key caller), or null for a dashboard session (any of its keys). */
  type: ApiKeyType | null;
  id: string;
  /** How long the replaced secret keeps working: 0 ends it at once. */
  gracePeriodSeconds: number;
  now: Date;
}

/**
 * Gives a key a new secret, as Stripe's roll does: same id, name, type, limits and expiry, so its
 * usage and rate-limit window carry on. The replaced secret is accepted for `gracePeriodSeconds`
 * more (none with 0); a secret an earlier roll left in its grace period stops at once. Revoked and
 * expired keys cannot be rolled (409). The new secret is returned here and nowhere else.
 */
export async function rollApiKey({ db, keyStore, account, type, id, gracePeriodSeconds, now }: RollApiKeyInput) {
  const inScope = and(eq(apiKeys.id, id), eq(apiKeys.account, account.toLowerCase()), type === null ? undefined : eq(apiKeys.type, type));
  const [before] = await db.select().from(apiKeys).where(inScope);
  if (!before) throw new NotFound(`No API key ${id}`);
  const status = statusOf(before, now);
  if (status !== "active") throw new Conflict(`A ${status} key cannot be rolled; create a new key instead`, { status });

  const { key, prefix, hash } = generateApiKey(before.type);
  const graceEnds = gracePeriodSeconds > 0 ? new Date(now.getTime() + gracePeriodSeconds * 1000) : null;
  // One statement, guarded by the key still being active and still holding the secret read above:
  // a concurrent revoke or roll wins, and this roll reports the conflict instead of undoing it.
  const [record] = await db
    .update(apiKeys)
    .set({
      hash,
      prefix,
      previousHash: graceEnds ? before.hash : null,
      previousPrefix: graceEnds ? before.prefix : null,
      previousExpiresAt: graceEnds,
      rolledAt: now,
    })
    .where(and(inScope, eq(apiKeys.hash, before.hash), sql`${apiKeys.revokedAt} is null`))
    .returning();
  if (!record) throw new Conflict("The key changed while it was being rolled; try again");

  // This process's cache answers for every secret the key had, so none is accepted a moment too long.
  for (const secretHash of [hash, before.hash, before.previousHash]) if (secretHash) keyStore.remember(secretHash, record);
  const view = toApiKey(record, now, keyStore.lastUsedOf(record.id) ?? record.lastUsedAt);
  return { ...view, key };
}
