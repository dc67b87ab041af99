// The benchmark's result as .bench/chain.json holds it: the machine, the chain, the baselines, each
// measurement with its ratios to the baselines, and the checks.
import os from "node:os";
import type { RpcStats } from "../lib/rpc-meter";
import type { ExtraMarket } from "./extra-market";
import type { DiscoveryRun } from "./measure-discovery";
import type { PositionsRun } from "./measure-positions";
import type { SyncRun } from "./measure-sync";
import type { GasReplay } from "./gas-replay";
import { DISCOVERY_VAULTS, GENESIS_BLOCK, PROTOCOLS } from "./settings";
import { DISCOVERY_LISTED } from "./discovery-vaults";
import { checks, median, round, summary } from "./stats";

type Timed = { xs: number[]; stats: RpcStats };

/** What the run measured, as main() collects it. */
export interface Measured {
  loadStart: number[];
  chain: {
    instruments: number;
    /** Its instrument rows after the syncs. */
    rows: { protocol: string }[];
    demoPositions: number;
    standardMs: number;
    extra: { markets: ExtraMarket[]; transactions: number; ms: number };
    discoveryDeployMs: number;
    createdAt: Record<string, bigint>;
    head: bigint;
  };
  pings: { before: number[]; after: number[] };
  multicall: { calls: number; before: Timed; after: Timed };
  /** A steady sync's eth_calls sent again at once (baselines.ts, sameCallsAtOnce). */
  sameCalls: Timed & { ethCalls: number; multicalls: number; innerCalls: number };
  balanceOf: { calls: number } & Timed;
  firstSync: { first: SyncRun; gas: GasReplay };
  steadySync: { steady: SyncRun[]; gas: GasReplay | undefined };
  scans: Record<"firstScan" | "firstScanLimited" | "steadyScan", DiscoveryRun>;
  positionsAll: PositionsRun & { gas: GasReplay };
  positionsSubset: PositionsRun & { gas: GasReplay };
}

/** The baselines' medians, the ratios' denominators. */
export const baselineMedians = (m: Measured) => ({
  pingMs: median([...m.pings.before, ...m.pings.after]),
  multicallMs: median([...m.multicall.before.xs, ...m.multicall.after.xs]),
  balanceOfMs: median(m.balanceOf.xs),
  sameCallsMs: median(m.sameCalls.xs),
});

function chainSection({ chain }: Measured) {
  const created = Object.values(chain.createdAt);
  return {
    instruments: chain.instruments,
    perProtocol: Object.fromEntries(
      PROTOCOLS.map((p) => [p, chain.rows.filter((r) => r.protocol === p).length]),
    ),
    demoPositions: chain.demoPositions,
    setup: {
      standardDevnetMs: round(chain.standardMs),
      extraMarketTransactions: chain.extra.transactions,
      extraMarketsMs: round(chain.extra.ms),
      discoveryDeployMs: round(chain.discoveryDeployMs),
    },
    discovery: {
      genesisBlock: GENESIS_BLOCK,
      headBlock: Number(chain.head),
      blocksScanned: Number(chain.head) + 1,
      vaults: DISCOVERY_VAULTS,
      listed: DISCOVERY_LISTED,
      creationBlocks: [Number(created[0]), Number(created.at(-1))],
    },
    client:
      "createChainClient defaults (JSON-RPC batches of ≤ 100, multicall chunks of MULTICALL_BATCH_BYTES calldata and MULTICALL_MAX_CALLS calls)",
  };
}

function baselineSection({ pings, multicall, balanceOf, sameCalls }: Measured) {
  const timedStats = (t: { stats: RpcStats }) => ({
    httpRequests: t.stats.httpRequests,
    rpcCalls: t.stats.rpcCalls,
  });
  return {
    ethBlockNumberMs: {
      ...summary([...pings.before, ...pings.after]),
      p50Before: round(median(pings.before)),
      p50After: round(median(pings.after)),
    },
    multicallTotalSupply: {
      calls: multicall.calls,
      ms: {
        ...summary([...multicall.before.xs, ...multicall.after.xs]),
        medianBefore: round(median(multicall.before.xs)),
        medianAfter: round(median(multicall.after.xs)),
      },
      ...timedStats(multicall.before),
      rpcBusyMsLastRun: round(multicall.after.stats.busyMs),
    },
    sameCallsAtOnce: {
      ethCalls: sameCalls.ethCalls,
      multicalls: sameCalls.multicalls,
      innerCalls: sameCalls.innerCalls,
      ms: summary(sameCalls.xs),
      ...timedStats(sameCalls),
      rpcBusyMsLastRun: round(sameCalls.stats.busyMs),
    },
    multicallBalanceOf: {
      calls: balanceOf.calls,
      ms: summary(balanceOf.xs),
      ...timedStats(balanceOf),
      rpcBusyMsLastRun: round(balanceOf.stats.busyMs),
    },
  };
}

function syncSections(m: Measured, { pingMs, multicallMs, sameCallsMs }: ReturnType<typeof baselineMedians>) {
  const { first, gas } = m.firstSync;
  const steady = m.steadySync.steady;
  const steadyWall = steady.map((r) => r.wallMs);
  const ratio = (ms: number) => ({
    toEthBlockNumber: round(ms / pingMs, 1),
    toMulticall: round(ms / multicallMs, 2),
    toSameCalls: round(ms / sameCallsMs, 2),
  });
  return {
    firstSync: { ...first, gas, ratio: ratio(first.wallMs) },
    steadySync: {
      runs: steady,
      wallMs: summary(steadyWall),
      medianRun: steady.find((r) => r.wallMs === median(steadyWall)) ?? steady[0]!,
      gas: m.steadySync.gas,
      ratio: ratio(median(steadyWall)),
    },
    discovery: Object.fromEntries(
      Object.entries(m.scans).map(([key, run]) => [
        key,
        { ...run, ratio: { toEthBlockNumber: round(run.wallMs / pingMs, 1) } },
      ]),
    ) as Record<keyof Measured["scans"], DiscoveryRun & { ratio: { toEthBlockNumber: number } }>,
  };
}

function positionsSections(
  m: Measured,
  { pingMs, multicallMs, balanceOfMs }: ReturnType<typeof baselineMedians>,
) {
  const { positionsSubset: subset, positionsAll: all } = m;
  return {
    positionsSubset: {
      ...subset,
      ratio: {
        toEthBlockNumber: round(subset.latencyMs.p50 / pingMs, 1),
        toMulticallBalanceOf: round(subset.latencyMs.p50 / balanceOfMs, 2),
      },
    },
    positionsAll: {
      ...all,
      ratio: {
        toEthBlockNumber: round(all.latencyMs.p50 / pingMs, 1),
        toMulticall: round(all.latencyMs.p50 / multicallMs, 2),
      },
    },
  };
}

export function buildResult(m: Measured) {
  const base = baselineMedians(m);
  const loadEnd = os.loadavg();
  return {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageStart: m.loadStart.map((l) => round(l)),
      loadAverageEnd: loadEnd.map((l) => round(l)),
    },
    chain: chainSection(m),
    baseline: baselineSection(m),
    ...syncSections(m, base),
    ...positionsSections(m, base),
    checks,
    ok: checks.every((c) => c.ok),
  };
}
export type BenchResult = ReturnType<typeof buildResult>;
