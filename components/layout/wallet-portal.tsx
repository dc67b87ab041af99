"use client";

import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { WALLET_SLOT_ID } from "./wallet-slot";

const noChanges = () => () => {};

/** Renders children in the header's wallet slot (wallet-slot.tsx; only on pages that load a wallet). */
export function WalletPortal({ children }: { children: React.ReactNode }) {
  // The slot is part of the server-rendered header, so it exists by the time the page hydrates.
  const target = useSyncExternalStore(
    noChanges,
    () => document.getElementById(WALLET_SLOT_ID),
    () => null,
  );
  return target ? createPortal(<span data-wallet-button className="contents">{children}</span>, target) : null;
}
