"use client";

import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ChainLabel } from "@/components/ui/chain-label";
import { shortAddress } from "@/components/ui/format";
import { KeyIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useOpenConnectDialog } from "@/components/wallet/connect-dialog-context";
import { useWalletActions } from "@/components/wallet/wallet-state";
import { chainName, getChain } from "@/lib/facts/chains";
import { SignInError } from "./sign-in-error";
import { useSignIn } from "./use-sign-in";

const DEFAULT_SIGN_IN_CHAIN = 1;

// The signed-in view is a chunk of its own (api-keys-manager.tsx): it loads while the wallet signs.
const preloadSignedInView = () => void import("./signed-in-view");

/** Signed out: connect a wallet, then sign a message to prove the address is yours. */
export function SignInPanel() {
  const signIn = useSignIn();
  const walletActions = useWalletActions();
  const switchChain = useMutation({
    mutationFn: async (chainId: number) => (await walletActions()).switchChain(chainId),
  });
  return (
    <section
      aria-labelledby="sign-in-heading"
      className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300"
      >
        <KeyIcon size={24} />
      </span>
      {signIn.address ? (
        <SignStep signIn={signIn} address={signIn.address} switchChain={switchChain} />
      ) : (
        <ConnectStep />
      )}
    </section>
  );
}

function ConnectStep() {
  const openConnect = useOpenConnectDialog();
  return (
    <>
      <h2 id="sign-in-heading" className="mt-4 text-lg font-semibold">
        Connect a wallet to manage API keys
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Your account is your wallet address. Connect the wallet you want your keys to belong to, then sign a
        message to prove it is yours.
      </p>
      <Button variant="primary" size="lg" className="mt-6" onClick={openConnect}>
        Connect wallet
      </Button>
    </>
  );
}

/** Connected: sign the message, or first move the wallet to a network the API accepts. */
function SignStep({
  signIn: { signIn, mutation, chainSupported, chainId },
  address,
  switchChain,
}: {
  signIn: ReturnType<typeof useSignIn>;
  address: string;
  switchChain: UseMutationResult<unknown, Error, number>;
}) {
  const chain = chainId === undefined ? undefined : getChain(chainId);
  const error = mutation.error ?? switchChain.error;
  return (
    <>
      <h2 id="sign-in-heading" className="mt-4 text-lg font-semibold">
        Sign in with Ethereum
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Your wallet will ask you to sign a message for{" "}
        <span className="font-mono text-slate-900 dark:text-slate-100">{shortAddress(address)}</span>
        {chain && (
          <>
            {" "}
            on{" "}
            <ChainLabel chainId={chain.id} size={14} className="font-medium text-slate-900 dark:text-slate-100" />
          </>
        )}
        . Signing is free: it sends no transaction and costs no gas.
      </p>
      {chainSupported ? (
        <Button
          variant="primary"
          size="lg"
          className="mt-6"
          onClick={() => {
            preloadSignedInView();
            signIn();
          }}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? (
            <>
              <Spinner /> Check your wallet…
            </>
          ) : (
            "Sign in"
          )}
        </Button>
      ) : (
        <SwitchNetwork chainId={chainId} switchChain={switchChain} />
      )}
      {error && <SignInError error={error} />}
    </>
  );
}

function SwitchNetwork({
  chainId,
  switchChain,
}: {
  chainId: number | undefined;
  switchChain: UseMutationResult<unknown, Error, number>;
}) {
  return (
    <div className="mt-6 space-y-3">
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
        Your wallet is on a network Yieldgrid does not support (chain {chainId ?? "unknown"}). Switch networks
        to sign in.
      </p>
      <Button
        variant="primary"
        size="lg"
        onClick={() => switchChain.mutate(DEFAULT_SIGN_IN_CHAIN)}
        disabled={switchChain.isPending}
      >
        {switchChain.isPending ? "Check your wallet…" : `Switch to ${chainName(DEFAULT_SIGN_IN_CHAIN)}`}
      </Button>
    </div>
  );
}
