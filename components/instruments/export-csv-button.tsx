"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { fetchAllInstruments } from "@/lib/client/queries/instruments";
import { apiQueryOf, type ExplorerQuery } from "./explorer-query";
import { describeError } from "./describe-error";

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; rows: number }
  | { kind: "error"; message: string; requestId: string | null };

/** Downloads every row of the current view (all pages, same environment, filters and order) as CSV. */
export function ExportCsvButton({ query, disabled }: { query: ExplorerQuery; disabled?: boolean }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  const exportCsv = async () => {
    setState({ kind: "busy" });
    try {
      // The CSV writer loads on the first export, not with the page.
      const [rows, { csvFileName, instrumentsToCsv }] = await Promise.all([
        fetchAllInstruments(apiQueryOf(query), { environment: query.environment }),
        import("./instruments-csv"),
      ]);
      const blob = new Blob([instrumentsToCsv(rows, { depositAmountUsd: query.depositAmountUsd })], {
        type: "text/csv;charset=utf-8",
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = csvFileName(query.environment);
      document.body.append(link);
      link.click();
      link.remove();
      // Revoke later: some browsers start reading the blob only after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ kind: "done", rows: rows.length });
    } catch (error) {
      setState({ kind: "error", ...describeError(error) });
    }
  };

  return (
    <div className="flex items-center">
      {/* Always rendered, so screen readers announce what appears in it; takes no room while empty. */}
      <p role="status" className="mr-3 text-sm text-slate-600 empty:mr-0 dark:text-slate-400">
        {state.kind === "busy" && "Preparing CSV…"}
        {state.kind === "done" && <span className="sr-only">CSV with {state.rows} rows downloaded.</span>}
        {state.kind === "error" && (
          <span className="text-red-700 dark:text-red-400">
            Export failed: {state.message}
            {state.requestId && ` (request ${state.requestId})`}
          </span>
        )}
      </p>
      <Button size="sm" onClick={exportCsv} disabled={disabled || state.kind === "busy"}>
        <DownloadIcon />
        Export CSV
      </Button>
    </div>
  );
}
