"use client";

import { useMutation } from "@tanstack/react-query";
import { useConnection, useSignMessage } from "wagmi";
import { getChain } from "@/lib/chains";
import { signInMutationOptions } from "@/lib/queries/session";

/**
 * Sign-In with Ethereum with the connected wallet. `chainSupported` is false when the wallet sits on
 * a network the API does not accept in a sign-in message (the page then offers to switch).
 */
export function useSignIn() {
  const connection = useConnection();
  const signMessage = useSignMessage();
  const mutation = useMutation(
    signInMutationOptions((message) => {
      if (!connection.address) throw new Error("Connect a wallet first.");
      return signMessage.mutateAsync({ message, account: connection.address });
    }),
  );
  const chainSupported = connection.chainId !== undefined && getChain(connection.chainId) !== undefined;
  const signIn = () => {
    if (!connection.address || connection.chainId === undefined) return;
    mutation.mutate({ address: connection.address, chainId: connection.chainId });
  };
  return { signIn, mutation, chainSupported, address: connection.address, chainId: connection.chainId };
}
