"use client";

import { AppLink } from "@/components/ui/app-link";
import { createContext, useContext } from "react";
import { Badge } from "@/components/ui/badge";
import { ChainLabel } from "@/components/ui/chain-label";
import { createDataTableColumnHelper } from "@/components/ui/data-table";
import { MarketIcon } from "@/components/ui/market-icon";
import { rowLinkClass } from "@/components/ui/table";
import { chainName } from "@/lib/facts/chains";
import { protocolLabel } from "@/lib/facts/protocols";
import {
  formatDate,
  formatDateTime,
  formatPercent,
  formatRelative,
  formatUsd,
  formatUsdCompact,
} from "@/components/ui/format";
import type { Instrument } from "@/lib/schemas/instruments";
import { ApyTotalCell } from "./apy-breakdown";
import { ApySparkline } from "./apy-sparkline";
import { useNow } from "./use-now";

/**
 * What the data-age cells need besides the row: the server's render time (the clock while
 * hydrating), the staleness threshold, and the chains whose figures are still generated sample
 * data (no sync has read them). Nothing in it changes once the page is up: each cell follows the
 * browser clock itself (useNow), so the clock turning over after hydration re-renders those cells
 * alone, not the whole explorer beneath a changed context value.
 */
export const DataAgeContext = createContext<{
  serverNow: number;
  staleAfterMs: number;
  sampleChainIds: ReadonlySet<number>;
}>({
  serverNow: 0,
  staleAfterMs: 2 * 3_600_000,
  sampleChainIds: new Set(),
});

function DataAge({ lastSyncedAt, chainId }: { lastSyncedAt: string; chainId: number }) {
  const { serverNow, staleAfterMs, sampleChainIds } = useContext(DataAgeContext);
  const now = useNow(serverNow);
  if (sampleChainIds.has(chainId))
    return (
      <span title={`Generated sample figures: no sync has read ${chainName(chainId)} yet`}>
        <Badge tone="neutral">sample data</Badge>
      </span>
    );
  const age = now - new Date(lastSyncedAt).getTime();
  const stale = age > staleAfterMs;
  return (
    <span className="inline-flex items-center gap-2" title={`Last synced ${formatDateTime(lastSyncedAt)}`}>
      <time dateTime={lastSyncedAt} className="text-slate-600 dark:text-slate-400">
        synced {formatRelative(lastSyncedAt, new Date(now))}
      </time>
      {stale && <Badge tone="warning">stale</Badge>}
    </span>
  );
}

function ApyCell({ instrument }: { instrument: Instrument }) {
  const { sampleChainIds } = useContext(DataAgeContext);
  return <ApyTotalCell instrument={instrument} sample={sampleChainIds.has(instrument.chainId)} />;
}

/**
 * With a deposit amount: the total APY right after it, the base APY after under it; a row whose market
 * cannot take it says "does not fit" in words (with its APY now), not by a colour.
 */
function ApyAfterCell({ instrument: i }: { instrument: Instrument }) {
  const quote = i.quote;
  if (quote?.fits === false)
    return (
      <span className="inline-flex flex-col items-end gap-0.5" data-testid="apy-after">
        <Badge tone="warning">does not fit</Badge>
        <span className="text-xs text-slate-600 dark:text-slate-400">now {formatPercent(i.apyTotal)}</span>
      </span>
    );
  if (!quote || quote.apyTotalAfter === null || quote.apyAfter === null)
    return (
      <span
        className="text-slate-500"
        title="Not known: sample data, no rate model read yet, or a rate model Yieldgrid does not work out (a Vault V2)"
        data-testid="apy-after"
      >
        <span aria-hidden="true">—</span>
        <span className="sr-only">not known</span>
      </span>
    );
  return (
    <span className="inline-flex flex-col items-end" data-testid="apy-after">
      <span className="font-medium text-emerald-700 dark:text-emerald-400">
        {formatPercent(quote.apyTotalAfter)}
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {formatPercent(quote.apyAfter)} base after
      </span>
    </span>
  );
}

/** A percentage that may be missing: a dash, which screen readers hear as "no data". */
function OptionalPercent({ value }: { value: number | null }) {
  if (value === null) return <NoData />;
  return <>{formatPercent(value)}</>;
}

const NoData = () => (
  <span className="text-slate-500" title="No day snapshot in this window">
    <span aria-hidden="true">—</span>
    <span className="sr-only">no data</span>
  </span>
);

/** currentApy minus the APY 7 days ago, in percentage points: "+0.42 pp", "−1.10 pp". */
function ApyChange({ value }: { value: number | null }) {
  if (value === null) return <NoData />;
  const rounded = Math.round(value * 100) / 100;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "±";
  const tone =
    rounded > 0
      ? "text-emerald-700 dark:text-emerald-400"
      : rounded < 0
        ? "text-rose-700 dark:text-rose-400"
        : "text-slate-600 dark:text-slate-400";
  return (
    <span
      className={tone}
      title="Current APY minus the APY of the oldest day of the last 7, in percentage points"
    >
      {sign}
      {Math.abs(rounded).toFixed(2)} pp
    </span>
  );
}

const col = createDataTableColumnHelper<Instrument>();

/** A figure the API can sort by: right-aligned, and highest first on the first click. */
const sortableFigure = (skeletonClassName: string) =>
  ({ sortDescFirst: true, meta: { align: "right", skeletonClassName } }) as const;

/** The average APY over the last 7 or 30 days, a dash where no day snapshot falls in the window. */
function windowApyColumn(id: "apy7d" | "apy30d", header: string) {
  return col.accessor(id, {
    id,
    header,
    ...sortableFigure("w-12"),
    cell: ({ getValue }) => <OptionalPercent value={getValue()} />,
  });
}

// Column ids apyTotal, apyTotalAfter (explorerColumnsFor), tvl, createdAt, apy7d, apy30d and apyChange7d are the API's sortBy values, so sorting state maps 1:1 to the URL.
export const explorerColumns = col.columns([
  col.accessor("protocolInfo.displayName", {
    id: "protocol",
    header: "Protocol",
    enableSorting: false,
    meta: { skeletonClassName: "w-28" },
    cell: ({ row: { original: i } }) => (
      <span className="flex items-center gap-2">
        {/* At phone widths the Chain column is hidden: its icon rides on the protocol's instead. */}
        <MarketIcon
          protocol={i.protocol}
          chainId={i.chainId}
          size={20}
          chainSize={12}
          chainClassName="sm:hidden"
        />
        <span className="flex flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2">
          <AppLink
            href={`/instruments/${i.instrumentId}`}
            className={`font-medium text-slate-900 hover:underline dark:text-white ${rowLinkClass}`}
          >
            {/* The protocol without its version: the version is shown as its own badge. */}
            {protocolLabel(i.protocol)}
            <span className="sr-only">
              {" "}
              V{i.protocolInfo.version} {i.tokenSymbol} on {chainName(i.chainId)}
            </span>
          </AppLink>
          <Badge aria-hidden="true">V{i.protocolInfo.version}</Badge>
        </span>
        {i.protocolInfo.deprecated && <Badge tone="warning">deprecated</Badge>}
      </span>
    ),
  }),
  col.accessor("chainId", {
    id: "chain",
    header: "Chain",
    enableSorting: false,
    // At phone widths the chain's icon rides on the protocol's, so that APY and TVL stay in view.
    meta: { skeletonClassName: "w-24", className: "hidden sm:table-cell" },
    cell: ({ getValue }) => <ChainLabel chainId={getValue()} />,
  }),
  col.accessor("tokenSymbol", {
    id: "token",
    header: "Token",
    enableSorting: false,
    meta: { skeletonClassName: "w-14" },
    cell: ({ row: { original: i } }) => (
      <span className="flex items-center gap-2">
        <span className="font-medium">{i.tokenSymbol}</span>
        {!i.isActive && <Badge tone="danger">inactive</Badge>}
      </span>
    ),
  }),
  col.accessor("yieldTokenSymbol", {
    id: "yieldToken",
    header: "Yield token",
    enableSorting: false,
    // On the instrument page and in the CSV; dropped at phone widths to keep APY and TVL in view.
    meta: { skeletonClassName: "w-20", className: "hidden sm:table-cell" },
    cell: ({ getValue }) => <span className="text-slate-600 dark:text-slate-400">{getValue()}</span>,
  }),
  // The total (base plus rewards) with its split under it; sorting is by the total.
  col.accessor("apyTotal", {
    id: "apyTotal",
    header: "APY",
    ...sortableFigure("w-12"),
    cell: ({ row: { original: i } }) => <ApyCell instrument={i} />,
  }),
  col.accessor("tvl", {
    id: "tvl",
    header: "TVL",
    ...sortableFigure("w-16"),
    cell: ({ getValue }) => <span title={formatUsd(getValue())}>{formatUsdCompact(getValue())}</span>,
  }),
  col.display({
    id: "trend",
    header: "30d trend",
    enableSorting: false,
    meta: { align: "right", skeletonClassName: "w-[88px]" },
    cell: ({ row }) => <ApySparkline instrumentId={row.original.instrumentId} />,
  }),
  windowApyColumn("apy7d", "7d APY"),
  windowApyColumn("apy30d", "30d APY"),
  col.accessor("apyChange7d", {
    id: "apyChange7d",
    header: "7d change",
    ...sortableFigure("w-14"),
    cell: ({ getValue }) => <ApyChange value={getValue()} />,
  }),
  col.accessor("assetCategory", {
    id: "category",
    header: "Category",
    enableSorting: false,
    meta: { skeletonClassName: "w-10" },
    cell: ({ getValue }) => <Badge tone="info">{getValue()}</Badge>,
  }),
  col.accessor("lastSyncedAt", {
    id: "dataAge",
    header: "Data age",
    enableSorting: false,
    meta: { skeletonClassName: "w-32" },
    cell: ({ getValue, row }) => <DataAge lastSyncedAt={getValue()} chainId={row.original.chainId} />,
  }),
  col.accessor("createdAt", {
    id: "createdAt",
    header: "Created",
    ...sortableFigure("w-20"),
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
  }),
]);

/** The APY column for a deposit of `amountUsd`: the total APY after it, sorted by the API's apyTotalAfter. */
const apyAfterColumn = (amountUsd: number) =>
  col.accessor((i) => i.quote?.apyTotalAfter ?? null, {
    id: "apyTotalAfter",
    header: `APY after ${formatUsdCompact(amountUsd)}`,
    ...sortableFigure("w-16"),
    cell: ({ row: { original: i } }) => <ApyAfterCell instrument={i} />,
  });

const columnsByDeposit = new Map<number, typeof explorerColumns>();

/** The explorer's columns; with a deposit amount the APY column is the APY after it (one array per amount, kept). */
export function explorerColumnsFor(depositAmountUsd: number | undefined): typeof explorerColumns {
  if (depositAmountUsd === undefined) return explorerColumns;
  let columns = columnsByDeposit.get(depositAmountUsd);
  if (!columns) {
    if (columnsByDeposit.size >= 20) columnsByDeposit.clear();
    const apyAfter = apyAfterColumn(depositAmountUsd);
    columns = explorerColumns.map((c) => (c.id === "apyTotal" ? apyAfter : c)) as typeof explorerColumns;
    columnsByDeposit.set(depositAmountUsd, columns);
  }
  return columns;
}
