"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { chainName } from "@/lib/facts/chains";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";
import { PositionsTable } from "./positions-table";

/** An address's USDC, its number of positions and their value, then a row per position. */
export function PositionsResult({
  data,
  chainId,
  refreshing,
}: {
  data: PositionsResponse;
  chainId: number;
  refreshing: boolean;
}) {
  const name = chainName(chainId);

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <UsdcStat balance={data.usdcBalance} className="col-span-2 sm:col-span-1" />
        <Stat label="Positions" value={String(data.positions.length)} />
        <PositionsValueStat
          valueUsd={data.totalValueUsd}
          unpricedOn="this chain"
          pricedTitle="Every position at its token's USD price from the last sync"
        />
      </dl>
      {data.positions.length === 0 ? (
        // Outside the table: a message centred across a wide scrolling table is cut off at 375 px.
        <div className="rounded-lg border border-slate-200 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p className="font-medium text-slate-900 dark:text-slate-100">No positions on {name}</p>
          <p className="mt-1">
            This address holds none of the lending markets Yieldgrid tracks on {name}. Try another chain.
          </p>
        </div>
      ) : (
        <PositionsTable positions={data.positions} chainId={chainId} refreshing={refreshing} />
      )}
    </div>
  );
}

/** Stands where the result will be while the chain is read. */
export function PositionsResultSkeleton() {
  return (
    <div aria-busy="true" aria-label="Reading the chain" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-40 rounded-lg" />
    </div>
  );
}

/** One figure of a result: a label over a large value (its exact form in the title). */
export function Stat({
  label,
  value,
  title,
  className,
}: {
  label: string;
  value: string | null;
  title?: string;
  className?: string;
}) {
  return (
    <div
      className={`rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900/60 ${className ?? ""}`}
    >
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums" title={title}>
        {value ?? <Skeleton className="h-7 w-24" />}
      </dd>
    </div>
  );
}

/** The USDC the address holds outside any market, to two decimals (all of them in the title). */
export function UsdcStat({ balance, className }: { balance: string; className?: string }) {
  return (
    <Stat label="USDC in wallet" value={`${formatTokenAmount(balance, 2)} USDC`} title={`${balance} USDC`} className={className} />
  );
}

/** What the positions are worth; a dash while some position's token has no price from a sync yet. */
export function PositionsValueStat({
  valueUsd,
  unpricedOn,
  pricedTitle,
  className,
}: {
  valueUsd: number | null | undefined;
  /** Where a price is missing: "this chain", "its chain". */
  unpricedOn: string;
  pricedTitle: string;
  className?: string;
}) {
  return (
    <Stat
      label="Value of positions"
      value={valueUsd == null ? "—" : formatUsdCents(valueUsd)}
      title={
        valueUsd == null ? `Not every position has a price yet: no sync has priced its token on ${unpricedOn}` : pricedTitle
      }
      className={className}
    />
  );
}
