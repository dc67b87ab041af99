import { cookieStorage, createConfig, createStorage, http, injected, type Transport } from "wagmi";
import { defineChain, type Chain } from "viem";
import { chainWalletFacts } from "@/lib/facts/chain-wallets";
import { chains, DEFAULT_ENVIRONMENT, type ChainInfo } from "@/lib/facts/chains";

/**
 * A chain as wagmi and a wallet (wallet_addEthereumChain) read it, from the chain's facts (and what
 * a wallet needs to add it, lib/facts/chain-wallets.ts). Defined here
 * rather than imported from viem/chains: viem's OP Stack chains (Base, Optimism) carry block and
 * transaction formatters and serializers (~8 kB gzip) that the wallet pages never use, since they read
 * no block and serialise no transaction.
 */
export function walletChainOf(chain: ChainInfo): Chain {
  const wallet = chainWalletFacts[chain.id];
  if (!wallet) throw new Error(`lib/facts/chain-wallets.ts has nothing for chain ${chain.id}`);
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: wallet.nativeCurrency,
    rpcUrls: { default: { http: [wallet.rpcUrl] } },
    ...(chain.explorerUrl && {
      blockExplorers: { default: { name: new URL(chain.explorerUrl).hostname, url: chain.explorerUrl } },
    }),
    // Every chain outside the live (default) environment is a test network.
    testnet: chain.environment !== DEFAULT_ENVIRONMENT,
  });
}

const [firstChain, ...otherChains] = chains.map(walletChainOf);
if (!firstChain) throw new Error("lib/facts/chains.ts lists no chain");
/** Every chain Yieldgrid knows, live and test (the local chain too: the API accepts it for sign-in). */
const walletChains: readonly [Chain, ...Chain[]] = [firstChain, ...otherChains];

/**
 * The wallet configuration of the two pages that use a wallet (/positions, /settings/api-keys).
 * One injected connector; wagmi adds every wallet announced through EIP-6963 beside it
 * (multiInjectedProviderDiscovery defaults to true). Cookie storage lets the server render the
 * connected state (cookieToInitialState) instead of flashing "Connect wallet" on reload.
 */
export function getConfig() {
  return createConfig({
    chains: walletChains,
    connectors: [injected()],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    // The pages never read the chain themselves (positions come from the API): these transports only
    // serve wagmi's own bookkeeping, and signing goes through the wallet's provider.
    transports: Object.fromEntries(walletChains.map((chain) => [chain.id, http()])) as Record<
      number,
      Transport
    >,
  });
}

/** The cookie wagmi keeps its connection state in (storage key "wagmi" + ".store"). */
export const WALLET_STATE_COOKIE = "wagmi.store";

declare module "wagmi" {
  interface Register {
    config: ReturnType<typeof getConfig>;
  }
}
