import type { Page } from "@playwright/test";
import { numberToHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { postJsonRpc } from "@/devnet/json-rpc";

/** Anvil's first development key: public knowledge, never holds anything of value. */
export const TEST_PRIVATE_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export interface InjectedWalletOptions {
  privateKey?: Hex;
  /**
   * The account the wallet reports, when it is not the key's own address: a smart-contract wallet
   * (ERC-1271) that the key owns. The wallet then signs for it with the key, as Safe does.
   */
  account?: Address;
  /** The chain the wallet starts on (default 1). */
  chainId?: number;
  /** The EIP-6963 name the wallet announces (what the connect dialog lists). */
  name?: string;
  rdns?: string;
  /** JSON-RPC node the wallet forwards chain reads to (eth_call, eth_getBalance, …), e.g. Anvil. */
  rpcUrl?: string;
}

export interface InjectedWallet {
  address: Address;
  name: string;
  /** The chain the wallet is on now (wallet_switchEthereumChain changes it). */
  chainId: () => number;
  /** Forget the site's permission, as "disconnect this site" in a wallet does. */
  revokePermission: () => void;
  /** Messages the page asked the wallet to sign, in order. */
  signed: string[];
  /** Switch to another account, as choosing one in the wallet does (emits accountsChanged). */
  switchAccount: (privateKey: Hex) => Promise<Address>;
  /** Switch chains from the wallet's side (emits chainChanged). */
  switchChain: (chainId: number) => Promise<void>;
}

interface WalletRequest {
  method: string;
  params: unknown[];
}
interface WalletReply {
  result?: unknown;
  error?: { code: number; message: string };
  events?: { event: string; data: unknown }[];
}

const REQUEST_BINDING = "__yieldgridTestWallet";
const EMIT = "__yieldgridTestWalletEmit";

/** What the wallet holds: its key, the account it reports, its chain, the site's permission, what it signed. */
interface WalletState {
  signer: ReturnType<typeof privateKeyToAccount>;
  address: Address;
  chainId: number;
  permitted: boolean;
  signed: string[];
}

/** The wallet's answer to a request of the page (and the events it then emits), as a wallet extension gives it. */
async function answer(state: WalletState, { method, params }: WalletRequest, rpcUrl: string | undefined): Promise<WalletReply> {
  switch (method) {
    case "eth_requestAccounts":
    case "wallet_requestPermissions":
      state.permitted = true;
      return {
        result:
          method === "eth_requestAccounts" ? [state.address] : [{ parentCapability: "eth_accounts" }],
        events: [{ event: "accountsChanged", data: [state.address] }],
      };
    case "wallet_getPermissions":
      return { result: state.permitted ? [{ parentCapability: "eth_accounts" }] : [] };
    case "wallet_revokePermissions":
      state.permitted = false;
      return { result: null, events: [{ event: "accountsChanged", data: [] }] };
    case "eth_accounts":
      return { result: state.permitted ? [state.address] : [] };
    case "eth_chainId":
      return { result: numberToHex(state.chainId) };
    case "net_version":
      return { result: String(state.chainId) };
    case "personal_sign": {
      if (!state.permitted) return { error: { code: 4100, message: "The site is not connected" } };
      const [data, from] = params as [Hex, Address];
      if (from.toLowerCase() !== state.address.toLowerCase())
        return { error: { code: 4100, message: `Unknown account ${from}` } };
      const message = Buffer.from(data.slice(2), "hex").toString("utf8");
      state.signed.push(message);
      return { result: await state.signer.signMessage({ message: { raw: data } }) };
    }
    case "wallet_switchEthereumChain": {
      const [{ chainId: next }] = params as [{ chainId: Hex }];
      state.chainId = Number(next);
      return { result: null, events: [{ event: "chainChanged", data: next }] };
    }
    default: {
      if (!rpcUrl) return { error: { code: 4200, message: `The test wallet does not support ${method}` } };
      const res = await postJsonRpc(rpcUrl, JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));
      const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
      return body.error ? { error: body.error } : { result: body.result };
    }
  }
}

/** window.ethereum and its EIP-6963 announcement in every document of the page, before its own scripts run. */
async function installProvider(page: Page, name: string, rdns: string) {
  await page.addInitScript(
    ({ binding, emit, info }) => {
      type Listener = (data: unknown) => void;
      const listeners = new Map<string, Set<Listener>>();
      const call = (window as unknown as Record<string, (r: unknown) => Promise<WalletReply>>)[binding]!;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const reply = await call({ method, params: params ?? [] });
          // Events go out after the answer, as a wallet's would.
          for (const { event, data } of reply.events ?? [])
            queueMicrotask(() => listeners.get(event)?.forEach((fn) => fn(data)));
          if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
          return reply.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true, writable: true });
      (window as unknown as Record<string, unknown>)[emit] = (event: string, data: unknown) => listeners.get(event)?.forEach((fn) => fn(data));
      const detail = Object.freeze({ info: Object.freeze(info), provider });
      const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    {
      binding: REQUEST_BINDING,
      emit: EMIT,
      info: {
        uuid: "6b1c2d5e-0f4a-4c8e-9a57-3d2e1f0a9b7c",
        name,
        rdns,
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234f46e5'/%3E%3Cpath d='M9 11h14v10H9z' fill='white'/%3E%3C/svg%3E",
      },
    },
  );
}

/** Emits a wallet event in the page, as a change made in the wallet does. */
const emitInPage = (page: Page, event: string, data: unknown) =>
  page.evaluate(({ emit, event, data }) => (window as unknown as Record<string, (e: string, d: unknown) => void>)[emit]!(event, data), { emit: EMIT, event, data });

/**
 * Puts an EIP-1193 wallet into the page, backed by a private key held in Node: window.ethereum
 * plus an EIP-6963 announcement. Like a real wallet it reveals no account until the page asks
 * (eth_requestAccounts), and it remembers that permission across reloads. Call before page.goto.
 */
export async function injectWallet(page: Page, options: InjectedWalletOptions = {}): Promise<InjectedWallet> {
  const signer = privateKeyToAccount(options.privateKey ?? TEST_PRIVATE_KEY);
  const state: WalletState = { signer, address: options.account ?? signer.address, chainId: options.chainId ?? 1, permitted: false, signed: [] };
  const name = options.name ?? "Yieldgrid Test Wallet";
  await page.exposeFunction(REQUEST_BINDING, (request: WalletRequest) => answer(state, request, options.rpcUrl));
  await installProvider(page, name, options.rdns ?? "dev.yieldgrid.test-wallet");
  return {
    get address() {
      return state.address;
    },
    name,
    chainId: () => state.chainId,
    revokePermission: () => {
      state.permitted = false;
    },
    signed: state.signed,
    switchAccount: async (privateKey) => {
      state.signer = privateKeyToAccount(privateKey);
      state.address = state.signer.address;
      if (state.permitted) await emitInPage(page, "accountsChanged", [state.address]);
      return state.address;
    },
    switchChain: async (next) => {
      state.chainId = next;
      await emitInPage(page, "chainChanged", numberToHex(next));
    },
  };
}
