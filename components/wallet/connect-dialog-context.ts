"use client";

import { createContext, useContext } from "react";

export const ConnectDialogContext = createContext<(() => void) | null>(null);

/** Opens the "connect a wallet" dialog (the header button and calls to action inside a page share it). */
export function useOpenConnectDialog(): () => void {
  const open = useContext(ConnectDialogContext);
  if (!open) throw new Error("useOpenConnectDialog must be used inside WalletProvider");
  return open;
}
