"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";

const SLOT_ID = "wallet-button-slot";
const noChanges = () => () => {};

/**
 * The header's wallet button. Pages without a wallet show a link to where one is used, so that no
 * wallet code loads on them; pages with a wallet render their real button into this slot (`WalletPortal`).
 */
export function WalletSlot() {
  return (
    <div id={SLOT_ID} className="contents">
      <Link
        href="/settings/api-keys"
        data-wallet-fallback
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-900 [#wallet-button-slot:has([data-wallet-button])_&]:hidden"
      >
        Connect wallet
      </Link>
    </div>
  );
}

/** Renders children in the header's wallet slot (only on pages that load a wallet). */
export function WalletPortal({ children }: { children: React.ReactNode }) {
  // The slot is part of the server-rendered header, so it exists by the time the page hydrates.
  const target = useSyncExternalStore(
    noChanges,
    () => document.getElementById(SLOT_ID),
    () => null,
  );
  return target ? createPortal(<span data-wallet-button className="contents">{children}</span>, target) : null;
}
