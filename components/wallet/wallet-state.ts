"use client";

import { createContext, useContext } from "react";
import type { Hex } from "viem";
import type { State } from "wagmi";

// What the wallet pages read of the wallet, without wagmi: wagmi, its connectors and viem's client code
// (~25 kB gzip, wallet-runtime.tsx) load only once a wallet is used (WalletProvider), and until then the
// connection is the one the wagmi cookie describes, as wagmi itself shows it while it reconnects.

/** The connected wallet as wagmi's getConnection describes it (the fields the pages use). */
export interface WalletConnection {
  address: `0x${string}` | undefined;
  chainId: number | undefined;
  status: "connected" | "connecting" | "reconnecting" | "disconnected";
  connectorName: string | undefined;
}

/** What the pages ask of the wallet; available once wagmi has loaded (asking loads it). */
export interface WalletActions {
  signMessage(parameters: { message: string; account: `0x${string}` }): Promise<Hex>;
  switchChain(chainId: number): Promise<unknown>;
  disconnect(): Promise<void>;
}

export interface WalletStateValue {
  connection: WalletConnection;
  /** The wallet's actions, once wagmi has loaded (at once when it has; the first call loads it). */
  ready: () => Promise<WalletActions>;
}

export const WalletStateContext = createContext<WalletStateValue | null>(null);

function useWalletState(): WalletStateValue {
  const value = useContext(WalletStateContext);
  if (!value) throw new Error("Wallet hooks must be used inside WalletProvider");
  return value;
}

/** The connected wallet (address, chain, status): wagmi's useConnection for the pages under WalletProvider. */
export function useConnection(): WalletConnection {
  return useWalletState().connection;
}

/** Resolves to the wallet's actions once wagmi has loaded. */
export function useWalletActions(): () => Promise<WalletActions> {
  return useWalletState().ready;
}

/**
 * The connection the wagmi cookie describes: what wagmi's hydrate() sets before it reconnects
 * (status "reconnecting", the stored connection's address and chain); disconnected without a cookie or
 * when the cookie holds no current connection (wagmi is then not loaded until a wallet is used, and
 * disconnected is where its reconnect would end).
 */
export function connectionOf(initialState: State | undefined): WalletConnection {
  const current = initialState?.current ? initialState.connections.get(initialState.current) : undefined;
  if (!current)
    return { address: undefined, chainId: undefined, status: "disconnected", connectorName: undefined };
  return {
    address: current.accounts[0],
    chainId: current.chainId,
    status: "reconnecting",
    connectorName: current.connector.name,
  };
}

/** Whether two connections read the same (so that a new object with the same fields re-renders nothing). */
export const sameConnection = (a: WalletConnection, b: WalletConnection) =>
  a.address === b.address &&
  a.chainId === b.chainId &&
  a.status === b.status &&
  a.connectorName === b.connectorName;
