// What the main deployer creates, in nonce order: each contract of plan/addresses.ts with the
// artifact and constructor arguments the plan gives it.
import { getContractAddress } from "viem";
import * as artifacts from "../generated/contracts";
import { devnetDeployer } from "../plan/accounts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses, type DevnetContract } from "../plan/addresses";
import { devnetMarkets, type DevnetMarket } from "../plan/markets";
import { devnetPriceFeeds, devnetTokenOf, devnetTokens } from "../plan/tokens";
import { rewardCreations } from "./reward-setup";
import type { Artifact } from "./sender";

type Creation = { artifact: Artifact; args: readonly unknown[] };
type Specs = Partial<Record<DevnetContract, Creation>>;

/** The contracts that take no arguments of the plan's: the pools, oracles, resolvers and templates. */
const fixedCreations: Specs = {
  aaveOracle: { artifact: artifacts.mockAaveOracleArtifact, args: [] },
  aavePool: { artifact: artifacts.mockAavePoolArtifact, args: [] },
  aavePrimeOracle: { artifact: artifacts.mockAaveOracleArtifact, args: [] },
  aavePrimePool: { artifact: artifacts.mockAavePoolArtifact, args: [] },
  fluidLendingResolver: { artifact: artifacts.mockFluidLendingResolverArtifact, args: [] },
  multicall3Template: { artifact: artifacts.multicall3Artifact, args: [] },
  morphoBlueTemplate: { artifact: artifacts.mockMorphoBlueArtifact, args: [] },
  morphoIrm: { artifact: artifacts.mockIrmArtifact, args: [] },
  fluidLiquidityResolver: { artifact: artifacts.mockFluidLiquidityResolverArtifact, args: [] },
};

/** A market's contract (and a Vault V2's adapters), by the kind of its rate. */
function marketCreations(m: DevnetMarket): Specs {
  const a = devnetAddresses;
  const { decimals } = devnetTokenOf(m.underlying);
  const rate = m.rate;
  if (rate.kind === "aave")
    return { [m.contract]: { artifact: artifacts.mockATokenArtifact, args: [m.yieldTokenName, m.yieldTokenSymbol, decimals, a[m.underlying]] } };
  if (rate.kind === "comet")
    return {
      [m.contract]: {
        artifact: artifacts.mockCometArtifact,
        args: [a[m.underlying], a[rate.feed], decimals, rate.kink, rate.slopeLow, rate.slopeHigh, rate.base],
      },
    };
  if (rate.vaultV2) {
    const specs: Specs = {
      [m.contract]: { artifact: artifacts.mockVaultV2Artifact, args: [m.yieldTokenName, m.yieldTokenSymbol, a[m.underlying], decimals, rate.decimalsOffset] },
    };
    for (const adapter of rate.vaultV2.adapters)
      specs[adapter.contract] =
        adapter.kind === "vaultV1"
          ? { artifact: artifacts.mockMorphoVaultV1AdapterArtifact, args: [a[m.contract], a[adapter.target!]] }
          : { artifact: artifacts.mockMorphoMarketAdapterArtifact, args: [a[m.contract], MORPHO_BLUE_ADDRESS] };
    return specs;
  }
  const args = [m.yieldTokenName, m.yieldTokenSymbol, a[m.underlying], decimals, rate.decimalsOffset, rate.perSecond];
  if (rate.metaMorpho)
    return { [m.contract]: { artifact: artifacts.mockMetaMorphoVaultArtifact, args: [...args, MORPHO_BLUE_ADDRESS, rate.metaMorpho.fee] } };
  // An fToken's withdrawals are limited by the Liquidity layer, which the LiquidityResolver mock plays.
  if (rate.nativeUnderlying) return { [m.contract]: { artifact: artifacts.mockFTokenNativeUnderlyingArtifact, args: [...args, a.fluidLiquidityResolver] } };
  if (m.protocol === "fluid") return { [m.contract]: { artifact: artifacts.mockFTokenArtifact, args: [...args, a.fluidLiquidityResolver, a[m.underlying]] } };
  return { [m.contract]: { artifact: artifacts.mockERC4626VaultArtifact, args } };
}

/**
 * Every contract of the plan with what it is created with, in devnetAddresses' order, which is
 * the deployer's nonce order; throws when a contract would not land at its planned address.
 */
export function plannedCreations(): ({ contract: DevnetContract } & Creation)[] {
  const specs: Specs = { ...fixedCreations, ...rewardCreations() };
  for (const t of devnetTokens) specs[t.contract] = { artifact: artifacts.mockERC20Artifact, args: [t.name, t.symbol, t.decimals] };
  for (const f of devnetPriceFeeds) specs[f.contract] = { artifact: artifacts.mockPriceFeedArtifact, args: [f.answer, f.description] };
  for (const m of devnetMarkets) Object.assign(specs, marketCreations(m));
  return (Object.keys(devnetAddresses) as DevnetContract[]).map((contract, nonce) => {
    const spec = specs[contract];
    if (!spec) throw new Error(`the devnet plan does not say how to create ${contract}`);
    const lands = getContractAddress({ from: devnetDeployer.address, nonce: BigInt(nonce) });
    if (lands !== devnetAddresses[contract]) throw new Error(`${contract} would land at ${lands}, not at the planned address`);
    return { contract, ...spec };
  });
}
