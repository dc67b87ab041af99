import type { Metadata } from "next";
import { apiQueryOf } from "@/components/instruments/explorer-query";
import { parseExplorerQuery } from "@/components/instruments/parse-explorer-query";
import { InstrumentExplorer } from "@/components/instruments/instrument-explorer";
import { SeedQueries, type SeedEntry } from "@/components/providers/seed-queries";
import { pageOrigin, pageViewer } from "@/app/_server/viewer";
import { readConfig } from "@/lib/machinery/config";
import { sampleDataChainIds } from "@/lib/domain/health/sample-data-chains";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { getInstrumentHistories } from "@/lib/domain/instruments/get-instrument-history";
import { instrumentHistoriesKeys, sparklineWindow, utcDayOf } from "@/lib/client/queries/instrument-histories";
import { instrumentKeys } from "@/lib/client/queries/instruments";
import { getServices } from "@/lib/api/services";

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
  // The first page is rendered on the server from lib/ directly; a failure is not fatal here: nothing
  // is seeded, and the browser's own request shows the error state with a request id.
  // The test networks are read only for a valid dashboard session, the check the API makes;
  // without one nothing is read, and the browser's request gets the 401 that shows the sign-in panel.
  // The origin the browser called, so the first render carries the same icon URLs as the API would.
  const [services, origin, viewer] = await Promise.all([getServices(), pageOrigin(), pageViewer(environment)]);
  const { db } = services;
  // The chains still on sample data are read with the page, not refreshed in the browser: a first
  // sync shows on the next visit.
  const [sampleChainIds, page] = await Promise.all([
    sampleDataChainIds(db),
    viewer
      ? listInstruments({ db, environment, query: apiQueryOf(query), origin, now: services.now() }).catch(() => undefined)
      : undefined,
  ]);
  // The time the data was read stands in for "now" in the first render, so server and browser agree on "synced 4 minutes ago".
  const renderedAt = page ? services.now().getTime() : 0;
  const seed: SeedEntry[] = page ? [{ queryKey: key, data: page }] : [];
  // The rows' sparklines come with the first render too, under the key the browser will look for.
  const instrumentIds = page?.data.map((i) => i.instrumentId) ?? [];
  if (instrumentIds.length > 0) {
    const histories = await getInstrumentHistories({
      db,
      environment,
      instrumentIds,
      ...sparklineWindow(services.now()),
      now: services.now(),
    }).catch(() => undefined);
    if (histories)
      seed.push({ queryKey: instrumentHistoriesKeys.page(instrumentIds, environment, utcDayOf(renderedAt)), data: histories });
  }
  const staleAfterSeconds = 2 * (readConfig().syncIntervalSeconds ?? DEFAULT_SYNC_INTERVAL_SECONDS);

  return (
    <SeedQueries entries={seed} updatedAt={renderedAt}>
      <InstrumentExplorer
        initialQuery={query}
        renderedAt={renderedAt}
        staleAfterSeconds={staleAfterSeconds}
        sampleChainIds={sampleChainIds}
      />
    </SeedQueries>
  );
}
