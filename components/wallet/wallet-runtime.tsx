"use client";

import { useEffect, useState } from "react";
import { WagmiProvider, type State } from "wagmi";
import { disconnect, getConnection, signMessage, switchChain, watchConnection } from "wagmi/actions";
import { getConfig } from "@/lib/client/wallet-config";
import { ConnectWalletDialog } from "./connect-wallet-dialog";
import { sameConnection, type WalletActions, type WalletConnection } from "./wallet-state";

/** What WalletProvider gets once wagmi has loaded: the live connection and the wallet's actions. */
export interface WalletRuntimeApi extends WalletActions {
  subscribe(onChange: () => void): () => void;
  getConnection(): WalletConnection;
}

type Config = ReturnType<typeof getConfig>;

const pick = (connection: ReturnType<typeof getConnection<Config>>): WalletConnection => ({
  address: connection.address,
  chainId: connection.chainId,
  status: connection.status,
  connectorName: connection.connector?.name,
});

function runtimeApi(config: Config): WalletRuntimeApi {
  // One snapshot per change, so that useSyncExternalStore sees a new object only when something changed.
  let current = pick(getConnection(config));
  const listeners = new Set<() => void>();
  watchConnection(config, {
    onChange(connection) {
      const next = pick(connection);
      if (sameConnection(next, current)) return;
      current = next;
      for (const listener of listeners) listener();
    },
  });
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    getConnection: () => current,
    signMessage: ({ message, account }) => signMessage(config, { message, account }),
    // The pages pass chain ids from lib/chains, which are the config's chains.
    switchChain: (chainId) => switchChain(config, { chainId: chainId as Config["chains"][number]["id"] }),
    disconnect: () => disconnect(config),
  };
}

/**
 * wagmi itself, loaded after the page has hydrated (WalletProvider renders it with next/dynamic): the
 * config and its connectors, hydration from the cookie and the reconnect, and the wallet picker, which
 * uses wagmi's hooks under this WagmiProvider. The pages read the connection through WalletProvider.
 */
export function WalletRuntime({
  initialState,
  onReady,
  connectOpen,
  onConnectClose,
}: {
  initialState: State | undefined;
  onReady: (api: WalletRuntimeApi) => void;
  connectOpen: boolean;
  onConnectClose: () => void;
}) {
  // One config per mounted provider: the layout stays mounted while moving between its pages.
  const [config] = useState(getConfig);
  const [api] = useState(() => runtimeApi(config));
  useEffect(() => onReady(api), [api, onReady]);
  return (
    <WagmiProvider config={config} initialState={initialState}>
      {connectOpen && <ConnectWalletDialog open onClose={onConnectClose} />}
    </WagmiProvider>
  );
}
