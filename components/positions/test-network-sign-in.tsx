"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useOpenConnectDialog } from "@/components/wallet/connect-dialog-context";
import { useConnection, useWalletActions } from "@/components/wallet/wallet-state";
import { getChain } from "@/lib/facts/chains";
import { positionKeys } from "@/lib/client/queries/positions";
import { sessionKeys, signInMutationOptions } from "@/lib/client/queries/session";

/**
 * Test networks (Sepolia, Base Sepolia, the local chain) belong to the test environment, which the
 * dashboard reads with a Sign-In with Ethereum session: connect, sign, and the positions reload.
 */
export function TestNetworkSignIn({ chainName }: { chainName: string }) {
  const connection = useConnection();
  const walletActions = useWalletActions();
  const openConnect = useOpenConnectDialog();
  const queryClient = useQueryClient();
  const signIn = useMutation({
    ...signInMutationOptions(async (message) => {
      if (!connection.address) throw new Error("Connect a wallet first.");
      return (await walletActions()).signMessage({ message, account: connection.address });
    }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.all, session);
      return queryClient.invalidateQueries({ queryKey: positionKeys.all });
    },
  });
  const connected = connection.status === "connected" && connection.address !== undefined;
  // A sign-in message names the wallet's chain; the API accepts the chains Yieldgrid knows.
  const chainSupported = connection.chainId !== undefined && getChain(connection.chainId) !== undefined;

  return (
    <div
      role="status"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm dark:border-indigo-900/70 dark:bg-indigo-950/40"
    >
      <p className="font-semibold text-indigo-950 dark:text-indigo-100">Sign in to read {chainName}</p>
      <p className="mt-1 text-indigo-900 dark:text-indigo-200">
        {chainName} is a test network. Yieldgrid reads test networks for signed-in accounts: sign a message
        with your wallet (no transaction, no fee), or use a test API key with the API.
      </p>
      {signIn.isError && (
        <p role="alert" className="mt-2 text-red-800 dark:text-red-300">
          {signIn.error instanceof Error ? signIn.error.message : "Signing in failed."}
        </p>
      )}
      <div className="mt-3">
        {!connected ? (
          <Button size="sm" onClick={openConnect}>
            Connect wallet
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={signIn.isPending || !chainSupported}
            onClick={() => signIn.mutate({ address: connection.address!, chainId: connection.chainId! })}
          >
            {signIn.isPending ? "Waiting for your wallet…" : "Sign in with Ethereum"}
          </Button>
        )}
        {connected && !chainSupported && (
          <p className="mt-2 text-indigo-900 dark:text-indigo-200">Switch your wallet to a network Yieldgrid supports first.</p>
        )}
      </div>
    </div>
  );
}
