import type { Hex } from "@/lib/catalog/catalog-data";
import { fluidLiquidityResolverAbi } from "@/lib/chain/abis";
import { multicall } from "@/lib/chain/multicall";
import { fluidSupplyApyPercent } from "@/lib/chain/rates";
import { readErc4626 } from "./erc4626";
import type { Adapter, AdapterContext } from "./types";

/**
 * Fluid fTokens (protocols.md §1.4): share-price growth is their APY, as protocols.md recommends
 * (it includes the fToken's rewards). Until a share price has a history (a newly listed fToken on
 * a node without past state), the Liquidity layer's supply rate for the underlying stands in.
 */
export const readFluidFTokens: Adapter = async (ctx, markets) => {
  const [readings, supplyApys] = await Promise.all([
    readErc4626(ctx, markets),
    readLiquiditySupplyApys(
      ctx,
      markets.map((m) => m.tokenAddress),
    ),
  ]);
  for (const m of markets) {
    const reading = readings.get(m.instrumentId);
    const fallbackApy = supplyApys.get(m.tokenAddress.toLowerCase());
    if (reading?.ok && fallbackApy !== undefined) readings.set(m.instrumentId, { ...reading, fallbackApy });
  }
  return readings;
};

/**
 * LiquidityResolver.getOverallTokenData(token).supplyRate per underlying, as an APY in percent.
 * Resolvers are redeployed and their structs change (protocols.md §1.4): a token whose read fails or
 * does not decode is left out, and the fToken keeps its previous APY instead.
 */
async function readLiquiditySupplyApys(ctx: AdapterContext, tokens: Hex[]): Promise<Map<string, number>> {
  const resolver = ctx.deployment.fluidLiquidityResolver;
  const unique = [...new Set(tokens.map((t) => t.toLowerCase() as Hex))];
  if (!resolver || unique.length === 0) return new Map();
  const results = await multicall(
    ctx.client,
    unique.map((token) => ({
      address: resolver,
      abi: fluidLiquidityResolverAbi,
      functionName: "getOverallTokenData",
      args: [token],
    })),
  );
  return new Map(
    unique.flatMap((token, i) => {
      const r = results[i];
      return r?.ok
        ? [[token, fluidSupplyApyPercent((r.value as { supplyRate: bigint }).supplyRate)] as const]
        : [];
    }),
  );
}
