import "server-only";
import { zeroAddress, type Hex } from "viem";
import type { FeedDenomination } from "@/lib/machinery/catalog/catalog-data";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { aaveOracleAbi } from "./abis";
import type { AdapterContext } from "./adapters/types";
import { multicall, valueOf } from "./multicall";

export interface UsdPrices {
  /** Price with `unit` as 1 USD, or undefined when the oracle has none. */
  of(asset: Hex): bigint | undefined;
  unit: bigint;
}

/**
 * USD prices from an Aave oracle: the chain's core market's unless another is given (each Aave pool
 * prices its reserves with its own). Its unit is read, not assumed: BASE_CURRENCY must be address(0),
 * which Aave v3 uses for USD, and BASE_CURRENCY_UNIT (1e8 on every v3 market) scales the answers.
 * A zero price counts as no price.
 */
export async function readUsdPrices(
  ctx: AdapterContext,
  assets: Hex[],
  oracle: Hex | null = ctx.deployment.aaveOracle,
): Promise<UsdPrices> {
  if (!oracle) throw new Error(`chain ${ctx.chainId} has no USD price oracle configured`);
  const unique = [...new Set(assets.map((a) => a.toLowerCase() as Hex))];
  const [currency, unit, prices] = await multicall(ctx.client, [
    { address: oracle, abi: aaveOracleAbi, functionName: "BASE_CURRENCY" },
    { address: oracle, abi: aaveOracleAbi, functionName: "BASE_CURRENCY_UNIT" },
    { address: oracle, abi: aaveOracleAbi, functionName: "getAssetsPrices", args: [unique] },
  ]);
  const base = valueOf<Hex>(currency, "AaveOracle.BASE_CURRENCY");
  if (base.toLowerCase() !== zeroAddress)
    throw new Error(`AaveOracle ${oracle} prices in ${base}, not in USD (BASE_CURRENCY is not address(0))`);
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

/**
 * What a price's unit is: USD, ETH or BTC, or another asset (a Comet whose constant feed prices in its
 * own base token). Everything but USD is converted with a USD price from the chain's Aave oracle.
 */
export type Denomination = FeedDenomination | { asset: Hex };

const unitName = (d: Denomination) => (typeof d === "string" ? d : `the asset ${d.asset}`);

/** The asset whose Aave oracle price converts one unit of `denomination` to USD; null for USD itself. */
export function usdReferenceOf(deployment: ChainDeployment, denomination: Denomination): Hex | null {
  if (denomination === "USD") return null;
  if (typeof denomination !== "string") return denomination.asset;
  const reference = deployment.usdReferences[denomination];
  if (!reference) throw new Error(`no USD price for ${denomination} on this chain (no ${denomination}/USD reference)`);
  return reference;
}

/**
 * One unit of `denomination` in USD, as a ratio numerator / denominator (exact integers): 1/1 for
 * USD, otherwise the reference asset's Aave oracle price over the oracle's unit.
 */
export function usdPerUnit(
  deployment: ChainDeployment,
  prices: UsdPrices | undefined,
  denomination: Denomination,
): { numerator: bigint; denominator: bigint } {
  const reference = usdReferenceOf(deployment, denomination);
  if (reference === null) return { numerator: 1n, denominator: 1n };
  if (!prices) throw new Error(`no USD price for ${unitName(denomination)}: the chain's Aave oracle could not be read`);
  const price = prices.of(reference);
  if (price === undefined) throw new Error(`the Aave oracle has no USD price for ${unitName(denomination)} (${reference})`);
  return { numerator: price, denominator: prices.unit };
}
