/**
 * Per-chain contracts the sync reads besides the markets themselves: the Aave oracle (USD prices
 * for Aave reserves, ERC-4626 underlyings and ETH for Comet's WETH markets), WETH, Fluid's
 * LendingResolver for fToken discovery and its LiquidityResolver for supply rates. Addresses from
 * shared/spec/protocols.md §1.4, §3.1, §3.5.
 */
import type { Hex } from "@/lib/catalog/catalog-data";
import { DEVNET_CHAIN_ID, devnetAddresses } from "@/lib/devnet/plan";

export interface ChainDeployment {
  aaveOracle: Hex | null;
  weth: Hex | null;
  fluidLendingResolver: Hex | null;
  /** Fluid's LiquidityResolver: the supply rate an fToken shows until its share price has a history. */
  fluidLiquidityResolver: Hex | null;
}

// The same on every chain Fluid is deployed on (protocols.md §1.4).
const FLUID_LIQUIDITY_RESOLVER = "0xca13A15de31235A37134B4717021C35A3CF25C60";

export const chainDeployments: Record<number, ChainDeployment> = {
  1: {
    aaveOracle: "0x54586bE62E3c3580375aE3723C145253060Ca0C2",
    weth: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    // DefiLlama's current resolvers (protocols.md §1.4): resolvers are redeployed over time.
    fluidLendingResolver: "0xC215485C572365AE87f908ad35233EC2572A3BEC",
    fluidLiquidityResolver: FLUID_LIQUIDITY_RESOLVER,
  },
  8453: {
    aaveOracle: "0x2Cc0Fc26eD4563A5ce5e8bdcfe1A2878676Ae156",
    weth: "0x4200000000000000000000000000000000000006",
    fluidLendingResolver: "0x3aF6FBEc4a2FE517F56E402C65e3f4c3e18C1D86",
    fluidLiquidityResolver: FLUID_LIQUIDITY_RESOLVER,
  },
  42161: {
    aaveOracle: "0xb56c2F0B653B2e0b10C9b928C8580Ac5Df02C7C7",
    weth: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1",
    fluidLendingResolver: "0xdF4d3272FfAE8036d9a2E1626Df2Db5863b4b302",
    fluidLiquidityResolver: FLUID_LIQUIDITY_RESOLVER,
  },
  10: {
    aaveOracle: "0xD81eb3728a631871a7eBBaD631b5f424909f0c77",
    weth: "0x4200000000000000000000000000000000000006",
    fluidLendingResolver: null,
    fluidLiquidityResolver: null,
  },
  137: {
    aaveOracle: "0xb023e699F5a33916Ea823A16485e259257cA8Bd1",
    weth: "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619",
    fluidLendingResolver: "0x8e72291D5e6f4AAB552cc827fB857a931Fc5CAC1",
    fluidLiquidityResolver: FLUID_LIQUIDITY_RESOLVER,
  },
  11155111: {
    aaveOracle: "0x2da88497588bf89281816106C7259e31AF45a663",
    weth: "0xC558DBdd856501FCd9aaF1E62eae57A9F0629a3c",
    fluidLendingResolver: null,
    fluidLiquidityResolver: null,
  },
  84532: {
    aaveOracle: "0x943b0dE18d4abf4eF02A85912F8fc07684C141dF",
    weth: "0x4200000000000000000000000000000000000006",
    fluidLendingResolver: null,
    fluidLiquidityResolver: null,
  },
  [DEVNET_CHAIN_ID]: {
    aaveOracle: devnetAddresses.aaveOracle,
    weth: devnetAddresses.weth,
    fluidLendingResolver: devnetAddresses.fluidLendingResolver,
    fluidLiquidityResolver: devnetAddresses.fluidLiquidityResolver,
  },
};

export const deploymentOf = (chainId: number): ChainDeployment =>
  chainDeployments[chainId] ?? {
    aaveOracle: null,
    weth: null,
    fluidLendingResolver: null,
    fluidLiquidityResolver: null,
  };
