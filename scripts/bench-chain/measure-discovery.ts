// Morpho vault discovery alone, on fresh databases: the first scan of the factories' history straight
// to the node and through a proxy that refuses eth_getLogs over LIMITED_GETLOGS_BLOCKS blocks as
// Alchemy does, then the steady state 25 blocks later.
import { rpc } from "@/devnet/json-rpc";
import { startLimitedRpc, type LimitedRpc } from "@/devnet/limited-rpc";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { discoverVaults, type VaultDiscoveryResult } from "@/lib/machinery/sync/vault-discovery";
import type { RpcStats } from "../lib/rpc-meter";
import type { BenchContext } from "./bench-context";
import { discoveryScanDatabase } from "./databases";
import { DISCOVERY_LISTED } from "./discovery-vaults";
import { DISCOVERY_VAULTS, LIMITED_GETLOGS_BLOCKS, TOTAL, log } from "./settings";
import { check, round } from "./stats";

export interface DiscoveryRun {
  wallMs: number;
  rpc: RpcStats;
  result: VaultDiscoveryResult;
  /** eth_getLogs calls the provider refused (over its span) or that were not answered. */
  refusedGetLogs: number;
}

async function measureDiscovery(
  what: string,
  bench: BenchContext,
  limited: LimitedRpc,
  through: BenchContext["client"],
  db: Database,
): Promise<DiscoveryRun> {
  log(`vault discovery: ${what}`);
  const mark = bench.meter.mark();
  const exchanges = limited.exchanges.length;
  const started = performance.now();
  const result = await discoverVaults({
    db: db.db,
    client: through,
    chainId: LOCAL_CHAIN_ID,
    now: new Date(),
  });
  const wallMs = round(performance.now() - started);
  const asked = limited.exchanges.slice(exchanges).flatMap((e) => e.getLogs);
  return {
    wallMs,
    rpc: bench.meter.stats(mark),
    result,
    refusedGetLogs: asked.filter((g) => g.logs === null).length,
  };
}

function checkScans(scanFirst: DiscoveryRun, scanLimited: DiscoveryRun, scanSteady: DiscoveryRun) {
  for (const [label, run] of [
    ["first scan", scanFirst],
    ["first scan (limited)", scanLimited],
    ["steady scan", scanSteady],
  ] as const)
    check(
      `vault discovery, ${label}: complete, no error`,
      run.result.complete && run.result.errors.length === 0,
      run.result.errors.join("; ") || `${run.result.requests} eth_getLogs`,
    );
  const [first, limited] = [scanFirst.result, scanLimited.result];
  // Every Morpho vault of the chain comes from Morpho's factories: the standard devnet's and the
  // further markets' (a quarter of the instruments, below the listing floor or listed already) before
  // the discovery deployment's DISCOVERY_VAULTS, of which DISCOVERY_LISTED are listed.
  const found = TOTAL / 4 + DISCOVERY_VAULTS;
  check(
    "vault discovery: every vault found once, dust not listed",
    first.found === found &&
      limited.found === found &&
      first.added === DISCOVERY_LISTED &&
      limited.added === DISCOVERY_LISTED,
    `found ${first.found} / ${limited.found}, listed ${first.added} / ${limited.added}; expected ${found} and ${DISCOVERY_LISTED}`,
  );
  check(
    "vault discovery, 25 blocks later: one eth_getLogs, nothing new",
    scanSteady.result.requests === 1 && scanSteady.result.found === 0,
    `${scanSteady.result.requests} eth_getLogs, ${scanSteady.result.found} found`,
  );
}

/** The three scans and their checks; also the chain's head block after them. */
export async function measureDiscoveryScans(bench: BenchContext) {
  const limited = await startLimitedRpc(bench.meter.url, {
    getLogsMaxBlocks: LIMITED_GETLOGS_BLOCKS,
    refusalStyle: "alchemy",
  });
  bench.cleanup.unshift(() => limited.close());
  const scanDb = await discoveryScanDatabase(bench.cleanup, bench.now, bench.database);
  const firstScan = await measureDiscovery(
    "first scan, straight to the node",
    bench,
    limited,
    bench.client,
    scanDb,
  );
  const limitedClient = createChainClient(LOCAL_CHAIN_ID, limited.url);
  const limitedDb = await discoveryScanDatabase(bench.cleanup, bench.now, bench.database);
  const firstScanLimited = await measureDiscovery(
    `first scan, eth_getLogs limited to ${LIMITED_GETLOGS_BLOCKS} blocks`,
    bench,
    limited,
    limitedClient,
    limitedDb,
  );
  await rpc(bench.nodeUrl, "anvil_mine", ["0x19"]);
  const steadyScan = await measureDiscovery("25 blocks later", bench, limited, bench.client, scanDb);
  const head = BigInt(await rpc<`0x${string}`>(bench.nodeUrl, "eth_blockNumber"));
  checkScans(firstScan, firstScanLimited, steadyScan);
  return { scans: { firstScan, firstScanLimited, steadyScan }, head };
}
