// The benchmark's table and notes on stdout: each measurement's wall time, its multiples of the
// baselines and what went over the wire; the sync's phases; the eth_calls' gas; the checks.
import type { RpcStats } from "../lib/rpc-meter";
import type { baselineMedians, BenchResult } from "./result";
import { ETH_CALL_GAS_CAP, LIMITED_GETLOGS_BLOCKS } from "./settings";

type Baselines = ReturnType<typeof baselineMedians>;

const n = (v: number, d = 1) =>
  v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const kb = (bytes: number) => `${n(bytes / 1024)} kB`;
const ops = (s: RpcStats) =>
  Object.entries(s.methods)
    .map(([m, c]) => `${m}×${c}`)
    .join(" ");
const HEADER = [
  "measurement",
  "wall ms",
  "× eth_blockNumber",
  "× multicall",
  "× same calls",
  "HTTP",
  "JSON-RPC",
  "RPC busy ms",
  "sent / received",
  "notes",
];

function baselineRows({ baseline: b }: BenchResult, base: Baselines): string[][] {
  const {
    ethBlockNumberMs: ping,
    multicallTotalSupply: supply,
    multicallBalanceOf: balances,
    sameCallsAtOnce: same,
  } = b;
  const multicallRow = (
    read: typeof balances,
    ms: number,
    what: string,
    ofMulticall: string,
    notes: string,
  ) => [
    `baseline: multicall ${read.calls}×${what}`,
    `med ${n(ms)}`,
    n(ms / base.pingMs),
    ofMulticall,
    "",
    String(read.httpRequests),
    String(read.rpcCalls),
    n(read.rpcBusyMsLastRun),
    "",
    notes,
  ];
  return [
    [
      "baseline: eth_blockNumber",
      `p50 ${n(base.pingMs, 2)}`,
      "1",
      "",
      "",
      "1",
      "1",
      "",
      "",
      `N=${ping.n} (before ${n(ping.p50Before, 2)}, after ${n(ping.p50After, 2)})`,
    ],
    multicallRow(
      supply,
      base.multicallMs,
      "totalSupply",
      "1",
      `N=${supply.ms.n} (before ${n(supply.ms.medianBefore)}, after ${n(supply.ms.medianAfter)})`,
    ),
    [
      `baseline: a steady sync's eth_calls at once`,
      `med ${n(base.sameCallsMs)}`,
      n(base.sameCallsMs / base.pingMs),
      n(base.sameCallsMs / base.multicallMs),
      "1",
      String(same.httpRequests),
      String(same.rpcCalls),
      n(same.rpcBusyMsLastRun),
      "",
      `N=${same.ms.n}; ${same.multicalls} aggregate3 carrying ${same.innerCalls} calls, ${same.ethCalls - same.multicalls} lens calls`,
    ],
    multicallRow(balances, base.balanceOfMs, "balanceOf", "", `N=${balances.ms.n}`),
  ];
}

/** The syncs and discovery scans: wall time, as multiples of the baselines, and what went over the wire. */
function runRows(x: BenchResult, base: Baselines): string[][] {
  const runRow = (label: string, wall: string, wallMs: number, rpc: RpcStats, notes: string) => [
    label,
    wall,
    n(wallMs / base.pingMs, 0),
    n(wallMs / base.multicallMs),
    n(wallMs / base.sameCallsMs),
    String(rpc.httpRequests),
    String(rpc.rpcCalls),
    n(rpc.busyMs),
    `${kb(rpc.requestBytes)} / ${kb(rpc.responseBytes)}`,
    notes,
  ];
  const { firstSync: f, steadySync: s } = x;
  const m = s.medianRun;
  const scans = [
    [
      `vault discovery, first scan of ${x.chain.discovery.blocksScanned.toLocaleString("en-US")} blocks`,
      x.discovery.firstScan,
    ],
    [
      `  same, eth_getLogs ≤ ${LIMITED_GETLOGS_BLOCKS.toLocaleString("en-US")} blocks`,
      x.discovery.firstScanLimited,
    ],
    ["vault discovery, 25 blocks later", x.discovery.steadyScan],
  ] as const;
  return [
    runRow(
      `first sync (discovers ${f.discovered})`,
      n(f.wallMs),
      f.wallMs,
      f.rpc,
      `updated ${f.updated}, failed ${f.failed}; ${ops(f.rpc)}`,
    ),
    runRow(
      `steady sync (N=${s.runs.length})`,
      `med ${n(s.wallMs.p50)} [${n(s.wallMs.min)}–${n(s.wallMs.max)}]`,
      s.wallMs.p50,
      m.rpc,
      `updated ${m.updated}, failed ${m.failed}; ${ops(m.rpc)}`,
    ),
    ...scans.map(([label, run]) =>
      runRow(
        label,
        n(run.wallMs),
        run.wallMs,
        run.rpc,
        `eth_getLogs ${run.result.requests} (${run.refusedGetLogs} refused), found ${run.result.found}, listed ${run.result.added}; ${ops(run.rpc)}`,
      ),
    ),
  ];
}

function positionsRows({ positionsSubset: p, positionsAll: pa }: BenchResult, base: Baselines): string[][] {
  return (
    [
      [p, base.balanceOfMs],
      [pa, base.multicallMs],
    ] as const
  ).map(([pos, multiple]) => [
    `positions over ${pos.instruments} (N=${pos.latencyMs.n})`,
    pos.error ? "failed" : `p50 ${n(pos.latencyMs.p50)} p95 ${n(pos.latencyMs.p95)}`,
    pos.error ? "" : n(pos.latencyMs.p50 / base.pingMs),
    pos.error ? "" : `${n(pos.latencyMs.p50 / multiple, 2)}${pos === p ? " (balanceOf)" : ""}`,
    "",
    `${pos.httpPerCall.min}–${pos.httpPerCall.max}`,
    `${pos.rpcPerCall.min}–${pos.rpcPerCall.max}`,
    "",
    `${kb(pos.requestBytes)} / ${kb(pos.responseBytes)}`,
    pos.error ?? `${pos.positions} positions`,
  ]);
}

function printHeading(x: BenchResult) {
  const { chain, machine } = x;
  const protocols = Object.entries(chain.perProtocol)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(
    `\nChain benchmark (issues 4, 10): ${chain.instruments} instruments on a local Anvil chain (${protocols}); ${chain.demoPositions} demo positions`,
  );
  console.log(
    `Load average ${machine.loadAverageStart.join(" ")} at the start, ${machine.loadAverageEnd.join(" ")} at the end (${machine.cpus} CPUs); setup ${n(chain.setup.extraMarketsMs / 1000)} s for ${chain.setup.extraMarketTransactions} transactions`,
  );
  const d = chain.discovery;
  console.log(
    `Morpho factories: ${d.vaults} vaults (${d.listed} above the floor) created in blocks ${d.creationBlocks.join("–")}; the chain's first block is ${d.genesisBlock.toLocaleString("en-US")}, its head ${d.headBlock.toLocaleString("en-US")}\n`,
  );
}

function printNotes(x: BenchResult) {
  const { firstSync: f, steadySync: s, positionsSubset: p, positionsAll: pa } = x;
  console.log(
    "\nSync wall time by phase (ms; from the proxy's timestamps): before the first RPC request / first request to last answer (of which RPC busy) / after the last answer (write transaction)",
  );
  for (const [label, run] of [
    ["first sync", f],
    ["steady sync (median run)", s.medianRun],
  ] as const)
    console.log(
      `  ${label.padEnd(24)} ${n(run.phasesMs.beforeFirstRpc)} / ${n(run.phasesMs.rpcSpan)} (${n(run.rpc.busyMs)}) / ${n(run.phasesMs.afterLastRpc)}`,
    );
  console.log("\neth_call gas (replayed as eth_estimateGas; the node's cap is 30,000,000):");
  for (const [label, g] of [
    ["first sync", f.gas],
    ["steady sync", s.gas],
    [`positions over ${p.instruments}`, p.gas],
    [`positions over ${pa.instruments}`, pa.gas],
  ] as const) {
    if (!g) continue;
    const heaviest = g.heaviest?.innerCalls
      ? `; the heaviest carried ${g.heaviest.innerCalls} calls in ${kb(g.heaviest.calldataBytes)}`
      : "";
    const errors = g.errors.length ? `; ${g.errors.length} not estimable: ${g.errors[0]}` : "";
    console.log(
      `  ${label.padEnd(24)} ${String(g.ethCalls).padStart(3)} eth_calls, max ${g.maxGas.toLocaleString("en-US")} gas (${n((100 * g.maxGas) / ETH_CALL_GAS_CAP)}% of the cap), max calldata ${kb(g.maxCalldataBytes)}${heaviest}${errors}`,
    );
  }
  console.log("\nChecks:");
  for (const c of x.checks) console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
}

export function printReport(x: BenchResult, base: Baselines) {
  const rows = [HEADER, ...baselineRows(x, base), ...runRows(x, base), ...positionsRows(x, base)];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  printHeading(x);
  for (const row of rows)
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
  printNotes(x);
}
