"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ChainLabel } from "@/components/ui/chain-label";
import { shortAddress } from "@/components/ui/format";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import { walletErrorMessage } from "@/components/wallet/wallet-errors";
import { useConnection } from "@/components/wallet/wallet-state";
import { signOutMutationOptions } from "@/lib/client/queries/session";
import { getChain } from "@/lib/facts/chains";
import type { Session } from "@/lib/schemas/auth";
import { useSignIn } from "./use-sign-in";

/** Who is signed in, sign out, and a warning when the wallet now connected is another address. */
export function AccountBar({ session }: { session: Session }) {
  const connection = useConnection();
  const signOut = useMutation(signOutMutationOptions());
  const chain = getChain(session.chainId);
  const hydrated = useHydrated();
  const otherWallet =
    connection.address !== undefined && connection.address.toLowerCase() !== session.address.toLowerCase()
      ? connection.address
      : undefined;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-900/60">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <span>Signed in as</span>
          <span
            className="font-mono text-[13px] font-medium text-slate-900 dark:text-slate-100"
            title={session.address}
          >
            {shortAddress(session.address)}
          </span>
          {chain && <ChainLabel chainId={chain.id} size={14} className="text-slate-600 dark:text-slate-400" />}
        </p>
        <Button size="sm" variant="secondary" onClick={() => signOut.mutate()} disabled={!hydrated || signOut.isPending}>
          {signOut.isPending ? "Signing out…" : "Sign out"}
        </Button>
      </div>
      {signOut.error && <RequestError title="You could not be signed out" error={signOut.error} />}
      {otherWallet && <OtherWalletNotice wallet={otherWallet} session={session} />}
    </div>
  );
}

/** The wallet connected now is not the signed-in address: the keys shown are the session's; offer to switch. */
function OtherWalletNotice({ wallet, session }: { wallet: string; session: Session }) {
  const { signIn, mutation: signInAgain, chainSupported } = useSignIn();
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <p>
        Your wallet is now <span className="font-mono">{shortAddress(wallet)}</span>, but you are signed in as{" "}
        <span className="font-mono">{shortAddress(session.address)}</span>. The keys below belong to{" "}
        <span className="font-mono">{shortAddress(session.address)}</span>.
      </p>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        onClick={signIn}
        disabled={signInAgain.isPending || !chainSupported}
      >
        {signInAgain.isPending ? (
          <>
            <Spinner /> Check your wallet…
          </>
        ) : (
          `Sign in as ${shortAddress(wallet)}`
        )}
      </Button>
      {signInAgain.error && <p className="mt-2 text-red-800 dark:text-red-300">{walletErrorMessage(signInAgain.error)}</p>}
    </div>
  );
}
