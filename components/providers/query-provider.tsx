"use client";

import { isServer, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh: do not refetch it the moment the page hydrates.
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && !(error instanceof Error && "status" in error && Number(error.status) < 500),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One QueryClient per server request, one for the whole browser session. */
function getQueryClient() {
  if (isServer) return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
