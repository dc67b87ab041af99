import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-fetch";

/** The service's health: per chain, whether a sync has read it (lastSuccessAt) or it is still sample data. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ["health"] as const,
    queryFn: async () => {
      const { healthSchema } = await import("@/lib/schemas/health");
      return apiFetch("/api/v1/health", healthSchema);
    },
    staleTime: 60_000,
  });
