// npm run bench:chain — the chain benchmark of issue 4:
//   - "sync of 1,000 instruments on the local chain — wall time and RPC requests made";
//   - "positions over 200 instruments — latency and RPC requests".
//
// A fresh Anvil chain gets the standard devnet (devnet/deploy: the protocols' own contracts) and then
// enough further markets for BENCH_CHAIN_INSTRUMENTS instruments (default 1,000), a quarter per
// protocol, each made through its deployment's own entry points and filled by real supplies, deposits
// and borrows (scripts/bench-chain/extra-markets.ts): Aave reserves and Fluid fTokens, which the sync's
// discovery finds on chain, and Comets and MetaMorpho vaults, which are not discoverable and are
// inserted into the benchmark's own in-memory database the way the catalog lists chain 31337's markets
// (devnet/local-chain-catalog.ts). The demo wallet holds a position in every other market.
//
// The code under test reads the chain through a metering proxy (scripts/lib/rpc-meter.ts) that counts
// HTTP requests and the JSON-RPC calls inside them. Measured: the first sync (with discovery), the
// steady-state sync (N runs, the chain an hour later each time), positions over 200 instruments (a
// second database that lists 200 of the chain's markets) and over all of them. Figures are also given
// as ratios against baselines measured in the same run through the same proxy and client: one
// eth_blockNumber round trip, and a plain Multicall3 read of every instrument's totalSupply (200
// balanceOf reads for positions). Every eth_call the code under test made is replayed as
// eth_estimateGas, to show how close it comes to the node's 30M gas cap.
//
// Morpho vault discovery (issue 10) is part of every sync: the chain's block numbers start at
// GENESIS_BLOCK (Anvil --number; blocks before it hold no logs, and mining 100,000 real blocks would
// take Anvil hours, as each block costs time in proportion to the blocks it holds), and the devnet's
// MetaMorpho v1.0/v1.1 and Vault V2 factories create DISCOVERY_VAULTS vaults DISCOVERY_GAP blocks
// apart (after the vaults the further markets made through the v1.1 factory), so the first sync
// scans 100,000+ blocks of factory history from block 0. The scan is also
// measured alone (discoverVaults on a fresh database): straight to the node, and through a proxy that
// refuses eth_getLogs over 2,000 blocks as Alchemy does; and its steady state, 25 new blocks later.
//
// Prints a table, writes .bench/chain.json, and exits 1 when a correctness check fails: a sync that
// reports failures or does not update every instrument, a positions call that needs more than one
// HTTP request or answers wrongly, a discovery that misses a vault or lists a wrong one.
//
// The parts live in scripts/bench-chain/: the chain's set-up, the databases, each measurement, the
// result and the report. `--only=history` measures the history backfill alone, on the local chain
// with its year of past (scripts/bench-chain/measure-history.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Hex } from "viem";
import { startAnvil } from "@/devnet/anvil";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { erc20Abi } from "@/lib/machinery/chain/abis";
import { createChainClient } from "@/lib/machinery/chain/client";
import { instruments } from "@/lib/machinery/db/schema";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startRpcMeter } from "./lib/rpc-meter";
import { ping, readAll, sameCallsAtOnce } from "./bench-chain/baselines";
import type { BenchContext } from "./bench-chain/bench-context";
import { setUpChain, type BenchChain } from "./bench-chain/chain-setup";
import { countLocalInstruments, listUndiscoverable, openMemoryDatabase, subsetDatabase, type Cleanup } from "./bench-chain/databases";
import { measureDiscoveryScans } from "./bench-chain/measure-discovery";
import { measurePositionsOver } from "./bench-chain/measure-positions";
import { measureHistory } from "./bench-chain/measure-history";
import { measureFirstSync, measureSteadySyncs } from "./bench-chain/measure-sync";
import { printReport } from "./bench-chain/report";
import { baselineMedians, buildResult, type Measured } from "./bench-chain/result";
import { GENESIS_BLOCK, MULTICALL_RUNS, PING_RUNS, POSITIONS_RUNS, POSITIONS_SUBSET, log } from "./bench-chain/settings";

/** The meter in front of the node, the client through it, and the database that lists the chain. */
async function openBench(nodeUrl: string, cleanup: Cleanup): Promise<BenchContext> {
  const meter = await startRpcMeter(nodeUrl);
  cleanup.unshift(() => meter.close());
  const client = createChainClient(LOCAL_CHAIN_ID, meter.url);
  const now = new Date();
  const database = await openMemoryDatabase(cleanup, now);
  return { nodeUrl, meter, client, database, now, cleanup };
}

/** The syncs and the discovery scans, with the baselines measured before them. */
async function measureSyncsAndScans(bench: BenchContext, chain: BenchChain, listed: number) {
  const pingBefore = await ping(bench, PING_RUNS);
  const firstSync = await measureFirstSync(bench, listed, chain.chainTotal);
  const addresses = await bench.database.db.select({ address: instruments.yieldTokenAddress }).from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
  const totalSupplyCalls = addresses.map((r) => ({ address: r.address as Hex, abi: erc20Abi, functionName: "totalSupply" }));
  const multicallBefore = await readAll(bench, MULTICALL_RUNS, totalSupplyCalls);
  const { ethCalls, ...steadySync } = await measureSteadySyncs(bench, chain.chainTotal);
  log(`baseline: the steady sync's ${ethCalls.length} eth_calls at once`);
  const sameCalls = await sameCallsAtOnce(bench, MULTICALL_RUNS, ethCalls);
  const { scans, head } = await measureDiscoveryScans(bench);
  return { pingBefore, firstSync, totalSupplyCalls, multicallBefore, steadySync, sameCalls, scans, head };
}

/** Everything measured, in the order it is measured, with the baselines again at the end. */
async function measure(bench: BenchContext, chain: BenchChain, listed: number, loadStart: number[]): Promise<Measured> {
  const run = await measureSyncsAndScans(bench, chain, listed);
  log(`positions over ${chain.chainTotal} instruments`);
  const positionsAll = await measurePositionsOver("every instrument", bench, bench.database, chain.held);
  const { subset, chosen, allRows } = await subsetDatabase(bench.cleanup, bench.now, bench.database, chain.extra.markets);
  const chosenHeld = new Map([...chain.held].filter(([address]) => chosen.some((r) => r.yieldTokenAddress.toLowerCase() === address)));
  log(`positions over ${POSITIONS_SUBSET} instruments (${chosenHeld.size} held)`);
  const positionsSubset = await measurePositionsOver(`a database that lists ${POSITIONS_SUBSET}`, bench, subset, chosenHeld);
  const balanceOfCalls = chosen.map((r) => ({ address: r.yieldTokenAddress as Hex, abi: erc20Abi, functionName: "balanceOf", args: [devnetDemoWallet.address] }));
  const balances = await readAll(bench, POSITIONS_RUNS, balanceOfCalls);
  const pingAfter = await ping(bench, PING_RUNS);
  const multicallAfter = await readAll(bench, MULTICALL_RUNS, run.totalSupplyCalls);
  return {
    loadStart,
    chain: { ...chain, instruments: chain.chainTotal, rows: allRows, demoPositions: chain.held.size, createdAt: chain.discovery.createdAt, head: run.head },
    pings: { before: run.pingBefore, after: pingAfter },
    multicall: { calls: run.totalSupplyCalls.length, before: run.multicallBefore, after: multicallAfter },
    sameCalls: run.sameCalls,
    balanceOf: { calls: balanceOfCalls.length, ...balances },
    firstSync: run.firstSync,
    steadySync: run.steadySync,
    scans: run.scans,
    positionsAll,
    positionsSubset,
  };
}

async function main() {
  const loadStart = os.loadavg();
  log(`load average ${loadStart.map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs`);
  // A day in the past: the discovery deployment's MetaMorpho v1.0 vaults move the chain's clock a day
  // forward (devnet/deploy/discovery.ts), which leaves it at the wall clock, as the sync's database is.
  const anvil = await startAnvil({ genesisBlock: GENESIS_BLOCK, genesisTimestamp: Math.floor(Date.now() / 1000) - 86_400 });
  const cleanup: Cleanup = [() => anvil.stop()];
  try {
    const chain = await setUpChain(anvil.url);
    const bench = await openBench(anvil.url, cleanup);
    const listed = await listUndiscoverable(bench.database, chain.extra.markets, bench.now);
    log(
      `database: ${await countLocalInstruments(bench.database)} chain-${LOCAL_CHAIN_ID} instruments listed (${listed} Comets and Morpho vaults added), the rest to discover`,
    );
    const measured = await measure(bench, chain, listed, loadStart);
    const result = buildResult(measured);
    const file = path.join(process.cwd(), ".bench", "chain.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result, null, 2));
    printReport(result, baselineMedians(measured));
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}.`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    for (const step of cleanup) await step().catch(() => undefined);
  }
}

if (process.argv.includes("--only=history")) process.exitCode = (await measureHistory()) ? 0 : 1;
else await main();
