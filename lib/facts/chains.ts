// The chains Yieldgrid knows, and which environment each belongs to.
import { LOCAL_CHAIN_USDC } from "./local-chain";
export const environments = ["live", "test"] as const;
export type Environment = (typeof environments)[number];
export const isEnvironment = (value: string): value is Environment => (environments as readonly string[]).includes(value);
/** The environment of a request that does not ask for another (and an anonymous caller's only one). */
export const DEFAULT_ENVIRONMENT: Environment = "live";
/** How the dashboard names each environment's chains. */
export const environmentLabels: Record<Environment, string> = { live: "Live networks", test: "Test networks" };

export interface ChainInfo {
  id: number;
  name: string;
  environment: Environment;
  explorerUrl: string | null;
  /**
   * Native USDC on the chain; null where Circle issues none. Written here, not read from
   * a package, because this file ships to the browser: mainnets' are the Aave address book's native
   * USDC, Sepolia's is Compound's Sepolia USDC base token (lib/machinery/catalog/catalog-addresses.test.ts checks
   * both), Base Sepolia's is Circle's (developers.circle.com/stablecoins/usdc-contract-addresses).
   */
  usdcAddress: `0x${string}` | null;
}

export const chains: readonly ChainInfo[] = [
  {
    id: 1,
    name: "Ethereum",
    environment: "live",
    explorerUrl: "https://etherscan.io",
    usdcAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  },
  {
    id: 8453,
    name: "Base",
    environment: "live",
    explorerUrl: "https://basescan.org",
    usdcAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  },
  {
    id: 42161,
    name: "Arbitrum",
    environment: "live",
    explorerUrl: "https://arbiscan.io",
    usdcAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  },
  {
    id: 10,
    name: "Optimism",
    environment: "live",
    explorerUrl: "https://optimistic.etherscan.io",
    usdcAddress: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
  },
  {
    id: 137,
    name: "Polygon",
    environment: "live",
    explorerUrl: "https://polygonscan.com",
    usdcAddress: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
  },
  {
    id: 11155111,
    name: "Sepolia",
    environment: "test",
    explorerUrl: "https://sepolia.etherscan.io",
    usdcAddress: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
  },
  {
    id: 84532,
    name: "Base Sepolia",
    environment: "test",
    explorerUrl: "https://sepolia.basescan.org",
    usdcAddress: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  },
  // Local chain (npm run devnet): its USDC is the first contract the devnet deployer creates.
  { id: 31337, name: "Local", environment: "test", explorerUrl: null, usdcAddress: LOCAL_CHAIN_USDC },
];

/** The local development chain (`npm run devnet`, the tests, the offline demo): test environment. */
export const LOCAL_CHAIN_ID = 31337;

const byId = new Map(chains.map((c) => [c.id, c]));

export const chainIds = chains.map((c) => c.id);
export const getChain = (chainId: number): ChainInfo | undefined => byId.get(chainId);
/** "Base"; a chain Yieldgrid does not know is "Chain <id>". */
export const chainName = (chainId: number): string => byId.get(chainId)?.name ?? `Chain ${chainId}`;
export const chainsOf = (environment: Environment) => chains.filter((c) => c.environment === environment);
export const environmentOfChain = (chainId: number): Environment | undefined =>
  byId.get(chainId)?.environment;
