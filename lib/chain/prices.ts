import type { Hex } from "@/lib/catalog/catalog-data";
import { aaveOracleAbi } from "./abis";
import type { AdapterContext } from "./adapters/types";
import { multicall, valueOf } from "./multicall";

export interface UsdPrices {
  /** Price with `unit` as 1 USD, or undefined when the oracle has none. */
  of(asset: Hex): bigint | undefined;
  unit: bigint;
}

/**
 * USD prices from the chain's Aave oracle (8 decimals on every v3 market; BASE_CURRENCY_UNIT is
 * read in the same call rather than assumed). A zero price counts as no price.
 */
export async function readUsdPrices(ctx: AdapterContext, assets: Hex[]): Promise<UsdPrices> {
  const oracle = ctx.deployment.aaveOracle;
  if (!oracle) throw new Error(`chain ${ctx.chainId} has no USD price oracle configured`);
  const unique = [...new Set(assets.map((a) => a.toLowerCase() as Hex))];
  const [unit, prices] = await multicall(ctx.client, [
    { address: oracle, abi: aaveOracleAbi, functionName: "BASE_CURRENCY_UNIT" },
    { address: oracle, abi: aaveOracleAbi, functionName: "getAssetsPrices", args: [unique] },
  ]);
  const list = valueOf<readonly bigint[]>(prices, "AaveOracle.getAssetsPrices");
  const byAsset = new Map(unique.map((a, i) => [a, list[i]]));
  return {
    unit: valueOf<bigint>(unit, "AaveOracle.BASE_CURRENCY_UNIT"),
    of: (asset) => {
      const price = byAsset.get(asset.toLowerCase() as Hex);
      return price && price > 0n ? price : undefined;
    },
  };
}
