import "server-only";
import { BaseError, RawContractError, RpcRequestError, getContractError, type Abi, type Hex, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "./abis";
import { MULTICALL_BATCH_BYTES, MULTICALL_MAX_CALLS } from "./client";
import { callCoderOf, decodeAggregate3, encodeAggregate3, type CallCoder } from "./multicall-codec";
import { isRpcFailure } from "./rpc-errors";

export interface Call {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}
export type CallResult = { ok: true; value: unknown } | { ok: false; error: string };

type Encoded = { call: Call; coder: CallCoder; callData: Hex } | { call: Call; error: unknown };
type Sendable = Extract<Encoded, { callData: Hex }>;
/** One call's part of an aggregate3 answer; `outOfGas`: the call alone ran past the node's gas allowance. */
type Answer = { success: boolean; returnData: Hex; outOfGas?: true };

/**
 * Multicall3 aggregate3 with per-call failure: one call that reverts fails only itself. A failing
 * RPC (down, timeout, bad answer) rejects the whole promise: viem's multicall would instead mark each
 * call of the failed chunk as failed, and a sync would publish the markets of the other chunks.
 * Reads the latest block unless given one (or the client's, for a client pinned to a block).
 *
 * As viem's multicall, with the calls in eth_calls of at most MULTICALL_BATCH_BYTES of calldata and
 * MULTICALL_MAX_CALLS calls, all sent at once (one JSON-RPC batch), and each value decoded as viem
 * decodes it; the coding is multicall-codec.ts's, which costs a fraction of viem's on thousands of
 * calls. An eth_call that runs past the node's gas allowance is sent again in halves; a single call
 * that does alone fails only itself.
 */
export async function multicall(client: PublicClient, calls: Call[], { blockNumber }: { blockNumber?: bigint } = {}): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map(encodeCall);
  const chunks = chunksOf(encoded);
  const answers = await Promise.allSettled(chunks.map((chunk) => aggregate(client, chunk, blockNumber)));
  const rpcFailure = answers.find((a) => a.status === "rejected" && isRpcFailure(a.reason));
  if (rpcFailure) throw (rpcFailure as PromiseRejectedResult).reason;
  const resultOf = new Map<Encoded, CallResult>();
  chunks.forEach((chunk, i) => {
    const answer = answers[i]!;
    if (answer.status === "rejected") {
      // The aggregate3 call itself reverted (out of gas) or was answered with what is no aggregate3 answer.
      for (const e of chunk) resultOf.set(e, { ok: false, error: shortError(contractError(answer.reason, e.call)) });
      return;
    }
    if (answer.value.length !== chunk.length) throw new BaseError("multicall results mismatch");
    chunk.forEach((e, j) => resultOf.set(e, resultOfCall(e, answer.value[j]!)));
  });
  return encoded.map((e) => ("error" in e ? { ok: false, error: shortError(contractError(e.error, e.call)) } : resultOf.get(e)!));
}

/** One aggregate3 eth_call of `chunk`, or of its halves when it ran out of gas (see multicall). */
async function aggregate(client: PublicClient, chunk: Sendable[], blockNumber: bigint | undefined): Promise<Answer[]> {
  try {
    const { data } = await client.call({ to: MULTICALL3_ADDRESS, data: encodeAggregate3(chunk.map((e) => ({ target: e.call.address, callData: e.callData }))), blockNumber });
    return decodeAggregate3(data ?? "0x");
  } catch (error) {
    if (!ranOutOfGas(error)) throw error;
    if (chunk.length === 1) return [{ success: false, returnData: "0x", outOfGas: true }];
    const half = Math.ceil(chunk.length / 2);
    const [first, second] = await Promise.all([aggregate(client, chunk.slice(0, half), blockNumber), aggregate(client, chunk.slice(half), blockNumber)]);
    return [...first, ...second];
  }
}

/** The node's refusal of an eth_call that spent its whole gas allowance (geth, reth: "out of gas"; Anvil: "EVM error OutOfGas"). */
const ranOutOfGas = (error: unknown) =>
  error instanceof BaseError && error.walk((e) => e instanceof RpcRequestError && /out ?of ?gas/i.test(e.details)) !== null;

function encodeCall(call: Call): Encoded {
  try {
    const coder = callCoderOf(call.abi, call.functionName);
    return { call, coder, callData: coder.encode(call.args) };
  } catch (error) {
    return { call, error };
  }
}

/** The calls that could be encoded, in chunks of about MULTICALL_BATCH_BYTES of calldata (as viem chunks them) and at most MULTICALL_MAX_CALLS calls. */
function chunksOf(encoded: Encoded[]): Sendable[][] {
  const chunks: Sendable[][] = [[]];
  let size = 0;
  for (const e of encoded) {
    if ("error" in e) continue;
    const bytes = (e.callData.length - 2) / 2;
    size += bytes;
    if ((size > MULTICALL_BATCH_BYTES && chunks.at(-1)!.length > 0) || chunks.at(-1)!.length === MULTICALL_MAX_CALLS) {
      chunks.push([]);
      size = bytes;
    }
    chunks.at(-1)!.push(e);
  }
  return chunks.filter((chunk) => chunk.length > 0);
}

function resultOfCall(e: Sendable, answer: Answer): CallResult {
  if (answer.outOfGas) return { ok: false, error: `The contract function "${e.call.functionName}" ran out of gas: it costs more than the node allows an eth_call.` };
  try {
    // A bare revert (no reason) is the usual failure of a sync's calls (a function the contract lacks): viem's words, without building its error.
    if (!answer.success && answer.returnData === "0x") return { ok: false, error: `The contract function "${e.call.functionName}" reverted.` };
    if (!answer.success) throw new RawContractError({ data: answer.returnData });
    return { ok: true, value: e.coder.decode(answer.returnData) };
  } catch (err) {
    return { ok: false, error: shortError(contractError(err, e.call)) };
  }
}

/** viem's description of a call's failure (its revert reason decoded with the call's ABI). */
const contractError = (err: unknown, { abi, address, args, functionName }: Call) =>
  err instanceof BaseError ? getContractError(err, { abi, address, args, functionName, docsPath: "/docs/contract/multicall" }) : err;

export function shortError(error: unknown): string {
  const err = error as { shortMessage?: string; message?: string } | undefined;
  return (err?.shortMessage ?? err?.message ?? String(error)).split("\n")[0]!.slice(0, 300);
}

/** Unwraps a result, throwing its error: used where a market's reading needs every value. */
export function valueOf<T>(result: CallResult | undefined, what: string): T {
  if (!result) throw new Error(`${what}: no result`);
  if (!result.ok) throw new Error(`${what}: ${result.error}`);
  return result.value as T;
}
