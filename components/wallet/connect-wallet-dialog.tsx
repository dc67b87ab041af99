"use client";

import { useEffect, useState } from "react";
import { useConnect, useConnection, useConnectors, type Connector } from "wagmi";
import { Dialog } from "@/components/ui/dialog";
import { WalletIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { walletErrorMessage } from "./wallet-errors";

// The generic connector wagmi keeps beside the wallets that announce themselves (EIP-6963).
const GENERIC_INJECTED_ID = "injected";

/** The wallets to offer: every announced wallet; the generic injected provider only when none announced itself. */
function walletChoices(connectors: readonly Connector[]): Connector[] {
  const announced = connectors.filter((c) => c.id !== GENERIC_INJECTED_ID);
  if (announced.length > 0) return announced;
  const hasLegacyProvider = typeof window !== "undefined" && "ethereum" in window && Boolean(window.ethereum);
  return hasLegacyProvider ? connectors.filter((c) => c.id === GENERIC_INJECTED_ID) : [];
}

export function ConnectWalletDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const connectors = useConnectors();
  const connect = useConnect();
  const { status } = useConnection();
  const [choice, setChoice] = useState<string | null>(null);
  const choices = walletChoices(connectors);

  // Once a wallet is connected the dialog has done its job.
  useEffect(() => {
    if (open && status === "connected") onClose();
  }, [open, status, onClose]);

  const close = () => {
    connect.reset();
    setChoice(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Connect a wallet"
      description="Yieldgrid reads your address to show your positions and asks for a signature to sign you in. It never asks for a transaction."
      className="max-w-md"
    >
      {choices.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          No browser wallet was found. Install a wallet extension (MetaMask, Rabby, Coinbase Wallet…) and
          reload the page. You can look up any address on the Positions page without one.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Wallets in this browser">
          {choices.map((connector) => {
            const pending = connect.isPending && choice === connector.uid;
            const name = connector.id === GENERIC_INJECTED_ID ? "Browser wallet" : connector.name;
            return (
              <li key={connector.uid}>
                <button
                  type="button"
                  disabled={connect.isPending}
                  onClick={() => {
                    setChoice(connector.uid);
                    connect.mutate({ connector });
                  }}
                  className="flex w-full items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-left text-sm font-medium hover:border-indigo-400 hover:bg-indigo-50/60 disabled:cursor-wait disabled:opacity-70 dark:border-slate-700 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/40"
                >
                  {connector.icon ? (
                    // A data: URI the wallet announced itself; next/image cannot optimise it.
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={connector.icon} alt="" width={28} height={28} className="h-7 w-7 rounded-md" />
                  ) : (
                    <WalletGlyph />
                  )}
                  <span className="flex-1">{name}</span>
                  {pending && (
                    <span className="flex items-center gap-2 text-xs font-normal text-slate-600 dark:text-slate-400">
                      <Spinner /> Confirm in your wallet
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {connect.error && (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-300"
        >
          {walletErrorMessage(connect.error)}
        </p>
      )}
    </Dialog>
  );
}

function WalletGlyph() {
  return (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 items-center justify-center rounded-md bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      <WalletIcon />
    </span>
  );
}
