import { cookieStorage, createConfig, createStorage, http, injected } from "wagmi";
import { arbitrum, mainnet, polygon, sepolia } from "wagmi/chains";
import { defineChain } from "viem";

const ether = { name: "Ether", symbol: "ETH", decimals: 18 } as const;

/** The local development chain (Anvil's default id); the API accepts it for test keys and sign-in. */
export const localChain = defineChain({
  id: 31337,
  name: "Local",
  nativeCurrency: ether,
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  testnet: true,
});

// The OP Stack chains are defined here rather than imported from viem/chains: viem's carry the OP Stack
// block and transaction formatters and serializers, which bring transaction serialisation, RLP and blob
// code (~8 kB gzip) to the wallet pages. Those pages never read a block or serialise a transaction:
// wagmi and a wallet (wallet_addEthereumChain) read only the fields below.
const base = defineChain({
  id: 8453,
  name: "Base",
  nativeCurrency: ether,
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://basescan.org" } },
});
const optimism = defineChain({
  id: 10,
  name: "OP Mainnet",
  nativeCurrency: ether,
  rpcUrls: { default: { http: ["https://mainnet.optimism.io"] } },
  blockExplorers: { default: { name: "Optimism Explorer", url: "https://optimistic.etherscan.io" } },
});
const baseSepolia = defineChain({
  id: 84532,
  name: "Base Sepolia",
  nativeCurrency: { ...ether, name: "Sepolia Ether" },
  rpcUrls: { default: { http: ["https://sepolia.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://sepolia.basescan.org" } },
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
