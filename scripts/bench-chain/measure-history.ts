// npm run bench:chain -- --only=history: the history backfill's cost (issue 27): the local chain with
// its year of past (devnet/past), synced live once, then backfilled from nothing through the metering
// proxy in runs of HISTORY_RPC_CALLS each, as the server's loop runs it. Measured: JSON-RPC calls and
// HTTP requests per bucket (the closing-block search included), the runs it took, and seconds for the
// whole year; against a baseline of the same run, one eth_blockNumber round trip. Every bucket must be
// read and nothing refused: otherwise the benchmark exits 1.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startDevnetWithPast } from "@/devnet/past/devnet-with-past";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { createChainClient } from "@/lib/machinery/chain/client";
import { DEFAULT_HISTORY_RPC_CALLS } from "@/lib/machinery/config";
import { migrateDatabase, openPglite } from "@/lib/machinery/db/client";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { HISTORY_DAYS, HISTORY_HOURS } from "@/lib/machinery/sync/history/buckets";
import { backfillChain } from "@/lib/machinery/sync/history/backfill-chain";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { startRpcMeter } from "../lib/rpc-meter";
import { log } from "./settings";

const n = (v: number, d = 2) =>
  v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

export async function measureHistory(): Promise<boolean> {
  const loadStart = os.loadavg();
  log(`load average ${loadStart.map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs`);
  const built = await startDevnetWithPast();
  log(
    `local chain with its past: ${built.past.blocks} past blocks, ${built.past.transactions} transactions, built in ${n(built.seconds, 1)} s`,
  );
  const meter = await startRpcMeter(built.anvil.url);
  const database = await openPglite("memory://");
  try {
    await migrateDatabase(database);
    await seedCatalog({ db: database.db, now: new Date() });
    const client = createChainClient(LOCAL_CHAIN_ID, meter.url);
    const live = await syncChain({ db: database.db, client, chainId: LOCAL_CHAIN_ID });
    if (live.error) throw new Error(`the live sync failed: ${live.error}`);
    const pingMs = await medianPingMs(client);

    const mark = meter.mark();
    const started = performance.now();
    const runs: Awaited<ReturnType<typeof backfillChain>>[] = [];
    // Runs as the server's loop makes them, back to back, until nothing is missing.
    for (let i = 0; i < 200; i++) {
      const run = await backfillChain({
        db: database.db,
        client: createChainClient(LOCAL_CHAIN_ID, meter.url),
        chainId: LOCAL_CHAIN_ID,
        budget: DEFAULT_HISTORY_RPC_CALLS,
      });
      runs.push(run);
      if (run.error || run.stopped || run.missing === 0 || run.bucketsRead === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const stats = meter.stats(mark);
    const buckets = runs.reduce((sum, r) => sum + r.bucketsRead, 0);
    const last = runs.at(-1)!;
    const ok =
      buckets === HISTORY_DAYS + HISTORY_HOURS &&
      last.missing === 0 &&
      runs.every((r) => r.error === null && r.rejected.length === 0);
    const result = {
      ok,
      loadStart,
      past: { blocks: built.past.blocks, transactions: built.past.transactions, seconds: built.seconds },
      budgetPerRun: DEFAULT_HISTORY_RPC_CALLS,
      runs: runs.length,
      buckets,
      points: runs.reduce((sum, r) => sum + r.pointsWritten, 0),
      seconds,
      secondsInEthBlockNumbers: (seconds * 1000) / pingMs,
      ethBlockNumberMs: pingMs,
      rpcCallsPerBucket: stats.rpcCalls / buckets,
      httpRequestsPerBucket: stats.httpRequests / buckets,
      methods: stats.methods,
      rpcCalls: stats.rpcCalls,
      httpRequests: stats.httpRequests,
      errors: runs.flatMap((r) => (r.error ? [r.error] : [])),
    };
    const file = path.join(process.cwd(), ".bench", "chain-history.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`
history backfill of the local chain's year (${HISTORY_DAYS} day + ${HISTORY_HOURS} hour buckets, ${result.points} points)
  ${buckets} buckets in ${runs.length} runs of at most ${DEFAULT_HISTORY_RPC_CALLS} JSON-RPC calls, ${n(seconds, 1)} s (${n(result.secondsInEthBlockNumbers, 0)} × eth_blockNumber at ${n(pingMs)} ms)
  JSON-RPC calls per bucket ${n(result.rpcCallsPerBucket)} (${Object.entries(stats.methods)
    .map(([m, c]) => `${m}×${c}`)
    .join(" ")})
  HTTP requests per bucket  ${n(result.httpRequestsPerBucket)} (${stats.httpRequests} in all; goal ≤ 3)
  ${ok ? "every bucket read, nothing refused" : `FAILED: ${result.errors.join("; ") || `${last.missing} buckets missing`}`}
Written to ${path.relative(process.cwd(), file)}.`);
    return ok;
  } finally {
    await database.close().catch(() => undefined);
    await meter.close().catch(() => undefined);
    await built.anvil.stop();
  }
}

/** The baseline: the median of 21 eth_blockNumber round trips through the same proxy and client. */
async function medianPingMs(client: ReturnType<typeof createChainClient>): Promise<number> {
  const pings: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t = performance.now();
    await client.getBlockNumber({ cacheTime: 0 });
    pings.push(performance.now() - t);
  }
  return pings.sort((a, b) => a - b)[10]!;
}
