"use client";

import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { shortAddress } from "@/components/ui/format";

/**
 * Whose positions are shown when a wallet is connected: the wallet's own ("Your wallet"), or a
 * pasted address, with a link back to the wallet's.
 */
export function WalletAddressNotes({
  walletAddress,
  urlAddress,
  chainParam,
  pathname,
}: {
  walletAddress: string | undefined;
  urlAddress: string | null;
  /** The URL's chainId value (a chain id, all or all-test), kept when switching back. */
  chainParam: string;
  pathname: string;
}) {
  if (!walletAddress) return null;
  if (!urlAddress)
    return (
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        <Badge tone="info" className="mr-2 align-middle">
          Your wallet
        </Badge>
        Showing{" "}
        <span className="font-mono text-slate-900 dark:text-slate-100">{shortAddress(walletAddress)}</span>,
        the connected wallet. Paste an address to look at another.
      </p>
    );
  if (walletAddress.toLowerCase() === urlAddress.toLowerCase()) return null;
  return (
    <p className="mt-3 text-sm">
      <AppLink
        href={`${pathname}?chainId=${chainParam}`}
        scroll={false}
        className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        Show my wallet ({shortAddress(walletAddress)}) instead
      </AppLink>
    </p>
  );
}
