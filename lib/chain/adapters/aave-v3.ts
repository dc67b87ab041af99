import { isAddressEqual } from "viem";
import { aavePoolAbi, erc20Abi } from "@/lib/chain/abis";
import { multicall, valueOf } from "@/lib/chain/multicall";
import { readUsdPrices } from "@/lib/chain/prices";
import { aaveApyPercent, usdValue } from "@/lib/chain/rates";
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
 * Aave v3 (protocols.md §1.1): Pool.getReserveData for the ray APR and the flags, the aToken's
 * totalSupply for TVL (everything supplied), the Aave oracle for USD. One round trip.
 */
export const readAaveV3: Adapter = async (ctx, markets) => {
  const [results, prices] = await Promise.all([
    multicall(ctx.client, [
      ...markets.map((m) => ({ address: m.adapterAddress, abi: aavePoolAbi, functionName: "getReserveData", args: [m.tokenAddress] })),
      ...markets.map((m) => ({ address: m.yieldTokenAddress, abi: erc20Abi, functionName: "totalSupply" })),
    ]),
    readUsdPrices(ctx, markets.map((m) => m.tokenAddress)),
  ]);
  const readings = new Map<string, MarketReading>();
  markets.forEach((m, i) => {
    try {
      const reserve = valueOf<ReserveData>(results[i], "Pool.getReserveData");
      if (!isAddressEqual(reserve.aTokenAddress, m.yieldTokenAddress))
        throw new Error(`Pool.getReserveData: aToken is ${reserve.aTokenAddress}, not the catalog's ${m.yieldTokenAddress}`);
      const supply = valueOf<bigint>(results[markets.length + i], "aToken.totalSupply");
      const price = prices.of(m.tokenAddress);
      if (price === undefined) throw new Error(`AaveOracle has no price for ${m.tokenAddress}`);
      const config = reserve.configuration.data;
      readings.set(m.instrumentId, {
        ok: true,
        apy: aaveApyPercent(reserve.currentLiquidityRate),
        tvl: usdValue(supply, m.tokenDecimals, price, prices.unit),
        isActive: (config & ACTIVE) !== 0n && (config & FROZEN) === 0n && (config & PAUSED) === 0n,
      });
    } catch (err) {
      readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
    }
  });
  return readings;
};
