"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useContext, useMemo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { formatUsdCompact } from "@/components/ui/format";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { useHydratedMarker } from "@/components/ui/use-hydrated";
import { sparklinesQueryOptions, utcDayOf } from "@/lib/client/queries/sparklines";
import { instrumentsQueryOptions } from "@/lib/client/queries/instruments";
import type { Instrument, InstrumentPage } from "@/lib/schemas/instruments";
import { SparklineContext, type SparklineSeries } from "./apy-sparkline";
import { DataAgeContext, explorerColumnsFor } from "./explorer-columns";
import { ExplorerFilters } from "./explorer-filters";
import { activeFilterKeys, apiQueryOf, PAGE_SIZES, type ExplorerQuery, type Navigate } from "./explorer-query";
import { describeError } from "./describe-error";
import { EnvironmentSwitch, ExplorerDescription, isUnauthorized } from "./explorer-environment";
import { ExportCsvButton } from "./export-csv-button";
import { useExplorerQuery } from "./use-explorer-query";
import { useNow } from "./use-now";

const sortLabels = {
  apy: "APY",
  apyTotal: "total APY",
  tvl: "TVL",
  createdAt: "creation date",
  apy7d: "7-day APY",
  apy30d: "30-day APY",
  apyChange7d: "7-day APY change",
  apyTotalAfter: "total APY after a deposit",
} as const;
const getRowId = (i: Instrument) => i.instrumentId;

/** "TVL", "total APY after depositing $2M". */
const sortLabelOf = (q: ExplorerQuery) =>
  q.sortBy === "apyTotalAfter" && q.depositAmountUsd !== undefined
    ? `total APY after depositing ${formatUsdCompact(q.depositAmountUsd)}`
    : sortLabels[q.sortBy];

// What the default view does not show loads when it is first shown, not with the page: the chips of
// the filters set, the empty view, and the test networks' sign-in (the CSV writer loads on export).
const ActiveFilters = lazy(() => import("./active-filters").then((m) => ({ default: m.ActiveFilters })));
const EmptyState = lazy(() => import("./explorer-empty-state").then((m) => ({ default: m.EmptyState })));
const TestNetworksSignIn = lazy(() =>
  import("./test-networks-sign-in").then((m) => ({ default: m.TestNetworksSignIn })),
);

export function InstrumentExplorer({
  initialQuery,
  renderedAt,
  staleAfterSeconds,
  sampleChainIds,
}: {
  /** The server's reading of the URL, made with the API's listInstrumentsQuerySchema. */
  initialQuery: ExplorerQuery;
  renderedAt: number;
  staleAfterSeconds: number;
  /** Chains whose figures are still generated sample data. */
  sampleChainIds: number[];
}) {
  const { query, navigate } = useExplorerQuery(initialQuery);
  const { environment } = query;
  const result = useQuery({
    ...instrumentsQueryOptions(apiQueryOf(query), environment),
    // The last page stays on screen while the next loads, but never the other environment's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === environment ? previous : undefined,
  });
  const hydratedMarker = useHydratedMarker();
  const dataAge = useMemo(
    () => ({
      serverNow: renderedAt,
      staleAfterMs: staleAfterSeconds * 1000,
      sampleChainIds: new Set(sampleChainIds),
    }),
    [renderedAt, staleAfterSeconds, sampleChainIds],
  );

  const signedOut = environment === "test" && result.isError && isUnauthorized(result.error);

  return (
    <DataAgeContext value={dataAge}>
      <div ref={hydratedMarker} className="space-y-6" data-environment={environment}>
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Instrument explorer</h1>
            <ExplorerDescription environment={environment} />
          </div>
          <EnvironmentSwitch query={query} navigate={navigate} />
        </div>
        {signedOut ? (
          <Suspense>
            <TestNetworksSignIn query={query} navigate={navigate} />
          </Suspense>
        ) : (
          <PageSparklines rows={result.data?.data ?? emptyRows} environment={environment}>
            <ExplorerBody query={query} navigate={navigate} result={result} />
          </PageSparklines>
        )}
      </div>
    </DataAgeContext>
  );
}

function ExplorerBody({
  query,
  navigate,
  result,
}: {
  query: ExplorerQuery;
  navigate: Navigate;
  result: UseQueryResult<InstrumentPage>;
}) {
  const page = result.data;
  const total = page?.pagination.total;
  const sorting = useMemo(
    () => [{ id: query.sortBy, desc: query.sortOrder === "desc" }],
    [query.sortBy, query.sortOrder],
  );
  const pagination = useMemo(
    () => ({ pageIndex: query.page - 1, pageSize: query.limit }),
    [query.page, query.limit],
  );
  return (
    <div className="space-y-4">
      <ExplorerFilters query={query} navigate={navigate} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ResultSummary query={query} total={total} failed={result.isError} />
        <ExportCsvButton query={query} disabled={!total} />
      </div>
      {activeFilterKeys(query).length > 0 && (
        <Suspense>
          <ActiveFilters query={query} navigate={navigate} />
        </Suspense>
      )}
      <SampleDataRows rows={page?.data ?? emptyRows} />
      <DataTable
        caption={`Lending instruments, sorted by ${sortLabelOf(query)}, ${query.sortOrder === "desc" ? "descending" : "ascending"}`}
        columns={explorerColumnsFor(query.depositAmountUsd)}
        data={page?.data ?? emptyRows}
        getRowId={getRowId}
        rowCount={total}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          if (!first || !isSortField(first.id)) return;
          navigate((c) => ({
            ...c,
            sortBy: first.id as ExplorerQuery["sortBy"],
            sortOrder: first.desc ? "desc" : "asc",
            page: 1,
          }));
        }}
        pagination={pagination}
        onPaginationChange={(next) =>
          navigate((c) => ({ ...c, page: next.pageIndex + 1, limit: next.pageSize }))
        }
        pageSizeOptions={PAGE_SIZES}
        isLoading={result.isPending}
        isFetching={result.isPlaceholderData}
        linkedRows
        error={
          result.isError ? (
            <ErrorState error={result.error} onRetry={() => void result.refetch()} />
          ) : undefined
        }
        emptyState={
          <Suspense>
            <EmptyState query={query} total={total ?? 0} navigate={navigate} />
          </Suspense>
        }
      />
    </div>
  );
}

const emptyRows: Instrument[] = [];

/** "65 instruments match, sorted by TVL high to low" (the order is left out at phone widths). */
function ResultSummary({ query, total, failed }: { query: ExplorerQuery; total: number | undefined; failed: boolean }) {
  return (
    <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
      {total === undefined ? (
        failed ? (
          ""
        ) : (
          "Loading instruments…"
        )
      ) : (
        <>
          <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{total}</span>{" "}
          {total === 1 ? "instrument" : "instruments"}
          {activeFilterKeys(query).length > 0 ? " match" : ""}
          <span className="max-sm:sr-only">
            , sorted by {sortLabelOf(query)} {query.sortOrder === "desc" ? "high to low" : "low to high"}
          </span>
        </>
      )}
    </p>
  );
}

/** Says which chains on this page show generated sample figures instead of chain data. */
function SampleDataRows({ rows }: { rows: Instrument[] }) {
  const { sampleChainIds } = useContext(DataAgeContext);
  const shown = [...new Set(rows.map((r) => r.chainId))].filter((id) => sampleChainIds.has(id));
  return (
    <SampleDataNote
      chainIds={shown}
      what="the APYs (current, 7 and 30 days, and their trend) and TVL in rows marked “sample data”"
    />
  );
}

/** The 30-day history of every row on the page, from one request, for the rows' sparklines. */
function PageSparklines({
  rows,
  environment,
  children,
}: {
  rows: Instrument[];
  environment: ExplorerQuery["environment"];
  children: ReactNode;
}) {
  const ids = useMemo(() => rows.map((r) => r.instrumentId), [rows]);
  const now = useNow(useContext(DataAgeContext).serverNow);
  const sparklines = useQuery({
    ...sparklinesQueryOptions(ids, environment, utcDayOf(now)),
    // While the next page's histories load, the rows shown are the previous page's: keep their lines.
    placeholderData: (previous) => previous,
  });
  const series = useMemo((): SparklineSeries => {
    if (sparklines.data) return { state: "ready", apys: sparklines.data };
    return sparklines.isError ? { state: "error" } : { state: "loading" };
  }, [sparklines.data, sparklines.isError]);
  return <SparklineContext value={series}>{children}</SparklineContext>;
}
const isSortField = (id: string): id is keyof typeof sortLabels => id in sortLabels;

function ErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { message, requestId } = describeError(error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-2 text-center">
      <p className="font-semibold text-slate-900 dark:text-white">Instruments could not be loaded</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{message}</p>
      {requestId && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Request id{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono dark:bg-slate-800">{requestId}</code>
        </p>
      )}
      <Button className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
