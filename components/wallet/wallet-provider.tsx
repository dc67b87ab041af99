"use client";

import dynamic from "next/dynamic";
import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import type { State } from "wagmi";
import { WalletPortal } from "@/components/layout/wallet-portal";
import { ConnectDialogContext } from "./connect-dialog-context";
import { WalletButton } from "./wallet-button";
import type { WalletRuntimeApi } from "./wallet-runtime";
import {
  connectionOf,
  sameConnection,
  WalletStateContext,
  type WalletActions,
  type WalletStateValue,
} from "./wallet-state";

// wagmi, the connectors and the wallet picker: a chunk of their own (~25 kB gzip), loaded only once a
// wallet is used: at once when the wagmi cookie holds a connection (wagmi reconnects it), otherwise on
// the first "Connect wallet" or wallet action. A visit that never uses a wallet never downloads it.
const WalletRuntime = dynamic(() => import("./wallet-runtime").then((m) => m.WalletRuntime), { ssr: false });

const noSubscription = () => () => {};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Wallet state for the pages that use a wallet, and their wallet button in the site header.
 * `initialState` comes from the wagmi cookie, read by the server, so a connected wallet renders as
 * connected on the first paint, before wagmi has loaded and reconnected.
 */
export function WalletProvider({
  initialState,
  children,
}: {
  initialState: State | undefined;
  children: React.ReactNode;
}) {
  const [runtime, setRuntime] = useState<WalletRuntimeApi | null>(null);
  const [whenReady] = useState(deferred<WalletActions>);
  const initialConnection = useMemo(() => connectionOf(initialState), [initialState]);
  // A connection in the cookie is a wallet in use: wagmi must reconnect it.
  const [loadWagmi, setLoadWagmi] = useState(initialConnection.address !== undefined);
  const onReady = useCallback(
    (api: WalletRuntimeApi) => {
      setRuntime(api);
      whenReady.resolve(api);
    },
    [whenReady],
  );
  const connection = useSyncExternalStore(
    runtime?.subscribe ?? noSubscription,
    () => {
      // wagmi's first answer is usually the cookie's connection again: that re-renders nothing.
      const live = runtime?.getConnection() ?? initialConnection;
      return sameConnection(live, initialConnection) ? initialConnection : live;
    },
    () => initialConnection,
  );
  const ready = useCallback(() => {
    setLoadWagmi(true);
    return whenReady.promise;
  }, [whenReady]);
  const state = useMemo<WalletStateValue>(() => ({ connection, ready }), [connection, ready]);

  const [connectOpen, setConnectOpen] = useState(false);
  const openConnect = useCallback(() => {
    setLoadWagmi(true);
    setConnectOpen(true);
  }, []);
  const closeConnect = useCallback(() => setConnectOpen(false), []);
  return (
    <WalletStateContext.Provider value={state}>
      <ConnectDialogContext.Provider value={openConnect}>
        {children}
        <WalletPortal>
          <WalletButton />
        </WalletPortal>
        {loadWagmi && (
          <WalletRuntime
            initialState={initialState}
            onReady={onReady}
            connectOpen={connectOpen}
            onConnectClose={closeConnect}
          />
        )}
      </ConnectDialogContext.Provider>
    </WalletStateContext.Provider>
  );
}
