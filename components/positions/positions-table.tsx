"use client";

import { formatList } from "@/components/ui/format";
import { useQueries, useQuery } from "@tanstack/react-query";
import { DataTable } from "@/components/ui/data-table";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { chainName } from "@/lib/facts/chains";
import { healthQueryOptions } from "@/lib/client/queries/health";
import { positionInstrumentQueryOptions } from "@/lib/client/queries/positions";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { WarningIcon } from "@/components/ui/icons";
import { isLimited, positionColumns, type PositionRow } from "./position-columns";

/**
 * One chain's positions as a table, each row with its instrument once loaded. Balances are read from
 * the chain; APY and TVL come from the last sync, so on a chain no sync has read they are the seeded
 * sample figures, and a note says so. Renders nothing without positions.
 */
export function PositionsTable({
  positions,
  chainId,
  refreshing,
}: {
  positions: PositionsResponse["positions"];
  chainId: number;
  refreshing: boolean;
}) {
  const instruments = useQueries({
    queries: positions.map((p) => positionInstrumentQueryOptions(p.instrumentId, chainId)),
  });
  const rows: PositionRow[] = positions.map((p, i) => ({
    ...p,
    instrument: instruments[i]?.data,
    instrumentPending: instruments[i]?.isPending ?? false,
  }));
  const health = useQuery({ ...healthQueryOptions(), enabled: rows.length > 0 });
  const sampleData = health.data?.chains.find((c) => c.chainId === chainId)?.lastSuccessAt === null;
  if (rows.length === 0) return null;
  const limited = rows.filter(isLimited);
  return (
    <>
      {sampleData && (
        <SampleDataNote
          chainIds={[chainId]}
          what="the APY and TVL beside these balances (the balances themselves are read from the chain)"
        />
      )}
      {limited.length > 0 && <WithdrawalLimitNote limited={limited} chainId={chainId} />}
      <DataTable
        caption={`Positions on ${chainName(chainId)}`}
        columns={positionColumns}
        data={rows}
        getRowId={(row) => row.instrumentId}
        isFetching={refreshing}
      />
    </>
  );
}

/**
 * Says, in words and above the table, which positions cannot be withdrawn in full right now: their
 * markets have lent out more than the rest of the position. Each row says how much can.
 */
function WithdrawalLimitNote({ limited, chainId }: { limited: PositionRow[]; chainId: number }) {
  const names = formatList(limited.map((p) => p.yieldTokenSymbol ?? p.symbol));
  return (
    <p
      role="note"
      aria-label={`Withdrawal limits on ${chainName(chainId)}`}
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <WarningIcon size={16} className="mt-0.5 shrink-0" />
      <span>
        <strong className="font-semibold">
          {limited.length === 1 ? "One position" : `${limited.length} positions`} cannot be withdrawn in full right now:
        </strong>{" "}
        {names}. {limited.length === 1 ? "Its market has" : "Their markets have"} lent out more than the rest of{" "}
        {limited.length === 1 ? "it" : "them"}, and the rest can only be taken out as borrowers repay or others
        deposit. Each row says how much can be withdrawn now.
      </span>
    </p>
  );
}
