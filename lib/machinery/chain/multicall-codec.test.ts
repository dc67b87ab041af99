import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, encodeFunctionResult, parseAbi, type Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { aavePoolAbi, cometAbi, erc20Abi, fluidLiquidityResolverAbi, metaMorphoAbi, morphoBlueAbi, morphoIrmAbi } from "./abis";
import { callCoderOf, decodeAggregate3, encodeAggregate3 } from "./multicall-codec";

// The hand coder must say exactly what viem's generic coder says: the same calldata for every call,
// the same value for every result, and viem's refusal where viem refuses.

const aggregate3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);
const word = (hex: string) => hex.padStart(64, "0");
const A = "0x00000000000000000000000000000000000000a1" as Hex;
const MIXED = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" as Hex; // EIP-55's own example

const cases: { abi: Abi; functionName: string; args?: readonly unknown[]; result: unknown }[] = [
  { abi: erc20Abi, functionName: "totalSupply", result: 10n ** 30n },
  { abi: erc20Abi, functionName: "balanceOf", args: [MIXED], result: 0n },
  { abi: erc20Abi, functionName: "decimals", result: 6 },
  { abi: erc20Abi, functionName: "symbol", result: "aLocUSDC" },
  { abi: cometAbi, functionName: "getSupplyRate", args: [2n ** 200n], result: 1_234_567_890n },
  { abi: cometAbi, functionName: "baseToken", result: MIXED },
  { abi: metaMorphoAbi, functionName: "withdrawQueue", args: [3n], result: `0x${"ab".repeat(32)}` },
  { abi: metaMorphoAbi, functionName: "fee", result: 10n ** 17n },
  { abi: morphoBlueAbi, functionName: "position", args: [`0x${"cd".repeat(32)}`, A], result: [1n, 2n, 3n] },
  {
    abi: morphoIrmAbi,
    functionName: "borrowRateView",
    args: [
      { loanToken: A, collateralToken: A, oracle: A, irm: A, lltv: 86n },
      { totalSupplyAssets: 1n, totalSupplyShares: 2n, totalBorrowAssets: 3n, totalBorrowShares: 4n, lastUpdate: 5n, fee: 6n },
    ],
    result: 99n,
  },
  { abi: aavePoolAbi, functionName: "getReservesList", result: [A, MIXED] },
  {
    abi: aavePoolAbi,
    functionName: "getReserveData",
    args: [A],
    result: {
      configuration: { data: (1n << 56n) | 1234n },
      liquidityIndex: 10n ** 27n,
      currentLiquidityRate: 4n * 10n ** 25n,
      variableBorrowIndex: 10n ** 27n,
      currentVariableBorrowRate: 5n * 10n ** 25n,
      currentStableBorrowRate: 0n,
      lastUpdateTimestamp: 1_700_000_000,
      id: 7,
      aTokenAddress: MIXED,
      stableDebtTokenAddress: A,
      variableDebtTokenAddress: A,
      interestRateStrategyAddress: A,
      accruedToTreasury: 1n,
      unbacked: 0n,
      isolationModeTotalDebt: 2n ** 127n,
    },
  },
  { abi: morphoBlueAbi, functionName: "market", args: [`0x${"cd".repeat(32)}`], result: [1n, 2n, 3n, 4n, 1_700_000_000n, 10n ** 17n] },
  { abi: morphoBlueAbi, functionName: "idToMarketParams", args: [`0x${"cd".repeat(32)}`], result: [A, MIXED, A, A, 86n * 10n ** 16n] },
  { abi: fluidLiquidityResolverAbi, functionName: "getOverallTokenData", args: [A], result: overallTokenData() },
];

function overallTokenData() {
  const v1 = { token: MIXED, kink: 1n, rateAtUtilizationZero: 2n, rateAtUtilizationKink: 3n, rateAtUtilizationMax: 4n };
  const v2 = { token: A, kink1: 1n, kink2: 2n, rateAtUtilizationZero: 3n, rateAtUtilizationKink1: 4n, rateAtUtilizationKink2: 5n, rateAtUtilizationMax: 6n };
  const names = ["borrowRate", "supplyRate", "fee", "lastStoredUtilization", "storageUpdateThreshold", "lastUpdateTimestamp", "supplyExchangePrice", "borrowExchangePrice", "supplyRawInterest", "supplyInterestFree", "borrowRawInterest", "borrowInterestFree", "totalSupply", "totalBorrow", "revenue", "maxUtilization"];
  return { ...Object.fromEntries(names.map((n, i) => [n, BigInt(i) * 10n ** 20n])), rateData: { version: 1n, rateDataV1: v1, rateDataV2: v2 } };
}

describe("a call's coder", () => {
  it.each(cases)("$functionName: viem's calldata, viem's value", ({ abi, functionName, args, result }) => {
    const coder = callCoderOf(abi, functionName);
    expect(coder.encode(args)).toBe(encodeFunctionData({ abi, functionName, args } as never));
    const data = encodeFunctionResult({ abi, functionName, result } as never);
    expect(coder.decode(data)).toEqual(decodeFunctionResult({ abi, functionName, data } as never));
  });

  it("leaves to viem a small number too large to be one, and a word cut short", () => {
    const reserve = encodeFunctionResult({ abi: aavePoolAbi, functionName: "getReserveData", result: cases.find((c) => c.functionName === "getReserveData")!.result } as never);
    // lastUpdateTimestamp (uint40, a number in viem) is word 7: all ones is no safe integer.
    const dirty = `${reserve.slice(0, 2 + 64 * 6)}${"f".repeat(64)}${reserve.slice(2 + 64 * 7)}` as Hex;
    const coder = callCoderOf(aavePoolAbi, "getReserveData");
    expect(() => coder.decode(dirty)).toThrow();
    expect(() => decodeFunctionResult({ abi: aavePoolAbi, functionName: "getReserveData", data: dirty })).toThrow();
    expect(() => coder.decode(reserve.slice(0, -64) as Hex)).toThrow();
  });

  it("reads a signed result and a dirty bool as viem does", () => {
    const abi = parseAbi(["function rate() view returns (int256)", "function paused() view returns (bool)"]);
    const minusOne = `0x${"f".repeat(64)}` as Hex;
    expect(callCoderOf(abi, "rate").decode(minusOne)).toBe(-1n);
    expect(() => callCoderOf(abi, "paused").decode(`0x${word("2")}`)).toThrow();
    expect(() => decodeFunctionResult({ abi, functionName: "paused", data: `0x${word("2")}` })).toThrow();
  });

  it("refuses what viem refuses: short data, a bad address, a number out of range, a wrong argument count", () => {
    const total = callCoderOf(erc20Abi, "totalSupply");
    expect(() => total.decode("0x")).toThrow(/returned no data|Cannot decode zero data/);
    expect(() => total.decode("0x1234")).toThrow(/too small/);
    const balance = callCoderOf(erc20Abi, "balanceOf");
    expect(() => balance.encode([MIXED.toLowerCase().replace("5a", "5A")])).toThrow(/invalid/);
    expect(() => balance.encode(["0x1234"])).toThrow(/invalid/);
    expect(() => balance.encode([])).toThrow(/arguments/);
    expect(() => callCoderOf(cometAbi, "getSupplyRate").encode([-1n])).toThrow(/range/);
    expect(() => callCoderOf(erc20Abi, "nope")).toThrow(/not in the ABI/);
  });
});

describe("aggregate3", () => {
  const calls = [
    { target: A, callData: "0x18160ddd" as Hex },
    { target: MIXED, callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [A] }) },
    { target: A, callData: `0x${"ee".repeat(70)}` as Hex },
  ];

  it("encodes as viem encodes", () => {
    expect(encodeAggregate3(calls)).toBe(
      encodeFunctionData({ abi: aggregate3Abi, functionName: "aggregate3", args: [calls.map((c) => ({ ...c, allowFailure: true }))] }),
    );
    expect(encodeAggregate3([])).toBe(encodeFunctionData({ abi: aggregate3Abi, functionName: "aggregate3", args: [[]] }));
  });

  const results = [
    { success: true, returnData: `0x${word("7")}` as Hex },
    { success: false, returnData: "0x" as Hex },
    { success: true, returnData: `0x${"ab".repeat(45)}` as Hex },
  ];
  const answer = encodeFunctionResult({ abi: aggregate3Abi, functionName: "aggregate3", result: results });

  it("decodes as viem decodes", () => {
    expect(decodeAggregate3(answer)).toEqual(decodeFunctionResult({ abi: aggregate3Abi, functionName: "aggregate3", data: answer }));
  });

  it("refuses an answer whose offsets, lengths or flags do not hold", () => {
    expect(() => decodeAggregate3("0x")).toThrow(/malformed/);
    expect(() => decodeAggregate3(answer.slice(0, -64) as Hex)).toThrow(/malformed/); // cut short
    expect(() => decodeAggregate3(`0x${word("20")}${word("ffffffff")}` as Hex)).toThrow(/malformed/); // too many results
    expect(() => decodeAggregate3(`0x${"f".repeat(64)}` as Hex)).toThrow(/malformed/); // offset out of range
    const badFlag = encodeAbiParameters([{ type: "tuple[]", components: [{ type: "uint256" }, { type: "bytes" }] }], [[[2n, "0x"]]]);
    expect(() => decodeAggregate3(badFlag)).toThrow(/not a bool/);
    expect(() => decodeAggregate3("0xzz")).toThrow(/malformed/);
  });
});
