"use client";

import { ApyTotalCell } from "@/components/instruments/apy-breakdown";
import { AppLink } from "@/components/ui/app-link";
import { createDataTableColumnHelper } from "@/components/ui/data-table";
import { ProtocolIcon } from "@/components/ui/protocol-icon";
import { ProtocolLabel } from "@/components/ui/protocol-label";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/components/ui/format";
import { WarningIcon } from "@/components/ui/icons";
import type { Instrument } from "@/lib/schemas/instruments";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { formatTokenAmount, formatUsdCents, formatUsdPrice } from "./format-amounts";

export type Position = PositionsResponse["positions"][number];
/** A position with its instrument (for the protocol's name and what one unit is worth), once loaded. */
export interface PositionRow extends Position {
  instrument: Instrument | undefined;
  instrumentPending: boolean;
}

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
        <AppLink
          href={`/instruments/${row.original.instrumentId}`}
          className="flex flex-col font-medium text-indigo-700 underline-offset-2 hover:underline sm:flex-row sm:gap-1.5 dark:text-indigo-300"
        >
          <span>{row.original.instrument?.symbol ?? row.original.symbol}</span>
          {row.original.yieldTokenSymbol && (
            // A long vault symbol is cut at phone widths (in full in its title), so the balance,
            // value and APY stay in view.
            <span
              title={row.original.yieldTokenSymbol}
              className="max-w-[5.5rem] truncate text-xs font-normal text-slate-600 sm:max-w-none sm:text-sm dark:text-slate-400"
            >
              {row.original.yieldTokenSymbol}
            </span>
          )}
        </AppLink>
      </span>
    ),
    meta: { skeletonClassName: "w-32" },
  }),
  col.accessor("protocol", {
    header: "Protocol",
    meta: { className: "hidden sm:table-cell" },
    cell: ({ row }) => {
      const info = row.original.instrument?.protocolInfo;
      // The version's name once the instrument is loaded; the protocol's until then, or if it fails.
      return (
        <ProtocolLabel name={row.original.protocol}>
          {info ? (
            info.displayName
          ) : row.original.instrumentPending ? (
            <Skeleton className="h-4 w-16" />
          ) : undefined}
        </ProtocolLabel>
      );
    },
  }),
  col.accessor("balance", {
    header: "Balance",
    cell: ({ row }) => (
      <span className="flex flex-col items-end">
        <span title={`${row.original.balance} ${row.original.symbol}`}>
          {formatTokenAmount(row.original.balance)}{" "}
          <span className="text-slate-600 dark:text-slate-400">{row.original.symbol}</span>
        </span>
        {/* At phone widths the Value column is hidden and the value stands under the balance. */}
        <span className="text-xs text-slate-600 sm:hidden dark:text-slate-400">
          <PositionValue position={row.original} />
        </span>
        {/* So is the Withdrawable column: a limit on withdrawing stands here too. */}
        {isLimited(row.original) && (
          <span className="sm:hidden">
            <LimitWarning position={row.original} />
          </span>
        )}
      </span>
    ),
    meta: { align: "right" },
  }),
  col.accessor("withdrawableNow", {
    header: "Withdrawable now",
    cell: ({ row }) => <WithdrawableNow position={row.original} />,
    meta: { align: "right", className: "hidden sm:table-cell" },
  }),
  // The total APY (base plus rewards) with its split under it, as in the explorer, once the
  // instrument is loaded; until then, or if it cannot be, the base APY the positions answer gives.
  col.accessor("currentApy", {
    header: "APY",
    cell: ({ row: { original: p } }) => <PositionApy position={p} />,
    meta: { align: "right", skeletonClassName: "w-12" },
  }),
  col.accessor("valueUsd", {
    header: "Value",
    cell: ({ row }) => <PositionValue position={row.original} />,
    meta: { align: "right", className: "hidden sm:table-cell" },
  }),
]);

function PositionApy({ position: p }: { position: PositionRow }) {
  if (p.instrument) return <ApyTotalCell instrument={p.instrument} splitFromSm />;
  if (p.instrumentPending) return <Skeleton className="ml-auto h-4 w-12" />;
  if (p.currentApy === undefined) return <>—</>;
  return (
    <span className="inline-flex flex-col items-end">
      <span>{formatPercent(p.currentApy)}</span>
      <span className="hidden text-xs text-slate-600 sm:inline dark:text-slate-400">base; rewards unknown</span>
    </span>
  );
}

/** A position's value in USD, with the price it was valued at; a dash while no sync has priced it. */
function PositionValue({ position: { valueUsd, priceUsd, symbol } }: { position: Position }) {
  return valueUsd == null || priceUsd == null ? (
    <span title={`No sync has priced ${symbol} on this chain yet`}>—</span>
  ) : (
    <span title={`at ${formatUsdPrice(priceUsd)} per ${symbol}, the price of the last sync`}>
      {formatUsdCents(valueUsd)}
    </span>
  );
}

/** Less of the position can be withdrawn now than it holds: its market is lent out too far. */
export const isLimited = (p: Position) => p.withdrawableNowRaw != null && BigInt(p.withdrawableNowRaw) < BigInt(p.balanceRaw);

/** What of a position can be withdrawn now (the exact amount in its title); a warning in words when it is less. */
function WithdrawableNow({ position }: { position: Position }) {
  const { withdrawableNow, symbol } = position;
  if (withdrawableNow == null)
    return <span title={`The liquidity of this ${symbol} market could not be read`}>Unknown</span>;
  return (
    <span className="flex flex-col items-end">
      <span title={`${withdrawableNow} ${symbol}`}>
        {formatTokenAmount(withdrawableNow)} <span className="text-slate-600 dark:text-slate-400">{symbol}</span>
      </span>
      {isLimited(position) ? (
        <LimitWarning position={position} />
      ) : (
        <span className="text-xs text-slate-600 dark:text-slate-400">All of it</span>
      )}
    </span>
  );
}

/** The warning itself: an icon and words, so that it never rests on colour alone. */
function LimitWarning({ position: { withdrawableNow, symbol } }: { position: Position }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
      <WarningIcon size={12} />
      Only {formatTokenAmount(withdrawableNow ?? "0")} {symbol} now
    </span>
  );
}
