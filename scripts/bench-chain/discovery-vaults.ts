// The vaults Morpho's factories create on the benchmark chain, for the sync's vault discovery.
import type { DiscoveryFactoryKey, DiscoveryVaultPlan } from "@/devnet/plan/discovery-vaults";
import { BENCH_VAULT_FEE, tokenCycle } from "./extra-market";
import { DISCOVERY_VAULTS } from "./settings";

/**
 * A borrowed Morpho Blue market of each token, of the devnet's plans (devnet/plan/morpho.ts and
 * discovery-vaults.ts), which the discovery vaults supply to: their borrowers keep them earning.
 */
const borrowedMarketOf = {
  usdc: "usdcWeth86",
  weth: "wethWbtc915",
  eurc: "eurcWeth86",
  wbtc: "wbtcWeth77",
} as const;

/**
 * A third through each factory, the devnet's four tokens in turn, every fifth one dust (under $1, below
 * the listing floor): MetaMorpho vaults (v1.0 and v1.1) supplying to their token's borrowed market, and
 * Vault V2s allocating to it through a market adapter.
 */
export function discoveryPlan(): DiscoveryVaultPlan[] {
  const factories: DiscoveryFactoryKey[] = [
    "metaMorphoFactoryV1_0",
    "metaMorphoFactoryV1_1",
    "vaultV2Factory",
  ];
  return Array.from({ length: DISCOVERY_VAULTS }, (_, i) => {
    const token = tokenCycle[i % 4]!;
    const factory = factories[i % 3]!;
    const dust = i % 5 === 4;
    const market = borrowedMarketOf[token.contract];
    return {
      key: `bench${i}`,
      factory,
      underlying: token.contract,
      name: `Bench Discovered ${token.symbol} ${i}`,
      symbol: `dBench${token.symbol}-${i}`,
      supply: dust ? "0.0001" : { usdc: "500000", weth: "200", eurc: "400000", wbtc: "8" }[token.contract],
      rate:
        factory === "vaultV2Factory"
          ? { vaultV2: { adapter: { kind: "market", market } } }
          : { metaMorpho: { fee: BENCH_VAULT_FEE, markets: [{ market, cap: "1000000000000" }] } },
    };
  });
}

/** The planned vaults above the listing floor. */
export const DISCOVERY_LISTED = discoveryPlan().filter((v) => !v.supply.startsWith("0.")).length;
