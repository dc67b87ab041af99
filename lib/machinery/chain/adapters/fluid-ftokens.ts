import "server-only";
import type { Hex } from "viem";
import { fluidLiquidityResolverAbi, fluidNativeUnderlyingAbi } from "@/lib/machinery/chain/abis";
import { multicall } from "@/lib/machinery/chain/multicall";
import { fluidSupplyApyPercent } from "@/lib/machinery/chain/rates";
import { readErc4626 } from "./erc4626";
import type { Adapter, AdapterContext, Market } from "./types";

/**
 * Native ETH as Fluid's Liquidity layer lists it (fTokenNativeUnderlying.NATIVE_TOKEN_ADDRESS, and the
 * LendingResolver's _NATIVE_TOKEN_ADDRESS in Instadapp/fluid-contracts-public).
 */
export const FLUID_NATIVE_TOKEN: Hex = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

/**
 * Fluid fTokens (docs/data.md, Fluid): the APY is the Liquidity layer's supply rate for the token the
 * fToken lends, alone. The fToken's share price also grows by its rewards rate model's rate, which
 * the on-chain rewards reader reports as a stream in the underlying (lib/machinery/rewards), so base
 * plus reward is the share price's growth, counted once. Without a supply rate the APY is unknown:
 * the reading carries no APY and no share-price sample (whose growth would count the rewards in the
 * base), and the fToken keeps its previous APY.
 */
export const readFluidFTokens: Adapter = async (ctx, markets) => {
  const [readings, supplyApys] = await Promise.all([readErc4626(ctx, markets), readLiquiditySupplyApys(ctx, markets)]);
  for (const m of markets) {
    const reading = readings.get(m.instrumentId);
    if (!reading?.ok) continue;
    const apy = supplyApys.get(m.instrumentId);
    if (apy !== undefined) readings.set(m.instrumentId, { ...reading, apy });
    else {
      const { sharePrice, ...withoutSample } = reading;
      if (sharePrice) readings.set(m.instrumentId, { ...withoutSample, apy: null });
    }
  }
  return readings;
};

/**
 * LiquidityResolver.getOverallTokenData(token).supplyRate for the token each fToken lends, as an APY
 * in percent, by instrument id; one round trip. An fToken over native ETH (fWETH on Ethereum, Base and
 * Arbitrum) takes WETH but lends native ETH, so its rate is the native token's: which one it is, the
 * fToken says by answering NATIVE_TOKEN_ADDRESS (as Fluid's own LendingResolver asks), read in the same
 * round trip as both rates. A supply rate of 0 means the Liquidity layer does not know the token, not
 * a 0 % APY: left out, like a read that fails or does not decode (resolvers are redeployed and their
 * structs change, docs/data.md, Fluid).
 */
async function readLiquiditySupplyApys(ctx: AdapterContext, markets: Market[]): Promise<Map<string, number>> {
  const resolver = ctx.deployment.fluidLiquidityResolver;
  if (!resolver || markets.length === 0) return new Map();
  const tokens = [...new Set([...markets.map((m) => m.tokenAddress.toLowerCase() as Hex), FLUID_NATIVE_TOKEN.toLowerCase() as Hex])];
  const results = await multicall(ctx.client, [
    ...markets.map((m) => ({ address: m.adapterAddress, abi: fluidNativeUnderlyingAbi, functionName: "NATIVE_TOKEN_ADDRESS" })),
    ...tokens.map((token) => ({
      address: resolver,
      abi: fluidLiquidityResolverAbi,
      functionName: "getOverallTokenData",
      args: [token],
    })),
  ]);
  const rateOf = new Map(
    tokens.flatMap((token, i) => {
      const r = results[markets.length + i];
      const supplyRate = r?.ok ? (r.value as { supplyRate: bigint }).supplyRate : 0n;
      return supplyRate > 0n ? [[token, fluidSupplyApyPercent(supplyRate)] as const] : [];
    }),
  );
  return new Map(
    markets.flatMap((m, i) => {
      const native = results[i];
      const lent = native?.ok && typeof native.value === "string" ? native.value : m.tokenAddress;
      const apy = rateOf.get(lent.toLowerCase() as Hex);
      return apy === undefined ? [] : [[m.instrumentId, apy] as const];
    }),
  );
}
