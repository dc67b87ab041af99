// The local chain's Compound III markets, on Compound's own contracts (vendor/comet, built by
// devnet/builds/comet.mjs): what each Comet is configured with, who supplies and who borrows. No rate
// is set here: each Comet answers its own kinked rate model at the utilization its borrowers create.
//
// Every market's parameters come from compound-finance/comet at d5a30b0a (the commit vendor/comet
// holds), deployments/mainnet/<market>/configuration.json, read as the repository's own deploy tool
// reads it (src/deploy/NetworkConfiguration.ts: `percentage` is floor(x × 1e18) on a double), and,
// where governance changed a value later, from the migration beside it that did (named at the value).
import type { FeedDenomination } from "@/lib/machinery/catalog/catalog-data";
import type { DevnetMarket } from "./market-shape";
import { devnetCometStream, devnetRewardTokens } from "./rewards";
import { devnetTokenOf, units } from "./tokens";

/** The names under which the deployment records Compound's shared contracts (ctx.record / ctx.address). */
export const compoundContracts = {
  /** CometProxyAdmin: admin of every Comet proxy and of the Configurator's proxy; owned by the governor. */
  proxyAdmin: "cometProxyAdmin",
  /** The Configurator's implementation, and its ConfiguratorProxy (the address everyone calls). */
  configuratorImplementation: "cometConfiguratorImplementation",
  configurator: "cometConfigurator",
  /** CometFactory: what Configurator.deploy builds each Comet implementation with. */
  factory: "cometFactory",
  /** CometRewards (one for every Comet, as on Ethereum), governed by the governor. */
  rewards: "cometRewards",
  /** ConstantPriceFeed(8, 1e8): the WETH Comet's base price, 1 WETH = 1 ETH, as cWETHv3's. */
  wethConstantPriceFeed: "wethConstantPriceFeed",
  /** ReverseMultiplicativePriceFeed(WBTC/USD, WETH/USD): WBTC in ETH, the WETH Comet's WBTC collateral. */
  wbtcEthPriceFeed: "cometWbtcEthPriceFeed",
  /** ReverseMultiplicativePriceFeed(WETH/USD, WBTC/USD): WETH in BTC, the WBTC Comet's WETH collateral. */
  wethBtcPriceFeed: "cometWethBtcPriceFeed",
} as const;

/** The names of one market's own contracts: its proxy (the Comet everyone calls) is the market's `contract`. */
export const cometContractsOf = (market: { contract: string }) => ({
  proxy: market.contract,
  /** CometExt: the extension delegate (name, symbol, allowances, baseAccrualScale). */
  extension: `${market.contract}Ext`,
  /** The Comet the proxy is created with (src/deploy/Network.ts's temporary implementation). */
  initialImplementation: `${market.contract}InitialImplementation`,
  /** The Comet CometProxyAdmin.deployAndUpgradeTo built through the Configurator: the proxy's implementation. */
  implementation: `${market.contract}Implementation`,
});

/** The local accounts of Compound's roles (plan/accounts.ts devnetRoleAccount). */
export const compoundRoles = {
  deployer: "compound deployer",
  /** Ethereum: the Timelock 0x6d903f6003cca6255d85cca4d3b5e5146dc33925 (each configuration.json's governor). */
  governor: "compound governor",
  /** Ethereum: the guardian multisig 0xbbf3f1421d886e9b2c5d716b5192ac998af2012c (each configuration.json's pauseGuardian). */
  pauseGuardian: "compound pause guardian",
  supplier: "compound supplier",
  borrower: (market: string, n: number) => `compound borrower ${market} ${n}`,
} as const;

/** The repository's `percentage`: floor(x × 1e18) in doubles, as its deploy tool passes factors to Comet. */
export const percentage = (x: number) => BigInt(Math.floor(x * 1e18));

/** A configuration.json "rates" block: yearly factors, the per-second values are Comet's constructor's to derive. */
export interface CometRates {
  supplyKink: number;
  supplySlopeLow: number;
  supplySlopeHigh: number;
  supplyBase: number;
  borrowKink: number;
  borrowSlopeLow: number;
  borrowSlopeHigh: number;
  borrowBase: number;
}

/** One collateral of a Comet (a configuration.json "assets" entry), priced by `feed` in the Comet's unit. */
export interface CometCollateralPlan {
  token: "usdc" | "weth" | "wbtc" | "comp";
  /** The manifest name of its price feed (8 decimals, in the same unit as the base token's feed). */
  feed: string;
  borrowCF: number;
  liquidateCF: number;
  liquidationFactor: number;
  /** Whole tokens. */
  supplyCap: string;
  /** Where these values come from. */
  source: string;
}

/** A borrower: posts `collateral` of `token` and borrows `shareBps` of the market's planned borrows. */
export interface CometBorrowerPlan {
  token: CometCollateralPlan["token"];
  /** Whole tokens. */
  collateral: string;
  shareBps: bigint;
}

export interface CompoundMarketPlan extends Omit<
  DevnetMarket,
  "protocol" | "version" | "contract" | "kind" | "aavePool"
> {
  protocol: "compound";
  version: 3;
  contract: "cometUsdc" | "cometWeth" | "cometWbtc";
  /** The real market it is configured like. */
  source: string;
  /** The manifest name of the base token's price feed, and what its answer is in. */
  baseFeed: string;
  baseFeedDenomination: FeedDenomination;
  rates: CometRates;
  /** configuration.json's storeFrontPriceFactor, borrowMin and targetReserves (whole base tokens). */
  storeFrontPriceFactor: number;
  borrowMin: string;
  targetReserves: string;
  /** configuration.json's tracking: index scale, speeds (trackingIndexScale units a second), minimum principal. */
  tracking: {
    indexScale: bigint;
    baseSupplySpeed: bigint;
    baseBorrowSpeed: bigint;
    baseMinForRewards: bigint;
  };
  collaterals: readonly CometCollateralPlan[];
  /** The share of the market's supply (the supplier's and the demo wallet's) its borrowers borrow. */
  utilizationBps: bigint;
  borrowers: readonly CometBorrowerPlan[];
}

const TRACKING_INDEX_SCALE = 10n ** 15n; // every configuration.json's "indexScale": "1e15"

export const compoundMarkets: readonly CompoundMarketPlan[] = [
  {
    protocol: "compound",
    version: 3,
    contract: "cometUsdc",
    underlying: "usdc",
    yieldTokenName: "Compound USDC",
    yieldTokenSymbol: "cUSDCv3",
    inCatalog: true,
    source: "Ethereum's cUSDCv3: deployments/mainnet/usdc/configuration.json",
    baseFeed: "usdcPriceFeed",
    baseFeedDenomination: "USD",
    rates: {
      supplyKink: 0.8,
      supplySlopeLow: 0.0325,
      supplySlopeHigh: 0.4,
      supplyBase: 0,
      borrowKink: 0.8,
      borrowSlopeLow: 0.035,
      borrowSlopeHigh: 0.25,
      borrowBase: 0.015,
    },
    storeFrontPriceFactor: 0.5,
    borrowMin: "100",
    targetReserves: "5000000",
    // configuration.json starts with no speed (migration 1661899622_rewards set one later): the local
    // chain's COMP stream is plan/rewards.ts's, with mainnet's baseMinForRewards (1,000,000 USDC).
    tracking: {
      indexScale: TRACKING_INDEX_SCALE,
      baseSupplySpeed: devnetCometStream.baseTrackingSupplySpeed,
      baseBorrowSpeed: 0n,
      baseMinForRewards: devnetCometStream.baseMinForRewards,
    },
    // Its collaterals the local chain has (UNI and LINK it has not). configuration.json lists them with
    // supply cap 0; the caps are those governance set since.
    collaterals: [
      {
        token: "comp",
        feed: "compPriceFeed",
        borrowCF: 0.65,
        liquidateCF: 0.7,
        liquidationFactor: 0.93,
        supplyCap: "600000",
        source: "cap: migration 1663794398_bump_supply_caps",
      },
      {
        token: "wbtc",
        feed: "wbtcUsdFeed",
        borrowCF: 0.7,
        liquidateCF: 0.77,
        liquidationFactor: 0.95,
        supplyCap: "6000",
        source: "cap: migration 1663794398_bump_supply_caps",
      },
      {
        token: "weth",
        feed: "wethUsdFeed",
        borrowCF: 0.825,
        liquidateCF: 0.895,
        liquidationFactor: 0.95,
        supplyCap: "150000",
        source: "cap: migration 1669668117_raise_weth_supply_cap",
      },
    ],
    // cUSDCv3 usually runs above its kink: 85 % puts the supply rate on the steep slope.
    utilizationBps: 8_500n,
    borrowers: [
      { token: "weth", collateral: "48000", shareBps: 6_500n },
      { token: "wbtc", collateral: "1050", shareBps: 3_500n },
    ],
    supply: "180000000",
    demoBalance: "1200.5",
  },
  {
    protocol: "compound",
    version: 3,
    contract: "cometWeth",
    underlying: "weth",
    yieldTokenName: "Compound WETH",
    yieldTokenSymbol: "cWETHv3",
    inCatalog: true,
    source: "Ethereum's cWETHv3: deployments/mainnet/weth/configuration.json",
    // deployments/mainnet/weth/deploy.ts: ConstantPriceFeed(8, 1e8), so the Comet prices in ETH.
    baseFeed: compoundContracts.wethConstantPriceFeed,
    baseFeedDenomination: "ETH",
    rates: {
      supplyKink: 0.9,
      supplySlopeLow: 0.0283824,
      supplySlopeHigh: 0.6066567706,
      supplyBase: 0,
      borrowKink: 0.9,
      borrowSlopeLow: 0.05171500002,
      borrowSlopeHigh: 0.5171500339,
      borrowBase: 0.009945209674,
    },
    storeFrontPriceFactor: 0.5,
    borrowMin: "0.1",
    targetReserves: "5000",
    tracking: {
      indexScale: TRACKING_INDEX_SCALE,
      baseSupplySpeed: 447_916_666_666n,
      baseBorrowSpeed: 0n,
      baseMinForRewards: units("1000", 18),
    },
    // configuration.json's cbETH and wstETH are not on the local chain; its WBTC is, added by
    // migration 1718698838_add_wbtc_as_collateral (priced there WBTC/BTC × BTC/ETH; here WBTC/USD ÷ ETH/USD).
    collaterals: [
      {
        token: "wbtc",
        feed: compoundContracts.wbtcEthPriceFeed,
        borrowCF: 0.8,
        liquidateCF: 0.85,
        liquidationFactor: 0.95,
        supplyCap: "1000",
        source: "migration 1718698838_add_wbtc_as_collateral",
      },
    ],
    // What 950 WBTC (under the 1,000 cap) carry with room to spare.
    utilizationBps: 4_000n,
    borrowers: [{ token: "wbtc", collateral: "950", shareBps: 10_000n }],
    supply: "45000",
    demoBalance: "0.75",
  },
  {
    protocol: "compound",
    version: 3,
    contract: "cometWbtc",
    underlying: "wbtc",
    yieldTokenName: "Compound WBTC",
    yieldTokenSymbol: "cWBTCv3",
    inCatalog: true,
    source: "Ethereum's cWBTCv3: deployments/mainnet/wbtc/configuration.json",
    baseFeed: "wbtcBtcPriceFeed",
    baseFeedDenomination: "BTC",
    rates: {
      supplyKink: 0.85,
      supplySlopeLow: 0.012,
      supplySlopeHigh: 1,
      supplyBase: 0,
      borrowKink: 0.85,
      borrowSlopeLow: 0.014,
      borrowSlopeHigh: 1.15,
      borrowBase: 0.01,
    },
    storeFrontPriceFactor: 0.7,
    borrowMin: "0.001",
    targetReserves: "250",
    tracking: {
      indexScale: TRACKING_INDEX_SCALE,
      baseSupplySpeed: 11_574_074_074n,
      baseBorrowSpeed: 0n,
      baseMinForRewards: units("1", 8),
    },
    // configuration.json's LBTC and pumpBTC are not on the local chain. A stand-in: WETH, priced in
    // BTC, with the factors Ethereum gives the same pair the other way round (WBTC in cWETHv3,
    // migration 1718698838) and a cap worth about the same (1,000 BTC at the plan's prices).
    collaterals: [
      {
        token: "weth",
        feed: compoundContracts.wethBtcPriceFeed,
        borrowCF: 0.8,
        liquidateCF: 0.85,
        liquidationFactor: 0.95,
        supplyCap: "28000",
        source: "stand-in: migration 1718698838's WBTC/WETH factors",
      },
    ],
    utilizationBps: 3_000n,
    borrowers: [{ token: "weth", collateral: "21000", shareBps: 10_000n }],
    supply: "1500",
    demoBalance: "0.05",
  },
];

export const compoundMarketOf = (contract: CompoundMarketPlan["contract"]) =>
  compoundMarkets.find((m) => m.contract === contract)!;

/** An amount of the market's base token, in smallest units. */
export const baseUnits = (market: CompoundMarketPlan, amount: string) =>
  units(amount, devnetTokenOf(market.underlying).decimals);

/** Decimals of a collateral or reward token of the plan. */
export const tokenDecimals = (token: CometCollateralPlan["token"]) =>
  token === "comp"
    ? devnetRewardTokens.find((t) => t.contract === "comp")!.decimals
    : devnetTokenOf(token).decimals;

/** Smallest units of a collateral or reward token of the plan. */
export const tokenUnits = (token: CometCollateralPlan["token"], amount: string) =>
  units(amount, tokenDecimals(token));

/**
 * What borrower `n` of `market` borrows: its share of utilizationBps of everything supplied (the
 * supplier's and the demo wallet's), rounded down.
 */
export function plannedBorrow(market: CompoundMarketPlan, n: number): bigint {
  const supplied = baseUnits(market, market.supply) + baseUnits(market, market.demoBalance);
  return (supplied * market.utilizationBps * market.borrowers[n]!.shareBps) / 10n ** 8n;
}
