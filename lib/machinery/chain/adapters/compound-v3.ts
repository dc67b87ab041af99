import "server-only";
import { BaseError, isAddressEqual, type Hex } from "viem";
import { cometAbi, erc20Abi, priceFeedAbi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf, type CallResult } from "@/lib/machinery/chain/multicall";
import {
  readUsdPrices,
  usdPerUnit,
  usdReferenceOf,
  type Denomination,
  type UsdPrices,
} from "@/lib/machinery/chain/prices";
import { cometApyPercent, ratio, usdValue } from "@/lib/machinery/chain/rates";
import { exitOf, type CompoundQuoteModel } from "./quote-model";
import type { Adapter, AdapterContext, Market, MarketReading } from "./types";

const PRICE_FEED_UNIT = 10n ** 8n; // Comet's PRICE_FEED_DECIMALS
/** Comet's ConstantPriceFeed.description (compound-finance/comet contracts/pricefeeds/ConstantPriceFeed.sol). */
const CONSTANT_PRICE_FEED = "Constant price feed";

/**
 * Compound v3 (docs/data.md, Compound): getUtilization, totalSupply, the base token and its price feed,
 * the base token the Comet holds (exit liquidity: withdrawals are paid out of it) and whether supply is
 * paused (isActive), then
 * getSupplyRate(utilization), getPrice(feed) and the feed's description: two round trips, as the rate
 * needs the utilization.
 *
 * A feed's price is in whatever the feed is denominated in: USD for the stablecoin
 * Comets, BTC for cWBTCv3's WBTC/BTC feed, the base token itself for a ConstantPriceFeed (the WETH
 * Comets: ETH). Known feeds are listed per chain (ChainDeployment.priceFeeds, from Compound's
 * configuration.json); a constant feed is recognised by its description. Anything else is never taken
 * as USD: the market is not read, keeps its last TVL, and the sync's error names it.
 */
export const readCompoundV3: Adapter = async (ctx, markets) => {
  const first = await multicall(ctx.client, firstRoundCalls(markets));
  const readable = markets.filter((_, i) => first[4 * i]?.ok && first[4 * i + 2]?.ok);
  const [second, prices] = await Promise.all([
    multicall(
      ctx.client,
      readable.flatMap((m) => {
        const i = markets.indexOf(m);
        const feed = valueOf<Hex>(first[4 * i + 2], "");
        return [
          {
            address: m.adapterAddress,
            abi: cometAbi,
            functionName: "getSupplyRate",
            args: [valueOf<bigint>(first[4 * i], "")],
          },
          { address: m.adapterAddress, abi: cometAbi, functionName: "getPrice", args: [feed] },
          { address: feed, abi: priceFeedAbi, functionName: "description" },
        ];
      }),
    ),
    readReferencePrices(ctx, markets),
  ]);
  const readings = new Map<string, MarketReading>();
  markets.forEach((m, i) => {
    try {
      valueOf(first[4 * i], "Comet.getUtilization");
      const baseToken = valueOf<Hex>(first[4 * i + 3], "Comet.baseToken");
      if (!isAddressEqual(baseToken, m.tokenAddress))
        throw new Error(`Comet.baseToken is ${baseToken}, not the catalog's ${m.tokenAddress}`);
      const feed = valueOf<Hex>(first[4 * i + 2], "Comet.baseTokenPriceFeed");
      const j = readable.indexOf(m);
      const rate = valueOf<bigint>(second[3 * j] as CallResult, "Comet.getSupplyRate");
      const feedPrice = valueOf<bigint>(second[3 * j + 1] as CallResult, "Comet.getPrice");
      const described = second[3 * j + 2];
      const description = described?.ok ? String(described.value) : undefined;
      const denomination = denominationOf(ctx, m, feed, description);
      if (!denomination)
        throw new Error(
          `its price feed ${feed} has no known denomination (not a feed Compound's configuration lists, nor a constant feed): TVL not converted to USD`,
        );
      if (prices instanceof Error && denomination !== "USD") throw prices;
      const unit = usdPerUnit(ctx.deployment, prices instanceof Error ? undefined : prices, denomination);
      const supply = valueOf<bigint>(first[4 * i + 1], "Comet.totalSupply");
      const cash = first[4 * markets.length + i];
      const supplyPaused = first[5 * markets.length + i];
      readings.set(m.instrumentId, {
        ok: true,
        apy: cometApyPercent(rate),
        // supply × feed price (8 decimals, in the feed's unit) × that unit's USD price
        tvl: usdValue(
          supply * feedPrice * unit.numerator,
          m.tokenDecimals,
          1n,
          PRICE_FEED_UNIT * unit.denominator,
        ),
        ...(cash?.ok && { liquidity: { available: cash.value as bigint, supplied: supply } }),
        priceUsd: ratio(feedPrice * unit.numerator, PRICE_FEED_UNIT * unit.denominator),
        // Taking deposits, as Aave's isActive: not while the pause guardian (or governor) pauses supply.
        isActive: !(supplyPaused?.ok && supplyPaused.value === true),
        ...quoteModelOf(
          first.slice(6 * markets.length + QUOTE_READS.length * i).slice(0, QUOTE_READS.length),
          {
            supply,
            supplyPaused: supplyPaused?.ok === true && supplyPaused.value === true,
            liquidity: cash?.ok ? { available: cash.value as bigint, supplied: supply } : undefined,
          },
        ),
      });
    } catch (err) {
      readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
    }
  });
  return readings;
};

/** The first round: each Comet's utilization, supply, feed, base token, cash, pause and a quote's reads. */
const firstRoundCalls = (markets: Parameters<Adapter>[1]) => [
  ...markets.flatMap((m) => [
    { address: m.adapterAddress, abi: cometAbi, functionName: "getUtilization" },
    { address: m.adapterAddress, abi: cometAbi, functionName: "totalSupply" },
    { address: m.adapterAddress, abi: cometAbi, functionName: "baseTokenPriceFeed" },
    { address: m.adapterAddress, abi: cometAbi, functionName: "baseToken" },
  ]),
  // The catalog's base token, which the reading checks is the Comet's.
  ...markets.map((m) => ({
    address: m.tokenAddress,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [m.adapterAddress],
  })),
  ...markets.map((m) => ({ address: m.adapterAddress, abi: cometAbi, functionName: "isSupplyPaused" })),
  // A quote's supply-rate curve and totals (quote-model.ts).
  ...markets.flatMap((m) =>
    QUOTE_READS.map((functionName) => ({ address: m.adapterAddress, abi: cometAbi, functionName })),
  ),
];

/** The Comet's reads a quote needs, in the order quoteModelOf takes them. */
const QUOTE_READS = [
  "totalBorrow",
  "supplyKink",
  "supplyPerSecondInterestRateBase",
  "supplyPerSecondInterestRateSlopeLow",
  "supplyPerSecondInterestRateSlopeHigh",
] as const;

/** The Comet's quote model (Comet.getSupplyRate's curve, totals at the block); none when a read failed. */
function quoteModelOf(
  reads: CallResult[],
  {
    supply,
    supplyPaused,
    liquidity,
  }: { supply: bigint; supplyPaused: boolean; liquidity?: { available: bigint; supplied: bigint } },
): { quoteModel?: CompoundQuoteModel } {
  if (reads.length !== QUOTE_READS.length || !reads.every((r) => r.ok)) return {};
  const [totalBorrow, supplyKink, supplyRateBase, supplyRateSlopeLow, supplyRateSlopeHigh] = reads.map((r) =>
    String((r as { value: bigint }).value),
  );
  return {
    quoteModel: {
      kind: "compound-v3",
      totalSupply: String(supply),
      totalBorrow: totalBorrow!,
      supplyKink: supplyKink!,
      supplyRateBase: supplyRateBase!,
      supplyRateSlopeLow: supplyRateSlopeLow!,
      supplyRateSlopeHigh: supplyRateSlopeHigh!,
      supplyPaused,
      ...exitOf(liquidity, supply),
    },
  };
}

function denominationOf(
  ctx: AdapterContext,
  market: Market,
  feed: Hex,
  description: string | undefined,
): Denomination | undefined {
  const listed = ctx.deployment.priceFeeds[feed.toLowerCase()];
  if (listed) return listed;
  // A constant feed prices the base in itself: 1e8 = one base token. WETH is ETH, wrapped.
  if (description === CONSTANT_PRICE_FEED)
    return market.assetCategory === "ETH" ? "ETH" : { asset: market.tokenAddress };
  return undefined;
}

/**
 * The Aave oracle's prices of everything a Comet's price may need converting with: the chain's ETH
 * and BTC references and each base token (for constant feeds). Read beside the second round; a
 * failure only matters to markets whose feed is not in USD, so it is returned, not thrown.
 */
async function readReferencePrices(ctx: AdapterContext, markets: Market[]): Promise<UsdPrices | Error> {
  if (!ctx.deployment.aaveOracle) return new Error(`chain ${ctx.chainId} has no USD price oracle configured`);
  const references = [
    ...(["ETH", "BTC"] as const).flatMap((unit) =>
      ctx.deployment.usdReferences[unit] ? [usdReferenceOf(ctx.deployment, unit)!] : [],
    ),
    ...markets.map((m) => m.tokenAddress),
  ];
  return readUsdPrices(ctx, references).catch((err: unknown) => {
    // The RPC failing fails the whole reading; only what the oracle answered is this function's to judge.
    if (err instanceof BaseError) throw err;
    return err instanceof Error ? err : new Error(String(err));
  });
}
