import "server-only";
import type { ApiKey } from "@/lib/schemas/api-keys";
import type { StoredApiKey } from "./key-store";

export function statusOf(record: StoredApiKey, now: Date): ApiKey["status"] {
  if (record.revokedAt) return "revoked";
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** The secret a roll replaced, while it is still accepted (its grace period has not ended). */
export function previousSecretOf(record: StoredApiKey, now: Date): { prefix: string; expiresAt: Date } | null {
  if (!record.previousHash || !record.previousPrefix || !record.previousExpiresAt) return null;
  if (record.previousExpiresAt.getTime() <= now.getTime()) return null;
  return { prefix: record.previousPrefix, expiresAt: record.previousExpiresAt };
}

/**
 * Whether a presented secret (by its hash) opens this key now: the current secret of an active key,
 * or the secret a roll replaced until its grace period ends.
 */
export function acceptsSecret(record: StoredApiKey, hash: string, now: Date): boolean {
  if (statusOf(record, now) !== "active") return false;
  if (record.hash === hash) return true;
  return record.previousHash === hash && previousSecretOf(record, now) !== null;
}

export function toApiKey(record: StoredApiKey, now: Date, lastUsed = record.lastUsedAt): ApiKey {
  const previous = statusOf(record, now) === "active" ? previousSecretOf(record, now) : null;
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    type: record.type,
    lastUsed: lastUsed?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    status: statusOf(record, now),
    rolledAt: record.rolledAt?.toISOString() ?? null,
    previousKey: previous ? { prefix: previous.prefix, expiresAt: previous.expiresAt.toISOString() } : null,
  };
}
