// What the measurements are compared with, through the same proxy and client: one eth_blockNumber
// round trip, and a plain Multicall3 read of many calls.
import { multicall } from "@/lib/machinery/chain/multicall";
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
export async function readAll({ client, meter }: BenchContext, runs: number, calls: Parameters<typeof multicall>[1]) {
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
