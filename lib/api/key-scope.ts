import type { AccountCaller } from "@/lib/api/http/caller";
import type { ApiKeyType } from "@/lib/schemas/api-keys";

/**
 * The keys a caller may see and manage: a key only those of its own environment, a
 * dashboard session all of its account's (null: no environment filter).
 */
export const keyScopeOf = (caller: AccountCaller): ApiKeyType | null => (caller.kind === "key" ? caller.key.type : null);
