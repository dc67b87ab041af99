"use client";

import { useCallback, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ChainIcon } from "@/components/ui/chain-icon";
import { ChainLabel } from "@/components/ui/chain-label";
import { shortAddress } from "@/components/ui/format";
import { useCopyToClipboard } from "@/components/ui/use-copy-to-clipboard";
import { getChain, type ChainInfo } from "@/lib/facts/chains";
import { useOpenConnectDialog } from "./connect-dialog-context";
import { useCloseOnOutside } from "./use-close-on-outside";
import { useConnection, useWalletActions } from "./wallet-state";

/** The header's wallet button: "Connect wallet", or the connected address and network with a small account panel. */
export function WalletButton() {
  const connection = useConnection();
  const openConnect = useOpenConnectDialog();
  if (!connection.address) {
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={openConnect}
        disabled={connection.status === "connecting"}
      >
        {connection.status === "connecting" ? "Connecting…" : "Connect wallet"}
      </Button>
    );
  }
  return (
    <AccountMenu
      address={connection.address}
      chainId={connection.chainId}
      connectorName={connection.connectorName}
    />
  );
}

interface Account {
  address: `0x${string}`;
  chainId: number | undefined;
  connectorName: string | undefined;
}

/** The address and network as a button that opens the account panel (closed by Escape or a press outside). */
function AccountMenu(account: Account) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const chain = account.chainId === undefined ? undefined : getChain(account.chainId);
  useCloseOnOutside({ open, close, root, trigger });

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && close()}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Wallet ${shortAddress(account.address)} on ${chain?.name ?? "an unsupported network"}`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-8 items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {chain ? (
          <ChainIcon chainId={chain.id} size={16} />
        ) : (
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
        )}
        <span className="font-mono text-[13px]">{shortAddress(account.address)}</span>
      </button>
      {open && <AccountPanel id={panelId} account={account} chain={chain} onClose={close} />}
    </div>
  );
}

/** Which wallet, the full address, the network, and "Copy address" and "Disconnect". */
function AccountPanel({
  id,
  account: { address, chainId, connectorName },
  chain,
  onClose,
}: {
  id: string;
  account: Account;
  chain: ChainInfo | undefined;
  onClose: () => void;
}) {
  const walletActions = useWalletActions();
  // Failing silently is fine here: the address is on screen to select by hand.
  const clipboard = useCopyToClipboard({ resetAfterMs: 1_500 });
  return (
    <div
      id={id}
      className="absolute right-0 top-full z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Connected{connectorName ? ` with ${connectorName}` : ""}
      </p>
      <p className="mt-1 break-all font-mono text-[13px] text-slate-900 dark:text-slate-100">{address}</p>
      <p className="mt-3 flex items-center gap-2 text-slate-700 dark:text-slate-300">
        {chain ? (
          <ChainLabel chainId={chain.id} size={16} />
        ) : (
          <span className="text-amber-800 dark:text-amber-300">
            Unsupported network (chain {chainId ?? "unknown"})
          </span>
        )}
      </p>
      <div className="mt-4 flex gap-2">
        <Button size="sm" variant="secondary" className="flex-1" onClick={() => void clipboard.copy(address)}>
          <span aria-live="polite">{clipboard.state === "copied" ? "Copied" : "Copy address"}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="flex-1"
          onClick={() => {
            onClose();
            void walletActions().then((wallet) => wallet.disconnect());
          }}
        >
          Disconnect
        </Button>
      </div>
    </div>
  );
}
