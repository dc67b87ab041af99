import "server-only";
import { isAddressEqual } from "viem";
import { aavePoolAbi, erc20Abi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf } from "@/lib/machinery/chain/multicall";
import { readUsdPrices } from "@/lib/machinery/chain/prices";
import { aaveApyPercent, ratio, usdValue } from "@/lib/machinery/chain/rates";
import type { Adapter, MarketReading } from "./types";

interface ReserveData {
  configuration: { data: bigint };
  currentLiquidityRate: bigint;
  aTokenAddress: `0x${string}`;
}

// ReserveConfiguration bits (Aave v3 ReserveConfiguration.sol).
const ACTIVE = 1n << 56n;
const FROZEN = 1n << 57n;
const PAUSED = 1n << 60n;

/**
 * Aave v3 (docs/data.md, Aave): Pool.getReserveData for the ray APR and the flags, the aToken's
 * totalSupply for TVL (everything supplied), the underlying the aToken holds for exit liquidity (what
 * withdrawals are paid out of), each pool's own oracle for USD. One round trip for every pool of the
 * chain together.
 */
export const readAaveV3: Adapter = async (ctx, markets) => {
  const readings = new Map<string, MarketReading>();
  const byPool = new Map<string, typeof markets>();
  for (const m of markets) {
    const key = m.adapterAddress.toLowerCase();
    byPool.set(key, [...(byPool.get(key) ?? []), m]);
  }
  await Promise.all(
    [...byPool.values()].map(async (poolMarkets) => {
      const pool = poolMarkets[0]!.adapterAddress;
      const oracle = ctx.deployment.aavePools.find((p) => isAddressEqual(p.pool, pool))?.oracle;
      if (!oracle) {
        for (const m of poolMarkets)
          readings.set(m.instrumentId, { ok: false, error: `no oracle known for the Aave pool ${pool}` });
        return;
      }
      const [results, prices] = await Promise.all([
        multicall(ctx.client, [
          ...poolMarkets.map((m) => ({ address: pool, abi: aavePoolAbi, functionName: "getReserveData", args: [m.tokenAddress] })),
          ...poolMarkets.map((m) => ({ address: m.yieldTokenAddress, abi: erc20Abi, functionName: "totalSupply" })),
          ...poolMarkets.map((m) => ({ address: m.tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [m.yieldTokenAddress] })),
        ]),
        readUsdPrices(ctx, poolMarkets.map((m) => m.tokenAddress), oracle),
      ]);
      poolMarkets.forEach((m, i) => {
        try {
          const reserve = valueOf<ReserveData>(results[i], "Pool.getReserveData");
          if (!isAddressEqual(reserve.aTokenAddress, m.yieldTokenAddress))
            throw new Error(`Pool.getReserveData: aToken is ${reserve.aTokenAddress}, not the catalog's ${m.yieldTokenAddress}`);
          const supply = valueOf<bigint>(results[poolMarkets.length + i], "aToken.totalSupply");
          const price = prices.of(m.tokenAddress);
          if (price === undefined) throw new Error(`AaveOracle has no price for ${m.tokenAddress}`);
          const config = reserve.configuration.data;
          const cash = results[2 * poolMarkets.length + i];
          readings.set(m.instrumentId, {
            ok: true,
            apy: aaveApyPercent(reserve.currentLiquidityRate),
            tvl: usdValue(supply, m.tokenDecimals, price, prices.unit),
            ...(cash?.ok && { liquidity: { available: cash.value as bigint, supplied: supply } }),
            priceUsd: ratio(price, prices.unit),
            isActive: (config & ACTIVE) !== 0n && (config & FROZEN) === 0n && (config & PAUSED) === 0n,
          });
        } catch (err) {
          readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
        }
      });
    }),
  );
  return readings;
};
