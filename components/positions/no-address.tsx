"use client";

import { Button } from "@/components/ui/button";
import { useOpenConnectDialog } from "@/components/wallet/connect-dialog-context";

/** What the page shows before there is an address: paste one, or connect a wallet. */
export function NoAddress() {
  const openConnect = useOpenConnectDialog();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <h2 className="text-base font-semibold">Look up any address</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Paste any wallet address to see its USDC balance and its deposits in the lending markets Yieldgrid
        tracks. No wallet needed, or connect yours to see your own.
      </p>
      <Button variant="secondary" className="mt-5" onClick={openConnect}>
        Connect wallet
      </Button>
    </div>
  );
}
