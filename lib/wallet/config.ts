import { cookieStorage, createConfig, createStorage, http, injected } from "wagmi";
import { arbitrum, base, baseSepolia, mainnet, optimism, polygon, sepolia } from "wagmi/chains";
import { defineChain } from "viem";

/** The local development chain (Anvil's default id); the API accepts it for test keys and sign-in. */
export const localChain = defineChain({
  id: 31337,
  name: "Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  testnet: true,
});

/**
 * The wallet configuration of the two pages that use a wallet (/positions, /settings/api-keys).
 * One injected connector; wagmi adds every wallet announced through EIP-6963 beside it
 * (multiInjectedProviderDiscovery defaults to true). Cookie storage lets the server render the
 * connected state (cookieToInitialState) instead of flashing "Connect wallet" on reload.
 */
export function getConfig() {
  return createConfig({
    chains: [mainnet, base, arbitrum, optimism, polygon, sepolia, baseSepolia, localChain],
    connectors: [injected()],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    // The pages never read the chain themselves (positions come from /api/v1): these transports only
    // serve wagmi's own bookkeeping, and signing goes through the wallet's provider.
    transports: {
      [mainnet.id]: http(),
      [base.id]: http(),
      [arbitrum.id]: http(),
      [optimism.id]: http(),
      [polygon.id]: http(),
      [sepolia.id]: http(),
      [baseSepolia.id]: http(),
      [localChain.id]: http(),
    },
  });
}

/** The cookie wagmi keeps its connection state in (storage key "wagmi" + ".store"). */
export const WALLET_STATE_COOKIE = "wagmi.store";

declare module "wagmi" {
  interface Register {
    config: ReturnType<typeof getConfig>;
  }
}
