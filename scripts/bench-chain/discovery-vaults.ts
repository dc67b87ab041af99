// The vaults Morpho's factories create on the benchmark chain, for the sync's vault discovery.
import type { DiscoveryFactoryKey, DiscoveryVaultPlan } from "@/devnet/plan/discovery-vaults";
import type { MorphoAllocation } from "@/devnet/plan/rates";
import { BENCH_VAULT_FEE, tokenCycle } from "./extra-markets";
import { DISCOVERY_VAULTS } from "./settings";

/** A third through each factory, the devnet's four tokens in turn, every fifth one dust (under $1, below the listing floor). */
export function discoveryPlan(): DiscoveryVaultPlan[] {
  const factories: DiscoveryFactoryKey[] = ["metaMorphoFactoryV1_0", "metaMorphoFactoryV1_1", "vaultV2Factory"];
  return Array.from({ length: DISCOVERY_VAULTS }, (_, i) => {
    const token = tokenCycle[i % 4]!;
    const factory = factories[i % 3]!;
    const dust = i % 5 === 4;
    const allocation: MorphoAllocation = {
      collateral: tokenCycle[(i + 1) % 4]!.contract,
      lltv: 86n * 10n ** 16n + BigInt(1_000 + i), // a market id per vault
      borrowRateBps: BigInt(400 + 10 * i),
      utilizationBps: 8_000n,
      marketFee: 0n,
      shareBps: 10_000n,
    };
    return {
      key: `bench${i}`,
      factory,
      underlying: token.contract,
      name: `Bench Discovered ${token.symbol} ${i}`,
      symbol: `dBench${token.symbol}-${i}`,
      supply: dust ? "0.0001" : { usdc: "500000", weth: "200", eurc: "400000", wbtc: "8" }[token.contract],
      rate: factory === "vaultV2Factory" ? { bps: BigInt(300 + i) } : { metaMorpho: { fee: BENCH_VAULT_FEE, allocations: [allocation] } },
      decimalsOffset: token.contract === "usdc" || token.contract === "eurc" ? 12 : 0,
    };
  });
}

/** The planned vaults above the listing floor. */
export const DISCOVERY_LISTED = discoveryPlan().filter((v) => !v.supply.startsWith("0.")).length;
