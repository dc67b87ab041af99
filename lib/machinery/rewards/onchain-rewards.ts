/**
 * The reward streams the lending protocols keep on chain (docs/data.md, Rewards): Aave v3's
 * incentives controller, Compound v3's CometRewards with the Comet's tracking speed, Fluid's rewards
 * rate model. One deployless RewardsLens call reads them all (rewards-lens.ts); this turns its raw
 * values into RewardReadings with the contracts' scales (reward-scales.ts), and a source that cannot
 * be read into a RewardSourceFailure, never into "no rewards".
 */
import "server-only";
import { isAddressEqual, zeroAddress, type PublicClient } from "viem";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { aaveReadings, cometReadings, fluidReadings, type OnChainRewardInstrument, type SourceOutcome } from "./lens-readings";
import { readRewardsLens, type LensInput } from "./rewards-lens";
import type { RewardReading, RewardSourceFailure } from "./reward-reading";

export type { OnChainRewardInstrument };

export interface OnChainRewards {
  readings: RewardReading[];
  failures: RewardSourceFailure[];
  /** The block the sources were read at (null when nothing was read): streams are judged at its time. */
  blockNumber: bigint | null;
  /** That block's timestamp, Unix seconds. */
  blockTimestamp: number | null;
}

/**
 * Every on-chain reward stream of the chain's Aave, Compound and Fluid instruments (others are
 * ignored), read through `client` (the sync's client, pinned to its block) in one round trip: one
 * deployless eth_call, a few in one JSON-RPC batch on a chain with many markets. Streams are reported
 * as the contracts hold them, ended or not started or emitting nothing included, with their start and
 * end: judging them is the caller's. A Comet is read only where the chain has a CometRewards.
 * An RPC that fails rejects; a source that reverts or answers nonsense is a failure of its instrument.
 */
export async function readOnChainRewards({
  client,
  chainId,
  instruments,
  deployment = deploymentOf(chainId),
}: {
  client: PublicClient;
  chainId: number;
  instruments: readonly OnChainRewardInstrument[];
  deployment?: ChainDeployment;
}): Promise<OnChainRewards> {
  const aave = instruments.filter((i) => i.protocol === "aave");
  const comets = deployment.cometRewards ? instruments.filter((i) => i.protocol === "compound") : [];
  const fluid = instruments.filter((i) => i.protocol === "fluid");
  const empty: OnChainRewards = { readings: [], failures: [], blockNumber: null, blockTimestamp: null };
  if (aave.length + comets.length + fluid.length === 0) return empty;

  const input: LensInput = {
    // Each aToken's rewards are priced by its own pool's oracle.
    aave: aave.map((i) => ({
      aToken: i.yieldTokenAddress,
      oracle: deployment.aavePools.find((p) => isAddressEqual(p.pool, i.adapterAddress))?.oracle ?? zeroAddress,
    })),
    cometRewards: deployment.cometRewards ?? zeroAddress,
    comets: comets.map((i) => i.adapterAddress),
    fTokens: fluid.map((i) => i.adapterAddress),
  };
  const answer = await readRewardsLens(client, input);
  const outcomes: SourceOutcome[] = [
    ...aave.map((i, n) => aaveReadings(i, answer.aave[n]!)),
    ...comets.map((i, n) => cometReadings(i, answer.comets[n]!, deployment)),
    ...fluid.map((i, n) => fluidReadings(i, answer.fluid[n]!)),
  ];
  return {
    readings: outcomes.flatMap((o) => o.readings),
    failures: outcomes.flatMap((o) => o.failures),
    blockNumber: answer.blockNumber,
    blockTimestamp: answer.timestamp,
  };
}
