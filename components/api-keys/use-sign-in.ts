"use client";

import { useMutation } from "@tanstack/react-query";
import { useConnection, useWalletActions } from "@/components/wallet/wallet-state";
import { getChain } from "@/lib/facts/chains";
import { signInMutationOptions } from "@/lib/client/queries/session";

/**
 * Sign-In with Ethereum with the connected wallet. `chainSupported` is false when the wallet sits on
 * a network the API does not accept in a sign-in message (the page then offers to switch).
 */
export function useSignIn() {
  const connection = useConnection();
  const walletActions = useWalletActions();
  const mutation = useMutation(
    signInMutationOptions(async (message) => {
      if (!connection.address) throw new Error("Connect a wallet first.");
      const wallet = await walletActions();
      return wallet.signMessage({ message, account: connection.address });
    }),
  );
  const chainSupported = connection.chainId !== undefined && getChain(connection.chainId) !== undefined;
  const signIn = () => {
    if (!connection.address || connection.chainId === undefined) return;
    mutation.mutate({ address: connection.address, chainId: connection.chainId });
  };
  return { signIn, mutation, chainSupported, address: connection.address, chainId: connection.chainId };
}
