import "server-only";
import { isAddressEqual, type Hex } from "viem";
import {
  aavePoolAbi,
  aaveRateStrategyAbi,
  erc20Abi,
  scaledBalanceTokenAbi,
} from "@/lib/machinery/chain/abis";
import { multicall, valueOf, type CallResult } from "@/lib/machinery/chain/multicall";
import { readUsdPrices } from "@/lib/machinery/chain/prices";
import { aaveApyPercent, ratio, usdValue } from "@/lib/machinery/chain/rates";
import { exitOf, type AaveQuoteModel } from "./quote-model";
import type { Adapter, Market, MarketReading } from "./types";

interface ReserveData {
  configuration: { data: bigint };
  currentLiquidityRate: bigint;
  aTokenAddress: Hex;
  variableDebtTokenAddress: Hex;
  interestRateStrategyAddress: Hex;
  accruedToTreasury: bigint;
}

// ReserveConfiguration bits (Aave v3 ReserveConfiguration.sol).
const ACTIVE = 1n << 56n;
const FROZEN = 1n << 57n;
const PAUSED = 1n << 60n;
const bitsOf = (data: bigint, start: bigint, width: bigint) => (data >> start) & ((1n << width) - 1n);

/** The reads of round 1 per market, in this order. */
const FIRST_READS = 7;

/**
 * Aave v3 (docs/data.md, Aave): Pool.getReserveData for the ray APR and the flags, the aToken's
 * totalSupply for TVL (everything supplied), the underlying the aToken holds for exit liquidity (what
 * withdrawals are paid out of), each pool's own oracle for USD. One round trip for every pool of the
 * chain together; beside it what a quote needs (the virtual balance, deficit, income index and scaled
 * supply), and in a second round, sent with the other protocols' second rounds, the reserve's curve in
 * the pool's rate strategy and its variable debt (their addresses come from getReserveData).
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
        multicall(
          ctx.client,
          poolMarkets.flatMap((m) => firstReads(pool, m)),
        ),
        readUsdPrices(
          ctx,
          poolMarkets.map((m) => m.tokenAddress),
          oracle,
        ),
      ]);
      const second = await readRateCurves(ctx.client, poolMarkets, results);
      poolMarkets.forEach((m, i) => {
        try {
          const first = results.slice(FIRST_READS * i, FIRST_READS * (i + 1));
          const reserve = valueOf<ReserveData>(first[0], "Pool.getReserveData");
          if (!isAddressEqual(reserve.aTokenAddress, m.yieldTokenAddress))
            throw new Error(
              `Pool.getReserveData: aToken is ${reserve.aTokenAddress}, not the catalog's ${m.yieldTokenAddress}`,
            );
          const supply = valueOf<bigint>(first[1], "aToken.totalSupply");
          const price = prices.of(m.tokenAddress);
          if (price === undefined) throw new Error(`AaveOracle has no price for ${m.tokenAddress}`);
          const config = reserve.configuration.data;
          const cash = first[2];
          const liquidity = cash?.ok ? { available: cash.value as bigint, supplied: supply } : undefined;
          readings.set(m.instrumentId, {
            ok: true,
            apy: aaveApyPercent(reserve.currentLiquidityRate),
            tvl: usdValue(supply, m.tokenDecimals, price, prices.unit),
            ...(liquidity && { liquidity }),
            priceUsd: ratio(price, prices.unit),
            isActive: (config & ACTIVE) !== 0n && (config & FROZEN) === 0n && (config & PAUSED) === 0n,
            ...quoteModelOf(reserve, first, second.slice(2 * i, 2 * i + 2), liquidity, supply),
          });
        } catch (err) {
          readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
        }
      });
    }),
  );
  return readings;
};

/** Round 1 of a reserve, FIRST_READS calls: its data, supply and cash, and what a quote needs. */
const firstReads = (pool: Hex, m: Market) => [
  { address: pool, abi: aavePoolAbi, functionName: "getReserveData", args: [m.tokenAddress] },
  { address: m.yieldTokenAddress, abi: erc20Abi, functionName: "totalSupply" },
  {
    address: m.tokenAddress,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [m.yieldTokenAddress],
  },
  {
    address: pool,
    abi: aavePoolAbi,
    functionName: "getVirtualUnderlyingBalance",
    args: [m.tokenAddress],
  },
  { address: pool, abi: aavePoolAbi, functionName: "getReserveDeficit", args: [m.tokenAddress] },
  {
    address: pool,
    abi: aavePoolAbi,
    functionName: "getReserveNormalizedIncome",
    args: [m.tokenAddress],
  },
  { address: m.yieldTokenAddress, abi: scaledBalanceTokenAbi, functionName: "scaledTotalSupply" },
];

/** Round 2: each reserve's curve in the pool's rate strategy and its variable debt now. */
async function readRateCurves(
  client: Parameters<Adapter>[0]["client"],
  markets: readonly Market[],
  first: CallResult[],
): Promise<CallResult[]> {
  const failed: CallResult = { ok: false, error: "Pool.getReserveData could not be read" };
  const calls = markets.flatMap((m, i) => {
    const r = first[FIRST_READS * i];
    if (!r?.ok) return [];
    const reserve = r.value as ReserveData;
    return [
      {
        index: i,
        call: {
          address: reserve.interestRateStrategyAddress,
          abi: aaveRateStrategyAbi,
          functionName: "getInterestRateDataBps",
          args: [m.tokenAddress],
        },
      },
      {
        index: i,
        call: { address: reserve.variableDebtTokenAddress, abi: erc20Abi, functionName: "totalSupply" },
      },
    ];
  });
  const answers = await multicall(
    client,
    calls.map((c) => c.call),
  );
  const results: CallResult[] = markets.flatMap(() => [failed, failed]);
  calls.forEach((c, j) => (results[2 * c.index + (j % 2)] = answers[j]!));
  return results;
}

interface RateData {
  optimalUsageRatio: number;
  baseVariableBorrowRate: number;
  variableRateSlope1: number;
  variableRateSlope2: number;
}

/** The reserve's quote model; none (the quote says it is unknown) when a read it needs failed. */
function quoteModelOf(
  reserve: ReserveData,
  first: CallResult[],
  second: CallResult[],
  liquidity: { available: bigint; supplied: bigint } | undefined,
  supply: bigint,
): { quoteModel?: AaveQuoteModel } {
  if (![first[3], first[4], first[5], first[6], second[0], second[1]].every((r) => r?.ok)) return {};
  const config = reserve.configuration.data;
  const rate = second[0]!.ok ? (second[0]!.value as RateData) : undefined;
  if (!rate) return {};
  const value = (r: CallResult | undefined) => String((r as { value: bigint }).value);
  return {
    quoteModel: {
      kind: "aave-v3",
      decimals: Number(bitsOf(config, 48n, 8n)),
      active: (config & ACTIVE) !== 0n,
      frozen: (config & FROZEN) !== 0n,
      paused: (config & PAUSED) !== 0n,
      reserveFactorBps: Number(bitsOf(config, 64n, 16n)),
      optimalUsageRatioBps: Number(rate.optimalUsageRatio),
      baseVariableBorrowRateBps: Number(rate.baseVariableBorrowRate),
      variableRateSlope1Bps: Number(rate.variableRateSlope1),
      variableRateSlope2Bps: Number(rate.variableRateSlope2),
      virtualUnderlyingBalance: value(first[3]),
      deficit: value(first[4]),
      normalizedIncome: value(first[5]),
      scaledATokenSupply: value(first[6]),
      totalVariableDebt: value(second[1]),
      supplyCap: String(bitsOf(config, 116n, 36n)),
      accruedToTreasuryScaled: String(reserve.accruedToTreasury),
      ...exitOf(liquidity, supply),
    },
  };
}
