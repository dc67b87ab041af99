// POST /positions' domain code for the demo wallet, over the instruments a database lists: latency,
// HTTP requests and JSON-RPC calls per call, and the checks that it answered right in one request.
import { createPublicClient, erc20Abi, http, type Hex } from "viem";
import { foundry } from "viem/chains";
import { DEVNET_DEMO_USDC } from "@/devnet/plan/tokens";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import type { Database } from "@/lib/machinery/db/client";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getPositions } from "@/lib/domain/positions/get-positions";
import type { RpcStats } from "../lib/rpc-meter";
import type { BenchContext } from "./bench-context";
import { countLocalInstruments } from "./databases";
import { withGasReplay } from "./gas-replay";
import { POSITIONS_RUNS } from "./settings";
import { check, summary, type Summary } from "./stats";

/**
 * Yield token (lower case) → what the demo wallet holds there: "balance" for an aToken or a Comet, whose
 * exact balance (the deposit with its interest) is read from the chain before the calls, or "vault"
 * for ERC-4626 shares (any balance, converted).
 */
export type Holdings = Map<string, "balance" | "vault">;
type Positions = Awaited<ReturnType<typeof getPositions>>;

export interface PositionsRun {
  instruments: number;
  latencyMs: Summary;
  httpPerCall: { min: number; max: number };
  rpcPerCall: { min: number; max: number };
  requestBytes: number;
  responseBytes: number;
  positions: number;
  error: string | null;
}

/** What the demo wallet's aTokens and Comets answer balanceOf at the chain's head, straight from the node. */
async function chainBalances(
  nodeUrl: string,
  expected: Holdings,
): Promise<{ block: bigint; balances: Map<string, bigint> }> {
  const reader = createPublicClient({ chain: foundry, transport: http(nodeUrl), cacheTime: 0 });
  const block = await reader.getBlockNumber();
  const tokens = [...expected].filter(([, kind]) => kind === "balance").map(([address]) => address as Hex);
  const balances = new Map<string, bigint>();
  for (let i = 0; i < tokens.length; i += 500) {
    const slice = tokens.slice(i, i + 500);
    const answers = await reader.multicall({
      contracts: slice.map(
        (address) =>
          ({ address, abi: erc20Abi, functionName: "balanceOf", args: [devnetDemoWallet.address] }) as const,
      ),
      multicallAddress: MULTICALL3_ADDRESS,
      blockNumber: block,
      allowFailure: false,
    });
    slice.forEach((address, j) => balances.set(address, answers[j]!));
  }
  return { block, balances };
}

/**
 * The answer holds exactly the expected positions, each aToken's and Comet's with the exact balance
 * the chain answered at the same block (vaults: any balance).
 */
function checkAnswer(
  label: string,
  answer: Positions,
  http: number[],
  expected: Holdings,
  onChain: Awaited<ReturnType<typeof chainBalances>>,
) {
  check(
    `${label}: one HTTP request per call`,
    Math.max(...http) === 1 && Math.min(...http) === 1,
    `HTTP requests per call ${Math.min(...http)}–${Math.max(...http)}`,
  );
  check(
    `${label}: USDC balance`,
    answer.usdcBalanceRaw === DEVNET_DEMO_USDC.toString(),
    answer.usdcBalanceRaw,
  );
  const got = new Map(answer.positions.map((p) => [p.yieldTokenAddress.toLowerCase(), BigInt(p.balanceRaw)]));
  check(
    `${label}: read at the block of the balances it is compared with`,
    BigInt(answer.blockNumber ?? -1) === onChain.block,
    `block ${answer.blockNumber}, balances of ${onChain.block}`,
  );
  const wrong = [...expected].filter(([address, kind]) =>
    kind === "vault" ? !((got.get(address) ?? 0n) > 0n) : got.get(address) !== onChain.balances.get(address),
  );
  const extra = [...got.keys()].filter((address) => !expected.has(address));
  check(
    `${label}: the demo wallet's positions`,
    wrong.length === 0 && extra.length === 0,
    `${answer.positions.length} positions, expected ${expected.size}; wrong ${wrong.length}, unexpected ${extra.length}`,
  );
}

async function measurePositions(
  what: string,
  bench: BenchContext,
  database: Database,
  expected: Holdings,
): Promise<PositionsRun> {
  const { meter, client } = bench;
  const latencies: number[] = [];
  const http: number[] = [];
  const calls: number[] = [];
  let last: RpcStats | undefined;
  let answer: Positions | undefined;
  let error: string | null = null;
  const n = await countLocalInstruments(database);
  const onChain = await chainBalances(bench.nodeUrl, expected);
  for (let i = 0; i < POSITIONS_RUNS && error === null; i++) {
    const mark = meter.mark();
    const started = performance.now();
    try {
      answer = await getPositions({
        db: database.db,
        environment: "test",
        address: devnetDemoWallet.address,
        chainId: LOCAL_CHAIN_ID,
        defaultChainId: LOCAL_CHAIN_ID,
        client,
      });
      latencies.push(performance.now() - started);
    } catch (err) {
      error = (err as Error).message.slice(0, 300);
    }
    last = meter.stats(mark);
    http.push(last.httpRequests);
    calls.push(last.rpcCalls);
  }
  const label = `positions over ${n} instruments (${what})`;
  check(`${label}: answered`, error === null, error ?? `${POSITIONS_RUNS} calls`);
  if (answer) checkAnswer(label, answer, http, expected, onChain);
  return {
    instruments: n,
    latencyMs: summary(latencies),
    httpPerCall: { min: Math.min(...http), max: Math.max(...http) },
    rpcPerCall: { min: Math.min(...calls), max: Math.max(...calls) },
    requestBytes: last?.requestBytes ?? 0,
    responseBytes: last?.responseBytes ?? 0,
    positions: answer?.positions.length ?? 0,
    error,
  };
}

/** POSITIONS_RUNS calls over the instruments `database` lists, their eth_calls replayed for gas. */
export async function measurePositionsOver(
  what: string,
  bench: BenchContext,
  database: Database,
  expected: Holdings,
) {
  const [run, gas] = await withGasReplay(bench.meter, bench.nodeUrl, () =>
    measurePositions(what, bench, database, expected),
  );
  return { ...run, gas };
}
