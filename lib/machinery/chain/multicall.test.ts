import { RawContractError, RpcRequestError, decodeFunctionData, encodeErrorResult, encodeFunctionResult, getContractError, parseAbi, type Hex, type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { erc20Abi } from "./abis";
import { MULTICALL_MAX_CALLS } from "./client";
import { multicall, shortError } from "./multicall";

// multicall over a client whose eth_call answers what a test gives: each call's value or failure in
// viem's words, in the order of the calls.

const aggregate3Abi = parseAbi(["struct Result { bool success; bytes returnData; }", "function aggregate3((address,bool,bytes)[]) returns (Result[])"]);
const A = "0x00000000000000000000000000000000000000a1" as Hex;
const clientAnswering = (results: { success: boolean; returnData: Hex }[]) =>
  ({ call: async () => ({ data: encodeFunctionResult({ abi: aggregate3Abi, functionName: "aggregate3", result: results }) }) }) as unknown as PublicClient;
const viemWords = (data: Hex, functionName: string, args?: unknown[]) =>
  shortError(getContractError(new RawContractError({ data }), { abi: erc20Abi, address: A, args, functionName, docsPath: "/docs/contract/multicall" }));

describe("multicall", () => {
  it("gives each call its value, or its failure in viem's words", async () => {
    const reason = encodeErrorResult({ abi: parseAbi(["error Error(string)"]), errorName: "Error", args: ["paused"] });
    const client = clientAnswering([
      { success: true, returnData: encodeFunctionResult({ abi: erc20Abi, functionName: "totalSupply", result: 5n }) },
      { success: false, returnData: "0x" },
      { success: false, returnData: reason },
      { success: true, returnData: encodeFunctionResult({ abi: erc20Abi, functionName: "symbol", result: "USDC" }) },
    ]);
    const results = await multicall(client, [
      { address: A, abi: erc20Abi, functionName: "totalSupply" },
      { address: A, abi: erc20Abi, functionName: "decimals" },
      { address: A, abi: erc20Abi, functionName: "balanceOf", args: [A] },
      { address: A, abi: erc20Abi, functionName: "symbol" },
    ]);
    expect(results).toEqual([
      { ok: true, value: 5n },
      { ok: false, error: viemWords("0x", "decimals") },
      { ok: false, error: viemWords(reason, "balanceOf", [A]) },
      { ok: true, value: "USDC" },
    ]);
    expect(results[1]).toEqual({ ok: false, error: 'The contract function "decimals" reverted.' });
  });

  it("fails a call it cannot encode without sending it, and refuses an answer with another number of results", async () => {
    const [bad] = await multicall(clientAnswering([]), [{ address: A, abi: erc20Abi, functionName: "balanceOf", args: ["0x12"] }]);
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/invalid/i) });
    await expect(multicall(clientAnswering([]), [{ address: A, abi: erc20Abi, functionName: "totalSupply" }])).rejects.toThrow(/mismatch/);
  });

  // A node that spends gasOf(i) on the aggregate3's call of index i (each call names its index as
  // balanceOf's address and is answered it) and refuses, as Anvil does, an eth_call past its allowance.
  const nodeCapping = (allowance: number, gasOf: (index: bigint) => number) => {
    const sizes: number[] = [];
    const client = {
      call: async ({ data }: { data: Hex }) => {
        const calls = decodeFunctionData({ abi: aggregate3Abi, data }).args[0] as readonly (readonly [Hex, boolean, Hex])[];
        sizes.push(calls.length);
        const indexes = calls.map(([, , callData]) => BigInt(decodeFunctionData({ abi: erc20Abi, data: callData }).args![0] as Hex));
        if (indexes.reduce((gas, i) => gas + gasOf(i), 0) > allowance)
          throw new RpcRequestError({ body: { method: "eth_call" }, error: { code: -32603, message: "EVM error OutOfGas" }, url: "http://node" });
        const results = indexes.map((i) => ({ success: true, returnData: encodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", result: i }) }));
        return { data: encodeFunctionResult({ abi: aggregate3Abi, functionName: "aggregate3", result: results }) };
      },
    } as unknown as PublicClient;
    return { client, sizes };
  };
  const balanceCalls = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ address: A, abi: erc20Abi, functionName: "balanceOf", args: [`0x${i.toString(16).padStart(40, "0")}` as Hex] }));
  const balances = (indexes: number[]) => indexes.map((i) => ({ ok: true, value: BigInt(i) }));

  it("sends at most MULTICALL_MAX_CALLS calls per eth_call, however little calldata they take", async () => {
    const { client, sizes } = nodeCapping(Number.MAX_SAFE_INTEGER, () => 1);
    const results = await multicall(client, balanceCalls(2 * MULTICALL_MAX_CALLS + 1));
    expect(Math.max(...sizes)).toBe(MULTICALL_MAX_CALLS);
    expect(results).toEqual(balances([...Array(2 * MULTICALL_MAX_CALLS + 1).keys()]));
  });

  it("sends an eth_call that ran out of the node's gas again in halves, and fails only a call that does alone", async () => {
    // 100 calls of 1M gas against an allowance of 30M; call 7 costs 40M on its own.
    const { client, sizes } = nodeCapping(30_000_000, (i) => (i === 7n ? 40_000_000 : 1_000_000));
    const results = await multicall(client, balanceCalls(100));
    expect(sizes.slice(0, 3)).toEqual([100, 50, 50]);
    expect(results[7]).toEqual({ ok: false, error: 'The contract function "balanceOf" ran out of gas: it costs more than the node allows an eth_call.' });
    expect(results.filter((_, i) => i !== 7)).toEqual(balances([...Array(100).keys()].filter((i) => i !== 7)));
  });
});
