import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-request";
import type { components } from "@/lib/client/api-types";

type CreateApiKeyRequest = components["schemas"]["CreateApiKeyRequest"];
type RollApiKeyRequest = components["schemas"]["RollApiKeyRequest"];

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  /** Keyed by account, so another wallet's sign-in never shows the previous account's keys. */
  list: (account: string) => [...apiKeyKeys.all, "list", account.toLowerCase()] as const,
  create: () => [...apiKeyKeys.all, "create"] as const,
  roll: () => [...apiKeyKeys.all, "roll"] as const,
  usage: (id: string) => [...apiKeyKeys.all, "usage", id] as const,
};

/** The signed-in account's keys, newest first (the session cookie authenticates). */
export const apiKeysQueryOptions = (account: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(account),
    queryFn: async () => (await apiRequest((api) => api.GET("/auth/keys"))).data,
  });

/**
 * Creates a key. The answer holds the full key, which must not outlive the dialog that shows it:
 * gcTime 0 drops the finished mutation from the cache as soon as nothing observes it, and
 * `forgetCreatedApiKeys` removes it at once when the dialog closes.
 */
export const createApiKeyMutationOptions = () =>
  mutationOptions({
    mutationKey: apiKeyKeys.create(),
    gcTime: 0,
    mutationFn: async (request: CreateApiKeyRequest) =>
      (await apiRequest((api) => api.POST("/auth/keys", { body: request }))).data,
    // Refetch the list (which carries only the prefix) rather than writing the answer into it.
    onSuccess: (_created, _variables, _onMutate, { client }) =>
      client.invalidateQueries({ queryKey: apiKeyKeys.all, exact: false }),
  });

/** Removes every create-key and roll-key mutation, with a full key in its data, from the mutation cache. */
export function forgetCreatedApiKeys(client: QueryClient) {
  const cache = client.getMutationCache();
  for (const mutationKey of [apiKeyKeys.create(), apiKeyKeys.roll()])
    for (const mutation of cache.findAll({ mutationKey })) cache.remove(mutation);
}

/** Rolls a key: its new secret is in the answer only, held as briefly as a created key's (gcTime 0). */
export const rollApiKeyMutationOptions = () =>
  mutationOptions({
    mutationKey: apiKeyKeys.roll(),
    gcTime: 0,
    mutationFn: async ({ id, ...request }: RollApiKeyRequest & { id: string }) =>
      (
        await apiRequest((api) =>
          api.POST("/auth/keys/{id}/roll", { params: { path: { id } }, body: request }),
        )
      ).data,
    onSuccess: (_rolled, _variables, _onMutate, { client }) =>
      client.invalidateQueries({ queryKey: [...apiKeyKeys.all, "list"] }),
  });

/** A key's requests per hour over the last 7 days; refreshed every minute while shown. */
export const apiKeyUsageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: apiKeyKeys.usage(id),
    queryFn: async () =>
      (await apiRequest((api) => api.GET("/auth/keys/{id}/usage", { params: { path: { id } } }))).data,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export const revokeApiKeyMutationOptions = () =>
  mutationOptions({
    mutationKey: [...apiKeyKeys.all, "revoke"],
    mutationFn: async (id: string) =>
      (await apiRequest((api) => api.DELETE("/auth/keys/{id}", { params: { path: { id } } }))).data,
    onSuccess: (_revoked, _id, _onMutate, { client }) =>
      client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
