import type { Metadata } from "next";
import { Suspense } from "react";
import { PositionsView } from "@/components/positions/positions-view";

export const metadata: Metadata = { title: "Positions" };

export default function PositionsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Positions</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          The USDC balance of any address and its deposits in the lending markets Yieldgrid tracks, read live
          from the chain.
        </p>
      </div>
      {/* The view reads the address and chain from the URL. */}
      <Suspense>
        <PositionsView />
      </Suspense>
    </div>
  );
}
