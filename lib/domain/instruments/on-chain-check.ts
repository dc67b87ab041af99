import "server-only";
// How anyone can check an instrument's figures themselves: the calls the sync made for them, each as
// `cast call` and as the raw JSON-RPC eth_call, at the block the figures were read at.
import { encodeFunctionData, parseAbi, toHex, type Hex } from "viem";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import type { Instrument } from "@/lib/schemas/instruments";

export interface OnChainCall {
  /** What the call answers, and how it becomes the figure. */
  purpose: string;
  to: Hex;
  /** The function as `cast` takes it: `getReserveData(address)`. */
  signature: string;
  args: string[];
  /** The calldata, when every argument is known (a Comet's rate needs the utilization read first). */
  data: Hex | null;
}

export interface OnChainCheck {
  block: number;
  calls: OnChainCall[];
}

/** The share price probe the sync reads: assets per 10^30 shares. */
const SHARE_PRICE_PROBE = 10n ** 30n;

function callOf(purpose: string, to: string, signature: string, args: (string | bigint)[] = []): OnChainCall {
  const abi = parseAbi([`function ${signature} view returns (uint256)`] as readonly string[]);
  const name = signature.slice(0, signature.indexOf("("));
  const data = encodeFunctionData({ abi, functionName: name, args: args as never } as never) as Hex;
  return { purpose, to: to as Hex, signature, args: args.map(String), data };
}

/** The calls behind the instrument's APY and TVL, at its block; null while it shows sample data. */
export function onChainCheckOf(i: Instrument): OnChainCheck | null {
  if (i.asOfBlock === null) return null;
  return { block: i.asOfBlock, calls: callsOf(i) };
}

function callsOf(i: Instrument): OnChainCall[] {
  switch (i.protocol) {
    case "aave":
      return [
        callOf("its third value, currentLiquidityRate, is the supply APR (a yearly rate in ray, 1e27) that the APY compounds per second", i.adapterAddress, "getReserveData(address)", [i.tokenAddress]),
        callOf("everything supplied, in the underlying's smallest units: times the oracle's price, the TVL", i.yieldTokenAddress, "totalSupply()"),
      ];
    case "compound":
      return [
        callOf("the market's utilization (1e18 = 100 %)", i.adapterAddress, "getUtilization()"),
        { purpose: "the supply rate per second (1e18 = 100 %) at that utilization: the APY compounds it per second", to: i.adapterAddress as Hex, signature: "getSupplyRate(uint256)", args: ["<utilization>"], data: null },
        callOf("everything supplied, in the base token's smallest units: times the price feed's price, the TVL", i.adapterAddress, "totalSupply()"),
      ];
    case "fluid": {
      const resolver = deploymentOf(i.chainId).fluidLiquidityResolver;
      const supplyRate: OnChainCall[] = resolver
        ? [
            callOf(
              "its supplyRate field is the Liquidity layer's yearly supply APR in 1e2 precision (10,000 = 100 %): currentApy compounds it per second. An fToken over native ETH (fWETH) is read at the native token 0xEeee…EEeE",
              resolver,
              "getOverallTokenData(address)",
              [i.tokenAddress],
            ),
          ]
        : [];
      return [
        ...supplyRate,
        callOf("the fToken's assets, in the underlying's smallest units: times the oracle's price, the TVL", i.yieldTokenAddress, "totalAssets()"),
      ];
    }
    default:
      return [
        callOf("the vault's share price (assets per 10^30 shares): its growth over about a day is the APY", i.yieldTokenAddress, "convertToAssets(uint256)", [SHARE_PRICE_PROBE]),
        callOf("the vault's assets, in the underlying's smallest units: times the oracle's price, the TVL", i.yieldTokenAddress, "totalAssets()"),
      ];
  }
}

/** The call as `cast call`, against the reader's own RPC. */
export const castCommandOf = (call: OnChainCall, block: number) =>
  `cast call --block ${block} ${call.to} "${call.signature}"${call.args.map((a) => ` ${a}`).join("")} --rpc-url "$RPC_URL"`;

/** The call as a raw JSON-RPC request, with curl. */
export const jsonRpcCommandOf = (call: OnChainCall, block: number) =>
  `curl -s "$RPC_URL" -H "Content-Type: application/json" \\\n  -d '${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: call.to, data: call.data }, toHex(block)] })}'`;
