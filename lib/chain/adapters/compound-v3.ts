import { isAddressEqual } from "viem";
import { cometAbi } from "@/lib/chain/abis";
import { multicall, valueOf, type CallResult } from "@/lib/chain/multicall";
import { readUsdPrices } from "@/lib/chain/prices";
import { cometApyPercent, usdValue } from "@/lib/chain/rates";
import type { Adapter, MarketReading } from "./types";

const PRICE_FEED_UNIT = 10n ** 8n; // Comet's PRICE_FEED_DECIMALS

/**
 * Compound v3 (protocols.md §1.2): getUtilization, totalSupply and the base price feed, then
 * getSupplyRate(utilization) and getPrice(feed): two round trips, as the rate needs the
 * utilization. WETH markets price their base in ETH (a constant feed): converted with ETH/USD
 * from the chain's Aave oracle.
 */
export const readCompoundV3: Adapter = async (ctx, markets) => {
  const ethMarkets = markets.some((m) => m.assetCategory === "ETH");
  const weth = ctx.deployment.weth;
  const [first, ethPrices] = await Promise.all([
    multicall(
      ctx.client,
      markets.flatMap((m) => [
        { address: m.adapterAddress, abi: cometAbi, functionName: "getUtilization" },
        { address: m.adapterAddress, abi: cometAbi, functionName: "totalSupply" },
        { address: m.adapterAddress, abi: cometAbi, functionName: "baseTokenPriceFeed" },
        { address: m.adapterAddress, abi: cometAbi, functionName: "baseToken" },
      ]),
    ),
    ethMarkets && weth ? readUsdPrices(ctx, [weth]) : undefined,
  ]);
  const readable = markets.filter((_, i) => first[4 * i]?.ok && first[4 * i + 2]?.ok);
  const second = await multicall(
    ctx.client,
    readable.flatMap((m) => {
      const i = markets.indexOf(m);
      return [
        { address: m.adapterAddress, abi: cometAbi, functionName: "getSupplyRate", args: [valueOf<bigint>(first[4 * i], "")] },
        { address: m.adapterAddress, abi: cometAbi, functionName: "getPrice", args: [valueOf<string>(first[4 * i + 2], "")] },
      ];
    }),
  );
  const readings = new Map<string, MarketReading>();
  markets.forEach((m, i) => {
    try {
      valueOf(first[4 * i], "Comet.getUtilization");
      const baseToken = valueOf<`0x${string}`>(first[4 * i + 3], "Comet.baseToken");
      if (!isAddressEqual(baseToken, m.tokenAddress)) throw new Error(`Comet.baseToken is ${baseToken}, not the catalog's ${m.tokenAddress}`);
      valueOf(first[4 * i + 2], "Comet.baseTokenPriceFeed");
      const j = readable.indexOf(m);
      const rate = valueOf<bigint>(second[2 * j] as CallResult, "Comet.getSupplyRate");
      const feedPrice = valueOf<bigint>(second[2 * j + 1] as CallResult, "Comet.getPrice");
      const supply = valueOf<bigint>(first[4 * i + 1], "Comet.totalSupply");
      let tvl = usdValue(supply, m.tokenDecimals, feedPrice, PRICE_FEED_UNIT);
      if (m.assetCategory === "ETH") {
        const ethUsd = weth && ethPrices?.of(weth);
        if (!ethUsd || !ethPrices) throw new Error("no ETH/USD price to value an ETH-priced Comet");
        tvl = usdValue(supply * feedPrice, m.tokenDecimals, ethUsd, PRICE_FEED_UNIT * ethPrices.unit);
      }
      readings.set(m.instrumentId, { ok: true, apy: cometApyPercent(rate), tvl, isActive: true });
    } catch (err) {
      readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
    }
  });
  return readings;
};
