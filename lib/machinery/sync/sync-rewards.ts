import "server-only";
/**
 * The reward streams of a chain's instruments at the sync's block: every source read (on chain and
 * Merkl), then judged per instrument (lib/machinery/rewards/judge-rewards.ts) against the TVL the
 * same sync read.
 */
import type { Hex, PublicClient } from "viem";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { MERKL_PUBLIC_API_URL, merklApiUrl, rpcTimeoutMs } from "@/lib/machinery/config";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { MerklReadError, readMerklRewards } from "@/lib/machinery/rewards/merkl";
import { readOnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
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
 * Reads every reward source of the chain's markets at the pinned block: it needs nothing the
 * markets' readings give, so the sync reads it beside them (one round trip fewer one after another);
 * a market whose reading fails has its streams read for nothing, and never judged. An RPC that fails
 * here fails the chain's sync like any other read; a source that answers but cannot be read (Merkl
 * down, a reward contract that reverts) is a failure of those instruments' rewards: incomplete, never 0.
 */
export async function readChainRewardSources({
  client,
  chainId,
  deployment,
  markets,
  head,
}: {
  /** The sync's client, pinned to its block. */
  client: PublicClient;
  chainId: number;
  deployment: ChainDeployment;
  markets: readonly SyncedMarket[];
  head: ChainHead;
}): Promise<Omit<ChainRewardReadings, "feedPricesUsd">> {
  const onChainMarkets = markets.filter((m) => m.protocol !== "morpho");
  const [onChain, merkl] = await Promise.all([
    onChainMarkets.length > 0 ? readOnChainRewards({ client, chainId, instruments: onChainMarkets, deployment }) : { readings: [], failures: [] },
    readMerklSource({ chainId, markets, head }),
  ]);
  return { readings: [...onChain.readings, ...merkl.readings], failures: [...onChain.failures, ...merkl.failures] };
}

/** Merkl's campaigns on the chain's yield tokens; when Merkl cannot be read, a failure for each. */
async function readMerklSource({ chainId, markets, head }: { chainId: number; markets: readonly SyncedMarket[]; head: ChainHead }) {
  const apiUrl = merklApiUrl();
  // Merkl knows the public chains: the local chain is asked only of a Merkl set on purpose (a fixture).
  const asked = apiUrl !== null && markets.length > 0 && (chainId !== LOCAL_CHAIN_ID || apiUrl !== MERKL_PUBLIC_API_URL);
  if (!asked) return { readings: [], failures: [] };
  const yieldTokens = [...new Set(markets.map((m) => m.yieldTokenAddress.toLowerCase() as Hex))];
  try {
    const { readings } = await readMerklRewards({ chainId, yieldTokens, apiUrl, atTime: head.timestamp, timeoutMs: rpcTimeoutMs() });
    return { readings, failures: [] };
  } catch (err) {
    if (!(err instanceof MerklReadError)) throw err;
    const failures = yieldTokens.map((yieldTokenAddress): RewardSourceFailure => ({ source: "merkl", yieldTokenAddress, reason: err.reason }));
    return { readings: [], failures };
  }
}

/**
 * The chain's own USD prices this sync read, by token: a reward paid in a token some instrument of
 * the chain lends (USDC, WETH...) is priced as that instrument's underlying, with no extra call.
 */
function feedPricesOf(markets: readonly SyncedMarket[], values: readonly InstrumentValues[]): Map<string, number> {
  const priceOf = new Map(values.map((v) => [v.id, v.priceUsd]));
  const prices = new Map<string, number>();
  for (const m of markets) {
    const price = priceOf.get(m.instrumentId);
    if (price !== undefined && price > 0) prices.set(m.tokenAddress.toLowerCase(), price);
  }
  return prices;
}

/** Each instrument's published rewards, by instrument id. */
export function rewardsOfInstruments({
  values,
  markets,
  sources: read,
  head,
}: {
  values: readonly InstrumentValues[];
  markets: readonly SyncedMarket[];
  sources: Omit<ChainRewardReadings, "feedPricesUsd">;
  head: ChainHead;
}): Map<string, InstrumentRewards> {
  const sources: ChainRewardReadings = { ...read, feedPricesUsd: feedPricesOf(markets, values) };
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
