import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { apiQueryOf } from "@/components/instruments/explorer-query";
import { parseExplorerQuery } from "@/components/instruments/parse-explorer-query";
import { InstrumentExplorer } from "@/components/instruments/instrument-explorer";
import { pageOrigin, pageViewer } from "@/app/_server/viewer";
import { cachedPageRead } from "@/app/_server/cached-read";
import { readConfig } from "@/lib/machinery/config";
import { sampleDataChainIds } from "@/lib/domain/health/sample-data-chains";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { getInstrumentHistories } from "@/lib/domain/instruments/get-instrument-history";
import { sparklineApysOf, sparklineKeys, sparklineWindow, utcDayOf } from "@/lib/client/queries/sparklines";
import { instrumentKeys } from "@/lib/client/queries/instruments";
import type { InstrumentPage } from "@/lib/schemas/instruments";
import { getServices } from "@/lib/api/services";
import { chainsInScope, instrumentRecordsOf, instrumentsOf } from "@/lib/machinery/cache/cache-sources";

export const metadata: Metadata = { title: { absolute: "Yieldgrid · Lending yields explorer" } };

// Without SYNC_INTERVAL_SECONDS the markets are expected to be synced hourly.
const DEFAULT_SYNC_INTERVAL_SECONDS = 3_600;

export default async function ExplorerPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseExplorerQuery(await searchParams);
  const { environment } = query;
  const key = instrumentKeys.list(apiQueryOf(query), environment);
  const queryClient = new QueryClient();
  // The first page is rendered on the server from lib/ directly; a failure is not fatal here:
  // prefetchQuery swallows it and the browser's own request shows the error state with a request id.
  // The test networks are prefetched only for a valid dashboard session, the check the API makes;
  // without one nothing is prefetched, and the browser's request gets the 401 that shows the sign-in panel.
  // The origin the browser called, so the first render carries the same icon URLs as the API would.
  const [services, origin, viewer] = await Promise.all([getServices(), pageOrigin(), pageViewer(environment)]);
  const { db } = services;
  // The chains still on sample data are read with the page, not refreshed in the browser: a first
  // sync shows on the next visit.
  const [sampleChainIds] = await Promise.all([
    sampleDataChainIds(db),
    viewer &&
      queryClient.prefetchQuery({
        queryKey: key,
        queryFn: () =>
          cachedPageRead(
            services,
            `instruments ${environment} ${origin} ${JSON.stringify(apiQueryOf(query))}`,
            instrumentRecordsOf(chainsInScope(environment, apiQueryOf(query).chainId)),
            () => listInstruments({ db, environment, query: apiQueryOf(query), origin, now: services.now() }),
          ),
      }),
  ]);
  // The time the data was read stands in for "now" in the first render, so server and browser agree on "synced 4 minutes ago".
  const renderedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
  // The rows' sparklines come with the first render too, under the key the browser will look for.
  const instrumentIds = queryClient.getQueryData<InstrumentPage>(key)?.data.map((i) => i.instrumentId) ?? [];
  if (instrumentIds.length > 0)
    await queryClient.prefetchQuery({
      queryKey: sparklineKeys.page(instrumentIds, environment, utcDayOf(renderedAt)),
      // The points are the days of the window; they change when a day begins (the cache's entries end
      // with their UTC day) or a sync writes the instruments' history (which clears them).
      queryFn: () =>
        cachedPageRead(services, `sparklines ${environment} ${instrumentIds.join(",")}`, instrumentsOf(chainsInScope(environment)), async () =>
          sparklineApysOf(
            await getInstrumentHistories({ db, environment, instrumentIds, ...sparklineWindow(services.now()), now: services.now() }),
          ),
        ),
    });
  const staleAfterSeconds = 2 * (readConfig().syncIntervalSeconds ?? DEFAULT_SYNC_INTERVAL_SECONDS);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <InstrumentExplorer
        initialQuery={query}
        renderedAt={renderedAt}
        staleAfterSeconds={staleAfterSeconds}
        sampleChainIds={sampleChainIds}
      />
    </HydrationBoundary>
  );
}
