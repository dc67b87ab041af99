import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { explorerChains } from "@/components/instruments/explorer-query";
import { parseExplorerQuery } from "@/components/instruments/parse-explorer-query";
import { InstrumentExplorer } from "@/components/instruments/instrument-explorer";
import { readConfig } from "@/lib/config";
import { listInstruments } from "@/lib/instruments/list-instruments";
import { instrumentKeys } from "@/lib/queries/instruments";
import { getServices } from "@/lib/server/services";

export const metadata: Metadata = { title: { absolute: "Yieldgrid · Lending yields explorer" } };

// Without SYNC_INTERVAL_SECONDS the markets are expected to be synced hourly.
const DEFAULT_SYNC_INTERVAL_SECONDS = 3_600;

/** The origin the browser called, so the first render carries the same icon URLs as the API would. */
async function requestOrigin() {
  const h = await headers();
  const host = h.get("x-forwarded-host")?.split(",")[0]?.trim() ?? h.get("host");
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return host && /^https?$/.test(proto) && /^[\w.-]+(:\d+)?$/.test(host) ? `${proto}://${host}` : "";
}

export default async function ExplorerPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseExplorerQuery(await searchParams);
  const queryClient = new QueryClient();
  // The first page is rendered on the server from lib/ directly; a failure is not fatal here:
  // prefetchQuery swallows it and the browser's own request shows the error state with a request id.
  const [{ db }, origin] = await Promise.all([getServices(), requestOrigin()]);
  await queryClient.prefetchQuery({
    queryKey: instrumentKeys.list(query),
    queryFn: () => listInstruments({ db, environment: "live", query, origin }),
  });
  // The time the data was read stands in for "now" in the first render, so server and browser agree on "synced 4 minutes ago".
  const renderedAt = queryClient.getQueryState(instrumentKeys.list(query))?.dataUpdatedAt ?? 0;
  const staleAfterSeconds = 2 * (readConfig().syncIntervalSeconds ?? DEFAULT_SYNC_INTERVAL_SECONDS);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Instrument explorer</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          Supply APY and TVL of every lending market Yieldgrid tracks on{" "}
          {explorerChains
            .map((c) => c.name)
            .join(", ")
            .replace(/, ([^,]*)$/, " and $1")}
          . Filter, sort and share the view: it all lives in the address bar.
        </p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <InstrumentExplorer
          initialQuery={query}
          renderedAt={renderedAt}
          staleAfterSeconds={staleAfterSeconds}
        />
      </HydrationBoundary>
    </div>
  );
}
