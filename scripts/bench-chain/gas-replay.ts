// How close the code under test's eth_calls come to the node's gas cap: each one the meter recorded
// (with its body) is replayed as eth_estimateGas, straight to the node.
import type { Hex } from "viem";
import { rpc } from "@/devnet/json-rpc";
import type { RpcMeter } from "../lib/rpc-meter";

export interface GasReplay {
  ethCalls: number;
  maxGas: number;
  maxCalldataBytes: number;
  /** The eth_call that used the most gas: how many Multicall3 calls it carried (0: not a multicall). */
  heaviest: { innerCalls: number; calldataBytes: number; gas: number } | null;
  errors: string[];
}

// Multicall3.aggregate3((address,bool,bytes)[]): the array's length is the second word.
const aggregate3Calls = (data: Hex) =>
  data.startsWith("0x82ad56cb") ? Number(BigInt(`0x${data.slice(10 + 64, 10 + 128)}`)) : 0;

/** The eth_calls the meter recorded (with their bodies) since `mark`. */
export const recordedEthCalls = (meter: RpcMeter, mark: number) =>
  meter.exchanges
    .slice(mark)
    .flatMap((e) => (Array.isArray(e.body) ? e.body : [e.body]) as { method?: string; params?: unknown[] }[])
    .filter((c) => c?.method === "eth_call");

/** Replays the eth_calls recorded since `mark` as eth_estimateGas, straight to the node. */
export async function replayGas(meter: RpcMeter, mark: number, nodeUrl: string): Promise<GasReplay> {
  const calls = recordedEthCalls(meter, mark);
  const replay: GasReplay = {
    ethCalls: calls.length,
    maxGas: 0,
    maxCalldataBytes: 0,
    heaviest: null,
    errors: [],
  };
  // Repeated calls (the positions runs) are replayed once.
  const distinct = new Map(calls.map((c) => [JSON.stringify(c.params?.[0]), c]));
  for (const call of distinct.values()) {
    const tx = call.params?.[0] as { to?: Hex; data?: Hex; input?: Hex };
    const data = tx.data ?? tx.input ?? "0x";
    replay.maxCalldataBytes = Math.max(replay.maxCalldataBytes, (data.length - 2) / 2);
    try {
      const gas = Number(BigInt(await rpc<Hex>(nodeUrl, "eth_estimateGas", [tx])));
      if (gas > replay.maxGas) {
        replay.maxGas = gas;
        replay.heaviest = { innerCalls: aggregate3Calls(data), calldataBytes: (data.length - 2) / 2, gas };
      }
    } catch (err) {
      replay.errors.push((err as Error).message.slice(0, 200));
    }
  }
  return replay;
}

/** Runs `measure` with the meter keeping request bodies, then replays its eth_calls; `onCalls` gets them too. */
export async function withGasReplay<T>(
  meter: RpcMeter,
  nodeUrl: string,
  measure: () => Promise<T>,
  onCalls?: (calls: ReturnType<typeof recordedEthCalls>) => void,
): Promise<[T, GasReplay]> {
  const mark = meter.mark();
  meter.keepBodies = true;
  let result: T;
  try {
    result = await measure();
  } finally {
    meter.keepBodies = false;
  }
  onCalls?.(recordedEthCalls(meter, mark));
  return [result, await replayGas(meter, mark, nodeUrl)];
}
