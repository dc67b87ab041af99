/**
 * Per-chain contracts the sync reads besides the markets themselves, all from the catalog's public
 * sources (lib/catalog): every public Aave v3 pool with its oracle (the Aave address book), the
 * references that turn ETH- and BTC-denominated prices into USD, the Comet price feeds whose unit is
 * known, and Fluid's resolvers (Instadapp/fluid-contracts-public deployments.md).
 */
import type { Hex } from "viem";
import { aaveV3Pools, type AaveV3Pool } from "@/lib/catalog/aave";
import type { FeedDenomination } from "@/lib/catalog/catalog-data";
import { cometFeedDenominations } from "@/lib/catalog/compound";
import { FLUID_LENDING_RESOLVER, FLUID_LIQUIDITY_RESOLVER, fluidChainIds } from "@/lib/catalog/fluid";
import { DEVNET_CHAIN_ID, devnetAavePools, devnetAddresses, devnetPriceFeeds } from "@/lib/devnet/plan";

export interface AavePoolDeployment {
  /** The address book's name of the market ("Core", "Prime", …). */
  name: string;
  pool: Hex;
  /** The oracle this pool prices its reserves with. */
  oracle: Hex;
}

export interface ChainDeployment {
  /** Every public Aave v3 pool, the core market first: discovery lists each one's reserves. */
  aavePools: AavePoolDeployment[];
  /** The core market's oracle: USD prices of vault underlyings and of the units prices are given in. */
  aaveOracle: Hex | null;
  /**
   * Assets the core Aave oracle prices at exactly ETH/USD and BTC/USD (its source for them is the
   * Chainlink ETH/USD or BTC/USD feed itself; catalog-addresses.test.ts checks that against the
   * address book): an ETH- or BTC-denominated price times theirs is in USD.
   */
  usdReferences: Record<Exclude<FeedDenomination, "USD">, Hex | null>;
  /** Comet base price feeds whose unit is known (lower-case address); others are never taken as USD. */
  priceFeeds: Readonly<Record<string, FeedDenomination>>;
  fluidLendingResolver: Hex | null;
  /** Fluid's LiquidityResolver: the supply rate an fToken shows until its share price has a history. */
  fluidLiquidityResolver: Hex | null;
}

const underlyingOf = (pools: readonly AaveV3Pool[] | undefined, key: string): Hex | null =>
  (pools?.[0]?.assets[key]?.UNDERLYING as Hex | undefined) ?? null;

/**
 * The reference assets per chain, by the address book's key in the core market. Ethereum and Base
 * price cbBTC with Chainlink's BTC/USD feed (Aave's WBTC there is WBTC/BTC × BTC/USD); Arbitrum,
 * Optimism and Polygon price WBTC with it. On the test networks Aave's oracles are test feeds: only
 * their WETH is taken for ETH.
 */
const referenceKeys: Record<number, { ETH: string; BTC: string | null }> = {
  1: { ETH: "WETH", BTC: "cbBTC" },
  8453: { ETH: "WETH", BTC: "cbBTC" },
  42161: { ETH: "WETH", BTC: "WBTC" },
  10: { ETH: "WETH", BTC: "WBTC" },
  137: { ETH: "WETH", BTC: "WBTC" },
  11155111: { ETH: "WETH", BTC: null },
  84532: { ETH: "WETH", BTC: null },
};

function liveDeployment(chainId: number): ChainDeployment {
  const pools = aaveV3Pools[chainId];
  const keys = referenceKeys[chainId];
  const fluid = (fluidChainIds as readonly number[]).includes(chainId);
  return {
    aavePools: (pools ?? []).map(({ name, pool, oracle }) => ({ name, pool, oracle })),
    aaveOracle: pools?.[0]?.oracle ?? null,
    usdReferences: {
      ETH: keys ? underlyingOf(pools, keys.ETH) : null,
      BTC: keys?.BTC ? underlyingOf(pools, keys.BTC) : null,
    },
    priceFeeds: cometFeedDenominations[chainId] ?? {},
    fluidLendingResolver: fluid ? FLUID_LENDING_RESOLVER : null,
    fluidLiquidityResolver: fluid ? FLUID_LIQUIDITY_RESOLVER : null,
  };
}

const devnetDeployment: ChainDeployment = {
  aavePools: devnetAavePools.map(({ name, pool, oracle }) => ({
    name,
    pool: devnetAddresses[pool],
    oracle: devnetAddresses[oracle],
  })),
  aaveOracle: devnetAddresses.aaveOracle,
  // The devnet's Aave oracle prices WETH at ETH/USD and WBTC at BTC/USD (lib/devnet/plan.ts).
  usdReferences: { ETH: devnetAddresses.weth, BTC: devnetAddresses.wbtc },
  priceFeeds: Object.fromEntries(
    devnetPriceFeeds.map((f) => [devnetAddresses[f.contract].toLowerCase(), f.denomination]),
  ),
  fluidLendingResolver: devnetAddresses.fluidLendingResolver,
  fluidLiquidityResolver: devnetAddresses.fluidLiquidityResolver,
};

export const chainDeployments: Record<number, ChainDeployment> = {
  ...Object.fromEntries([1, 8453, 42161, 10, 137, 11155111, 84532].map((id) => [id, liveDeployment(id)])),
  [DEVNET_CHAIN_ID]: devnetDeployment,
};

export const deploymentOf = (chainId: number): ChainDeployment => chainDeployments[chainId] ?? liveDeployment(chainId);
