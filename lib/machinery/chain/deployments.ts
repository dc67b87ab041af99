import "server-only";
/**
 * Per-chain contracts the sync reads besides the markets themselves, all from the catalog's public
 * sources (lib/machinery/catalog): every public Aave v3 pool with its oracle (the Aave address book), the
 * references that turn ETH- and BTC-denominated prices into USD, the Comet price feeds whose unit is
 * known, Fluid's resolvers (Instadapp/fluid-contracts-public deployments.md) and Compound's CometRewards.
 */
import type { Hex } from "viem";
import { aaveV3Pools, type AaveV3Pool } from "@/lib/machinery/catalog/aave";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { localChainDeployment } from "@/lib/machinery/catalog/local-chain";
import { cometFeedDenominations, cometRewardsByChain } from "@/lib/machinery/catalog/compound";
import { FLUID_LENDING_RESOLVER, FLUID_LIQUIDITY_RESOLVER, fluidChainIds } from "@/lib/machinery/catalog/fluid";
import { chains, LOCAL_CHAIN_ID } from "@/lib/facts/chains";

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

function publicChainDeployment(chainId: number): ChainDeployment {
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
    cometRewards: cometRewardsByChain[chainId] ?? null,
  };
}

export const chainDeployments: Record<number, ChainDeployment> = Object.fromEntries(
  chains.map((c) => [c.id, c.id === LOCAL_CHAIN_ID ? localChainDeployment : publicChainDeployment(c.id)]),
);

export const deploymentOf = (chainId: number): ChainDeployment => chainDeployments[chainId] ?? publicChainDeployment(chainId);

