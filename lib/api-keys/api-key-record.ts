import type { ApiKey } from "@/lib/schemas/api-keys";
import type { StoredApiKey } from "./key-store";

export function statusOf(record: StoredApiKey, now: Date): ApiKey["status"] {
  if (record.revokedAt) return "revoked";
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function toApiKey(record: StoredApiKey, now: Date, lastUsed = record.lastUsedAt): ApiKey {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    type: record.type,
    lastUsed: lastUsed?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    status: statusOf(record, now),
  };
}
