"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { DataTable } from "@/components/ui/data-table";
import { SampleDataNote } from "@/components/ui/sample-data-note";
import { chainName } from "@/lib/facts/chains";
import { healthQueryOptions } from "@/lib/client/queries/health";
import { positionInstrumentQueryOptions } from "@/lib/client/queries/positions";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { positionColumns, type PositionRow } from "./position-columns";

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
  return (
    <>
      {sampleData && (
        <SampleDataNote
          chainIds={[chainId]}
          what="the APY and TVL beside these balances (the balances themselves are read from the chain)"
        />
      )}
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
