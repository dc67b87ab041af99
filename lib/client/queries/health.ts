import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-request";

/** The service's health: per chain, whether a sync has read it (lastSuccessAt) or it is still sample data. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ["health"] as const,
    queryFn: () => apiRequest((api) => api.GET("/health")),
    staleTime: 60_000,
  });
