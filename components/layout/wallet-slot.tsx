import { AppLink } from "@/components/ui/app-link";

// A server component: pages without a wallet download no code for the header's wallet slot.

export const WALLET_SLOT_ID = "wallet-button-slot";

/**
 * The header's wallet button. Pages without a wallet show a link to where one is used, so that no
 * wallet code loads on them; pages with a wallet render their real button into this slot (`WalletPortal`).
 */
export function WalletSlot() {
  return (
    <div id={WALLET_SLOT_ID} className="contents">
      <AppLink
        href="/settings/api-keys"
        data-wallet-fallback
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-900 [#wallet-button-slot:has([data-wallet-button])_&]:hidden"
      >
        Connect wallet
      </AppLink>
    </div>
  );
}
