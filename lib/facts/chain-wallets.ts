// What a wallet needs to add each chain of lib/facts/chains.ts that it does not know yet
// (wallet_addEthereumChain): its native currency and a public JSON-RPC endpoint. Kept apart from
// chains.ts, which every page bundles, so that only the wallet pages carry it.

/** A chain's native currency, as a wallet shows it. */
export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

export interface ChainWalletFacts {
  nativeCurrency: NativeCurrency;
  /** viem's default RPC for the chain; the local chain's is `npm run devnet`'s. */
  rpcUrl: string;
}

const ether: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 };
const sepoliaEther: NativeCurrency = { name: "Sepolia Ether", symbol: "ETH", decimals: 18 };

/** By chain id; facts.test.ts checks that it covers exactly the chains of chains.ts. */
export const chainWalletFacts: Readonly<Record<number, ChainWalletFacts>> = {
  1: { nativeCurrency: ether, rpcUrl: "https://ethereum.reth.rs/rpc" },
  8453: { nativeCurrency: ether, rpcUrl: "https://mainnet.base.org" },
  42161: { nativeCurrency: ether, rpcUrl: "https://arb1.arbitrum.io/rpc" },
  10: { nativeCurrency: ether, rpcUrl: "https://mainnet.optimism.io" },
  137: { nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 }, rpcUrl: "https://polygon.drpc.org" },
  11155111: { nativeCurrency: sepoliaEther, rpcUrl: "https://11155111.rpc.thirdweb.com" },
  84532: { nativeCurrency: sepoliaEther, rpcUrl: "https://sepolia.base.org" },
  31337: { nativeCurrency: ether, rpcUrl: "http://127.0.0.1:8545" },
};
