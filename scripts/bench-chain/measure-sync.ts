// The sync of the whole chain: the first one (with discovery), then the steady state, the chain an
// hour later each time; wall time by phase, requests, and the checks that it updated everything.
import { and, eq, inArray } from "drizzle-orm";
import { rpc } from "@/devnet/json-rpc";
import { devnetMarkets } from "@/devnet/plan/markets";
import { instruments } from "@/lib/machinery/db/schema";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { syncChain, type ChainSyncResult } from "@/lib/machinery/sync/sync-chain";
import type { RpcMeter, RpcStats } from "../lib/rpc-meter";
import type { BenchContext } from "./bench-context";
import { countLocalInstruments } from "./databases";
import { DISCOVERY_LISTED } from "./discovery-vaults";
import { withGasReplay, type GasReplay } from "./gas-replay";
import { STEADY_RUNS, TOTAL, log } from "./settings";
import { check, round } from "./stats";

export interface SyncRun {
  wallMs: number;
  /** Where the wall time went, from the proxy's timestamps: before the first RPC request (database
   * reads), from the first request to the last answer (RPC busy + JS and database work in between),
   * after the last answer (the write transaction). */
  phasesMs: { beforeFirstRpc: number; rpcSpan: number; afterLastRpc: number };
  rpc: RpcStats;
  discovered: number;
  updated: number;
  failed: number;
  error: string | null;
}

async function measuredSync(meter: RpcMeter, run: () => Promise<ChainSyncResult>): Promise<SyncRun> {
  const mark = meter.mark();
  const started = performance.now();
  const result = await run();
  const ended = performance.now();
  const exchanges = meter.exchanges.slice(mark);
  const firstRpc = Math.min(...exchanges.map((e) => e.startedMs));
  const lastRpc = Math.max(...exchanges.map((e) => e.endedMs));
  return {
    wallMs: round(ended - started),
    phasesMs: {
      beforeFirstRpc: round(firstRpc - started),
      rpcSpan: round(lastRpc - firstRpc),
      afterLastRpc: round(ended - lastRpc),
    },
    rpc: meter.stats(mark),
    discovered: result.discovered,
    updated: result.updated,
    failed: result.failed.length,
    error: result.error,
  };
}

const syncOnce = ({ meter, database, client }: BenchContext) =>
  measuredSync(meter, () => syncChain({ db: database.db, client, chainId: LOCAL_CHAIN_ID }));

/** The first sync, with discovery: it finds every Aave reserve, fToken and Morpho vault the database does not list. */
export async function measureFirstSync(bench: BenchContext, listed: number, chainTotal: number) {
  log("first sync (with discovery)");
  const [first, gas] = await withGasReplay(bench.meter, bench.nodeUrl, () => syncOnce(bench));
  const expectedDiscovered =
    TOTAL - listed - devnetMarkets.filter((m) => m.inCatalog).length + DISCOVERY_LISTED;
  check(
    "first sync: no error",
    first.error === null && first.failed === 0,
    first.error ?? `${first.failed} failed`,
  );
  check(
    "first sync: discovered every Aave reserve, fToken and Morpho vault above the floor",
    first.discovered === expectedDiscovered,
    `${first.discovered} discovered, expected ${expectedDiscovered}`,
  );
  check(`first sync: updated ${chainTotal}`, first.updated === chainTotal, `${first.updated} updated`);
  const counted = await countLocalInstruments(bench.database);
  check(`the chain has ${chainTotal} instruments`, counted === chainTotal, `${counted} in the database`);
  const firstScan = first.rpc.methods.eth_getLogs ?? 0;
  check("first sync: scanned the factories' history in one sync", firstScan > 0, `${firstScan} eth_getLogs`);
  return { first, gas };
}

/**
 * STEADY_RUNS syncs, the chain an hour later each time (blocks mined straight on the node); the first
 * one's eth_calls replayed, and returned as `ethCalls` (the "same calls" baseline sends them again).
 */
export async function measureSteadySyncs(bench: BenchContext, chainTotal: number) {
  const steady: SyncRun[] = [];
  let gas: GasReplay | undefined;
  let ethCalls: { params?: unknown[] }[] = [];
  for (let i = 0; i < STEADY_RUNS; i++) {
    await rpc(bench.nodeUrl, "evm_increaseTime", [3_600]);
    await rpc(bench.nodeUrl, "evm_mine");
    log(`steady-state sync ${i + 1}/${STEADY_RUNS}`);
    if (i === 0)
      [steady[0], gas] = await withGasReplay(
        bench.meter,
        bench.nodeUrl,
        () => syncOnce(bench),
        (calls) => (ethCalls = calls),
      );
    else steady.push(await syncOnce(bench));
  }
  for (const [i, run] of steady.entries()) {
    check(
      `steady sync ${i + 1}: no error`,
      run.error === null && run.failed === 0,
      run.error ?? `${run.failed} failed`,
    );
    check(
      `steady sync ${i + 1}: updated ${chainTotal}`,
      run.updated === chainTotal,
      `${run.updated} updated`,
    );
  }
  const vaultRows = await bench.database.db
    .select({ apy: instruments.currentApy })
    .from(instruments)
    .where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), inArray(instruments.protocol, ["morpho", "fluid"])));
  // Every vault of the chain earns: each MetaMorpho vault supplies to borrowed markets, each Vault V2's
  // share price grows, and the Liquidity layer has a supply rate for what every fToken lends (ETH's
  // under NATIVE_TOKEN_ADDRESS, for those over WETH), so none may be left without an APY.
  check(
    "vault APYs: recipe A for MetaMorpho vaults, share-price growth for Vault V2s, the Liquidity layer's supply rate for fTokens",
    vaultRows.every((r) => r.apy > 0),
    `${vaultRows.filter((r) => r.apy > 0).length}/${vaultRows.length} vaults have an APY`,
  );
  return { steady, gas, ethCalls };
}
