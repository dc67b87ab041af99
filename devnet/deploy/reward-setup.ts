// The local chain's reward streams (plan/rewards.ts) through the protocols' own contracts, compiled
// from vendor/: what the deployer creates for them, and the calls that start them once the markets
// hold their supply (Aave's RewardsController reads the aToken's scaled supply when configured).
import type { Hex } from "viem";
import * as aave from "../generated/aave-rewards";
import * as comet from "../generated/comet-rewards";
import * as artifacts from "../generated/contracts";
import * as fluid from "../generated/fluid-rewards";
import { devnetDeployer } from "../plan/accounts";
import { devnetAddresses, type DevnetContract } from "../plan/addresses";
import { devnetAaveStream, devnetCometStream, devnetFluidStream, devnetRewardTokens } from "../plan/rewards";
import type { Artifact, ContractCall } from "./sender";

type Creation = { artifact: Artifact; args: readonly unknown[] };
const zero: Hex = "0x0000000000000000000000000000000000000000";

/** How each reward contract of plan/addresses.ts is created. */
export function rewardCreations(): Partial<Record<DevnetContract, Creation>> {
  const a = devnetAddresses;
  const deployer = devnetDeployer.address;
  const specs: Partial<Record<DevnetContract, Creation>> = {
    // CometRewards(governor)
    cometRewards: { artifact: comet.cometRewardsArtifact, args: [deployer] },
    // RewardsController(emissionManager): the deployer configures its streams directly.
    aaveRewardsController: { artifact: aave.rewardsControllerArtifact, args: [deployer] },
    // PullRewardsTransferStrategy(incentivesController, rewardsAdmin, rewardsVault)
    aaveTransferStrategy: { artifact: aave.pullRewardsTransferStrategyArtifact, args: [a.aaveRewardsController, deployer, deployer] },
    // FluidLendingRewardsRateModel(configurator, fToken, fToken2, fToken3, startTvl, rewardAmount, duration, startTime):
    // startTime 0 leaves it unstarted until startRewards.
    fluidRewardsModel: {
      artifact: fluid.fluidLendingRewardsRateModelArtifact,
      args: [deployer, a[devnetFluidStream.fToken], zero, zero, devnetFluidStream.startTvl, devnetFluidStream.rewardAmount, devnetFluidStream.durationSeconds, 0n],
    },
  };
  for (const t of devnetRewardTokens) {
    specs[t.contract] = { artifact: artifacts.mockERC20Artifact, args: [t.name, t.symbol, t.decimals] };
    specs[t.feed] = { artifact: artifacts.mockPriceFeedArtifact, args: [t.priceUsd8, `${t.symbol} / USD`] };
  }
  return specs;
}

const call = (address: Hex, artifact: Artifact, functionName: string, args: readonly unknown[]): ContractCall => ({
  address,
  abi: artifact.abi,
  functionName,
  args,
});

/** aLocUSDC's AAVE stream, running for its duration from `now` (the chain's time, Unix seconds). */
function aaveStreamCalls(now: bigint): ContractCall[] {
  const a = devnetAddresses;
  const s = devnetAaveStream;
  const aaveToken = devnetRewardTokens.find((t) => t.contract === s.reward)!;
  const config = {
    emissionPerSecond: s.emissionPerSecond,
    totalSupply: 0n, // the controller reads the aToken's scaled supply itself
    distributionEnd: Number(now + s.durationSeconds),
    asset: a[s.aToken],
    reward: a[s.reward],
    transferStrategy: a.aaveTransferStrategy,
    rewardOracle: a[aaveToken.feed],
  };
  const year = s.emissionPerSecond * 31_536_000n;
  return [
    call(a[s.aToken], artifacts.mockATokenArtifact, "setIncentivesController", [a.aaveRewardsController]),
    call(a.aaveOracle, artifacts.mockAaveOracleArtifact, "setAssetPrice", [a[s.reward], aaveToken.priceUsd8]),
    call(a.aaveRewardsController, aave.rewardsControllerArtifact, "configureAssets", [[config]]),
    // The transfer strategy pays claims from the deployer's AAVE: a year of the stream, approved.
    call(a[s.reward], artifacts.mockERC20Artifact, "mint", [devnetDeployer.address, year]),
    call(a[s.reward], artifacts.mockERC20Artifact, "approve", [a.aaveTransferStrategy, year]),
  ];
}

/** The USD Comet's COMP: tracking speed, COMP as a collateral with its feed, CometRewards configured and funded. */
function cometStreamCalls(): ContractCall[] {
  const a = devnetAddresses;
  const s = devnetCometStream;
  const comp = devnetRewardTokens.find((t) => t.contract === s.reward)!;
  return [
    call(a[s.comet], artifacts.mockCometArtifact, "setRewardTracking", [s.baseTrackingSupplySpeed, 0n, s.baseMinForRewards]),
    call(a[s.comet], artifacts.mockCometArtifact, "addAsset", [a[s.reward], a[comp.feed], comp.decimals]),
    call(a.cometRewards, comet.cometRewardsArtifact, "setRewardConfig", [a[s.comet], a[s.reward]]),
    call(a[s.reward], artifacts.mockERC20Artifact, "mint", [a.cometRewards, s.funding]),
  ];
}

/** fUSDC's rewards: the model may set itself on the fToken (a LendingFactory auth), then starts now. */
function fluidStreamCalls(): ContractCall[] {
  const a = devnetAddresses;
  const s = devnetFluidStream;
  return [
    call(a[s.fToken], artifacts.mockFTokenArtifact, "setAuth", [a.fluidRewardsModel, true]),
    call(a.fluidRewardsModel, fluid.fluidLendingRewardsRateModelArtifact, "startRewards", [s.rewardAmount, s.durationSeconds, 0n]),
  ];
}

/** Every call that starts the streams, after the markets' setup; `now` is the chain's time. */
export const rewardSetupCalls = (now: bigint): ContractCall[] => [...aaveStreamCalls(now), ...cometStreamCalls(), ...fluidStreamCalls()];
