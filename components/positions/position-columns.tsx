"use client";

import Link from "next/link";
import { createDataTableColumnHelper } from "@/components/ui/data-table";
import { ProtocolIcon } from "@/components/ui/protocol-icon";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import type { Instrument } from "@/lib/schemas/instruments";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";

export type Position = PositionsResponse["positions"][number];
/** A position with its instrument (for the protocol's name and what one unit is worth), once loaded. */
export interface PositionRow extends Position {
  instrument: Instrument | undefined;
  instrumentPending: boolean;
}

/** USD stablecoins are valued one to one; other assets have no price in Yieldgrid (yet). */
export const usdValueOf = (row: PositionRow) =>
  row.instrument && row.instrument.assetCategory === "USD" && row.instrument.isStablecoin
    ? Number(row.balance)
    : null;

const col = createDataTableColumnHelper<PositionRow>();

export const positionColumns = col.columns([
  col.accessor("symbol", {
    header: "Instrument",
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        {/* At phone widths the Protocol column is hidden and its icon stands here instead. */}
        <ProtocolIcon
          name={row.original.instrument?.protocolInfo.name ?? row.original.protocol}
          label={row.original.instrument?.protocolInfo.displayName ?? row.original.protocol}
          size={18}
          className="sm:hidden"
        />
        <Link
          href={`/instruments/${row.original.instrumentId}`}
          className="flex flex-col font-medium text-indigo-700 underline-offset-2 hover:underline sm:flex-row sm:gap-1.5 dark:text-indigo-300"
        >
          <span>{row.original.instrument?.symbol ?? row.original.symbol}</span>
          {row.original.yieldTokenSymbol && (
            <span className="text-xs font-normal text-slate-600 sm:text-sm dark:text-slate-400">
              {row.original.yieldTokenSymbol}
            </span>
          )}
        </Link>
      </span>
    ),
    meta: { skeletonClassName: "w-32" },
  }),
  col.accessor("protocol", {
    header: "Protocol",
    meta: { className: "hidden sm:table-cell" },
    cell: ({ row }) => {
      const info = row.original.instrument?.protocolInfo;
      return (
        <span className="inline-flex items-center gap-2">
          <ProtocolIcon name={info?.name ?? row.original.protocol} size={18} />
          {info ? (
            `${info.displayName}`
          ) : row.original.instrumentPending ? (
            <Skeleton className="h-4 w-16" />
          ) : (
            row.original.protocol
          )}
        </span>
      );
    },
  }),
  col.accessor("balance", {
    header: "Balance",
    cell: ({ row }) => (
      <span title={`${row.original.balance} ${row.original.symbol}`}>
        {formatTokenAmount(row.original.balance)}{" "}
        <span className="text-slate-600 dark:text-slate-400">{row.original.symbol}</span>
      </span>
    ),
    meta: { align: "right" },
  }),
  col.accessor("currentApy", {
    header: "APY",
    cell: (info) => {
      const apy = info.getValue();
      return apy === undefined ? "—" : formatPercent(apy);
    },
    meta: { align: "right", skeletonClassName: "w-12" },
  }),
  col.display({
    id: "value",
    header: "Value",
    cell: ({ row }) => {
      if (row.original.instrumentPending) return <Skeleton className="ml-auto h-4 w-16" />;
      const value = usdValueOf(row.original);
      return value === null ? <span title="Only USD stablecoins are valued">—</span> : formatUsdCents(value);
    },
    meta: { align: "right" },
  }),
]);
