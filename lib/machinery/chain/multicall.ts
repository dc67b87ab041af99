import "server-only";
import type { Abi, PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "./abis";
import { MULTICALL_BATCH_BYTES } from "./client";

export interface Call {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}
export type CallResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Multicall3 aggregate3 with per-call failure: one call that reverts fails only itself. A failing
 * RPC (down, timeout, bad answer) rejects the whole promise. Reads the latest block unless given one.
 */
export async function multicall(client: PublicClient, calls: Call[], { blockNumber }: { blockNumber?: bigint } = {}): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  const results = (await client.multicall({
    contracts: calls as never,
    blockNumber,
    allowFailure: true,
    batchSize: MULTICALL_BATCH_BYTES,
    multicallAddress: MULTICALL3_ADDRESS,
  })) as { status: "success" | "failure"; result?: unknown; error?: unknown }[];
  return results.map((r): CallResult =>
    r.status === "success" ? { ok: true, value: r.result } : { ok: false, error: shortError(r.error) },
  );
}

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
