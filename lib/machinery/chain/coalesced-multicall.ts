import "server-only";
/**
 * A client whose Multicall3 aggregate3 calls of one tick go out as one eth_call: the adapters each
 * send their own multicalls (one per protocol, pool or round), and reading a whole chain at a past
 * block (the history backfill) then costs one eth_call per round of dependent reads instead of one per
 * adapter. Each caller gets exactly its own calls' results, in order; calls that are not aggregate3
 * (the lenses' deployless calls, headers) pass through untouched.
 */
import { decodeFunctionData, parseAbi, type Hex, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "./abis";
import { decodeAggregate3, encodeAggregate3 } from "./multicall-codec";

/** Merged calldata per eth_call: far above MULTICALL_BATCH_BYTES, still within what nodes take (Anvil's 2 MB request). */
export const COALESCED_CALL_BYTES = 400_000;
const AGGREGATE3_SELECTOR = "0x82ad56cb";
const aggregate3Abi = parseAbi([
  "function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])",
]);

type InnerCall = { target: Hex; callData: Hex };
interface Waiting {
  calls: InnerCall[];
  blockNumber: bigint | undefined;
  resolve(data: Hex): void;
  reject(err: unknown): void;
}

/** `client` with the aggregate3 calls of each tick (at the same block) merged into as few eth_calls as fit COALESCED_CALL_BYTES. */
export function coalescingMulticalls(client: PublicClient): PublicClient {
  let queue: Waiting[] = [];
  const flush = (base: PublicClient) => {
    const waiting = queue;
    queue = [];
    const byBlock = new Map<string, Waiting[]>();
    for (const w of waiting) {
      const key = String(w.blockNumber);
      byBlock.set(key, [...(byBlock.get(key) ?? []), w]);
    }
    for (const group of byBlock.values()) for (const part of partsOf(group)) void sendMerged(base, part);
  };
  return client.extend((base: PublicClient) => ({
    call: (args: { to?: Hex | null; data?: Hex; blockNumber?: bigint }) => {
      if (
        args.to?.toLowerCase() !== MULTICALL3_ADDRESS.toLowerCase() ||
        !args.data?.startsWith(AGGREGATE3_SELECTOR)
      )
        return base.call(args as never);
      const { args: decoded } = decodeFunctionData({ abi: aggregate3Abi, data: args.data });
      const calls = (decoded[0] as readonly { target: Hex; callData: Hex }[]).map((c) => ({
        target: c.target,
        callData: c.callData,
      }));
      return new Promise<{ data: Hex }>((resolve, reject) => {
        if (queue.length === 0) setTimeout(() => flush(base), 0);
        queue.push({ calls, blockNumber: args.blockNumber, resolve: (data) => resolve({ data }), reject });
      });
    },
  })) as unknown as PublicClient;
}

/** The waiting callers in groups whose calldata together stays within COALESCED_CALL_BYTES. */
function partsOf(group: Waiting[]): Waiting[][] {
  const parts: Waiting[][] = [[]];
  let size = 0;
  for (const w of group) {
    const bytes = w.calls.reduce((sum, c) => sum + 128 + (c.callData.length - 2) / 2, 0);
    if (size + bytes > COALESCED_CALL_BYTES && parts.at(-1)!.length > 0) {
      parts.push([]);
      size = 0;
    }
    size += bytes;
    parts.at(-1)!.push(w);
  }
  return parts;
}

async function sendMerged(base: PublicClient, part: Waiting[]) {
  try {
    const merged = part.flatMap((w) => w.calls);
    const { data } = await base.call({
      to: MULTICALL3_ADDRESS,
      data: encodeAggregate3(merged),
      blockNumber: part[0]!.blockNumber,
    } as never);
    const results = decodeAggregate3(data ?? "0x");
    if (results.length !== merged.length) throw new Error("merged multicall: results mismatch");
    let next = 0;
    for (const w of part) {
      const own = results.slice(next, (next += w.calls.length));
      w.resolve(encodeAggregate3Answer(own));
    }
  } catch (err) {
    for (const w of part) w.reject(err);
  }
}

const word = (n: number) => n.toString(16).padStart(64, "0");

/** aggregate3's answer for `results`, as the node would have given it for that caller's calls alone. */
function encodeAggregate3Answer(results: readonly { success: boolean; returnData: Hex }[]): Hex {
  const heads: string[] = [];
  const tails: string[] = [];
  let offset = 32 * results.length;
  for (const { success, returnData } of results) {
    heads.push(word(offset));
    const bytes = (returnData.length - 2) / 2;
    const padded = Math.ceil(bytes / 32) * 64;
    tails.push(word(success ? 1 : 0), word(64), word(bytes), returnData.slice(2).padEnd(padded, "0"));
    offset += 96 + padded / 2;
  }
  return `0x${word(32)}${word(results.length)}${heads.join("")}${tails.join("")}` as Hex;
}
