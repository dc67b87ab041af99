"use client";

import { useCallback, useState } from "react";
import { WagmiProvider, type State } from "wagmi";
import { WalletPortal } from "@/components/layout/wallet-slot";
import { getConfig } from "@/lib/wallet/config";
import { ConnectDialogContext } from "./connect-dialog-context";
import { ConnectWalletDialog } from "./connect-wallet-dialog";
import { WalletButton } from "./wallet-button";

/**
 * Wallet state for the pages that use a wallet, and their wallet button in the site header.
 * `initialState` comes from the wagmi cookie, read by the server, so a connected wallet renders as
 * connected on the first paint.
 */
export function WalletProvider({
  initialState,
  children,
}: {
  initialState: State | undefined;
  children: React.ReactNode;
}) {
  // One config per mounted provider: the layout stays mounted while moving between its pages.
  const [config] = useState(getConfig);
  const [connectOpen, setConnectOpen] = useState(false);
  const openConnect = useCallback(() => setConnectOpen(true), []);
  const closeConnect = useCallback(() => setConnectOpen(false), []);
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <ConnectDialogContext.Provider value={openConnect}>
        {children}
        <WalletPortal>
          <WalletButton />
        </WalletPortal>
        <ConnectWalletDialog open={connectOpen} onClose={closeConnect} />
      </ConnectDialogContext.Provider>
    </WagmiProvider>
  );
}
