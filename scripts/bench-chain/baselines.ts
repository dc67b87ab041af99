// What the measurements are compared with, through the same proxy and client: one eth_blockNumber
// round trip, a plain Multicall3 read of many calls, and a steady sync's own eth_calls sent again at once.
import type { Hex } from "viem";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { multicall } from "@/lib/machinery/chain/multicall";
import { decodeAggregate3 } from "@/lib/machinery/chain/multicall-codec";
import type { RpcStats } from "../lib/rpc-meter";
import type { BenchContext } from "./bench-context";

/** `runs` eth_blockNumber round trips, in ms each. */
export async function ping({ client }: BenchContext, runs: number) {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await client.request({ method: "eth_blockNumber" });
    xs.push(performance.now() - started);
  }
  return xs;
}

/** `runs` Multicall3 reads of `calls`, in ms each, with the last run's requests. */
export async function readAll(
  { client, meter }: BenchContext,
  runs: number,
  calls: Parameters<typeof multicall>[1],
) {
  const xs: number[] = [];
  let stats: RpcStats | undefined;
  for (let i = 0; i < runs; i++) {
    const mark = meter.mark();
    const started = performance.now();
    const results = await multicall(client, calls);
    xs.push(performance.now() - started);
    stats = meter.stats(mark);
    if (results.some((r) => !r.ok)) throw new Error("a baseline multicall read failed");
  }
  return { xs, stats: stats! };
}

/**
 * `runs` times, every eth_call a steady sync made (its Multicall3 aggregate3 calls, in the chunks the
 * sync sent, and its deployless lens calls), sent again all at once at the latest block: one round
 * trip of the same calls, with the Multicall3 answers decoded. In ms each, with the last run's
 * requests and how many calls the aggregate3s carried.
 */
export async function sameCallsAtOnce(
  { client, meter }: BenchContext,
  runs: number,
  ethCalls: { params?: unknown[] }[],
) {
  const txs = ethCalls.map((c) => c.params?.[0] as { to?: Hex; data?: Hex; input?: Hex });
  const isMulticall = (tx: (typeof txs)[number]) => tx.to?.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase();
  const xs: number[] = [];
  let stats: RpcStats | undefined;
  let innerCalls = 0;
  for (let i = 0; i < runs; i++) {
    const mark = meter.mark();
    const started = performance.now();
    const answers = await Promise.all(
      txs.map(
        (tx) => client.request({ method: "eth_call", params: [tx as never, "latest"] }) as Promise<Hex>,
      ),
    );
    innerCalls = answers.reduce(
      (n, answer, j) => n + (isMulticall(txs[j]!) ? decodeAggregate3(answer).length : 0),
      0,
    );
    xs.push(performance.now() - started);
    stats = meter.stats(mark);
  }
  return { xs, stats: stats!, ethCalls: txs.length, multicalls: txs.filter(isMulticall).length, innerCalls };
}
