import { RawContractError, encodeErrorResult, encodeFunctionResult, getContractError, parseAbi, type Hex, type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { erc20Abi } from "./abis";
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
});
