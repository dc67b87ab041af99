// The local chain's markets: which protocol, token and contract each is, its rate as the contracts
// answer it, and who holds what. Their contracts' addresses are in addresses.ts.
import type { ProtocolName } from "@/lib/facts/protocols";
import type { DevnetContract } from "./addresses";
import { RAY, WAD, idleAllocation, metaMorphoPerSecond, perSecondWad, type MorphoAllocation } from "./rates";
import { fluidRewardsRateBps } from "./rewards";
import { devnetTokenOf, units, type DevnetPriceFeed, type DevnetToken } from "./tokens";

const metaMorpho = (fee: bigint, allocations: MorphoAllocation[], decimalsOffset: number) =>
  ({
    kind: "vault",
    perSecond: metaMorphoPerSecond(fee, allocations),
    decimalsOffset,
    metaMorpho: { fee, allocations },
  }) as const;

/**
 * A Comet's supply-rate curve (no base rate): kink and utilization in percent, slopes as yearly
 * rates in basis points; its base token priced by `feed`.
 */
const comet = (
  curve: { kinkPercent: bigint; slopeLowBps: bigint; slopeHighBps: bigint; utilizationPercent: bigint },
  feed: DevnetPriceFeed["contract"],
) =>
  ({
    kind: "comet",
    kink: (curve.kinkPercent * WAD) / 100n,
    slopeLow: perSecondWad(curve.slopeLowBps),
    slopeHigh: perSecondWad(curve.slopeHighBps),
    base: 0n,
    utilization: (curve.utilizationPercent * WAD) / 100n,
    feed,
  }) as const;

/**
 * An fToken whose shares grow at the Liquidity layer's supply rate (basis points = Fluid's 1e2
 * precision) plus, for one with a rewards rate model, the rewards rate it starts with. One over
 * native ETH (fWETH on Ethereum, Base and Arbitrum) has WETH as its asset(), but the Liquidity layer,
 * and so its resolver, knows the rate under NATIVE_TOKEN_ADDRESS only. The Liquidity layer holds
 * `1 − utilizationBps` of its assets: what it can withdraw now.
 */
const fToken = (supplyRateBps: bigint, utilizationBps: bigint, nativeUnderlying = false, rewardsRateBps = 0n) =>
  ({
    kind: "vault",
    perSecond: perSecondWad(supplyRateBps + rewardsRateBps),
    decimalsOffset: 0,
    fluidSupplyRate: supplyRateBps,
    fluidUtilizationBps: utilizationBps,
    nativeUnderlying,
  }) as const;

/** A Vault V2's adapters: one holding shares of a MetaMorpho vault, one lending on Morpho Blue. */
export interface VaultV2Adapter {
  kind: "vaultV1" | "market";
  contract: DevnetContract;
  /** vaultV1: the MetaMorpho vault it holds shares of. */
  target?: DevnetContract;
  /** market: the Morpho Blue market it supplies to (its shareBps is of the adapter's assets). */
  market?: MorphoAllocation;
  /** Underlying units the Vault V2 has allocated to it. */
  assets: string;
}

export interface DevnetMarket {
  protocol: ProtocolName;
  version: number;
  /** Yield token / market contract of this market. */
  contract: DevnetContract;
  underlying: DevnetToken["contract"];
  yieldTokenName: string;
  yieldTokenSymbol: string;
  /** Listed in the static catalog; unlisted markets are found by the sync's discovery. */
  inCatalog: boolean;
  /**
   * Aave: ray APR. Comet: per-second supply-rate curve. Vaults: per-second WAD growth of their
   * assets, and what their rate reads answer: a MetaMorpho vault's fee and Morpho Blue markets, an
   * fToken's Liquidity-layer supply rate.
   */
  rate:
    | {
        kind: "aave";
        liquidityRate: bigint;
        /** Borrowed share of the reserve's supply, in basis points: the aToken holds the rest. */
        utilizationBps: bigint;
        pool?: "aavePrimePool";
      }
    | {
        kind: "comet";
        kink: bigint;
        slopeLow: bigint;
        slopeHigh: bigint;
        base: bigint;
        utilization: bigint;
        feed: DevnetPriceFeed["contract"];
      }
    | {
        kind: "vault";
        perSecond: bigint;
        decimalsOffset: number;
        metaMorpho?: { fee: bigint; allocations: readonly MorphoAllocation[] };
        fluidSupplyRate?: bigint;
        /** An fToken: the share of its assets lent out of the Liquidity layer, in basis points. */
        fluidUtilizationBps?: bigint;
        nativeUnderlying?: boolean;
        /** A Vault V2: no rate of its own; its assets are its idle ones plus its adapters'. */
        vaultV2?: { adapters: readonly VaultV2Adapter[] };
      };
  /** Underlying units held by everyone else. */
  supply: string;
  /** Underlying units the demo wallet holds in it; "0" for none. */
  demoBalance: string;
}

export const devnetMarkets: readonly DevnetMarket[] = [
  {
    protocol: "aave",
    version: 3,
    contract: "aUsdc",
    underlying: "usdc",
    yieldTokenName: "Aave Local USDC",
    yieldTokenSymbol: "aLocUSDC",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: 4n * 10n ** 25n, utilizationBps: 8_500n },
    supply: "250000000",
    demoBalance: "2500.123456",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWeth",
    underlying: "weth",
    yieldTokenName: "Aave Local WETH",
    yieldTokenSymbol: "aLocWETH",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: (185n * RAY) / 10_000n, utilizationBps: 6_000n },
    supply: "120000",
    demoBalance: "1.5",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aEurc",
    underlying: "eurc",
    yieldTokenName: "Aave Local EURC",
    yieldTokenSymbol: "aLocEURC",
    inCatalog: true,
    rate: { kind: "aave", liquidityRate: (290n * RAY) / 10_000n, utilizationBps: 7_000n },
    supply: "30000000",
    demoBalance: "0",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWbtc",
    underlying: "wbtc",
    yieldTokenName: "Aave Local WBTC",
    yieldTokenSymbol: "aLocWBTC",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (12n * RAY) / 10_000n, utilizationBps: 2_000n },
    supply: "2000",
    demoBalance: "0",
  },
  {
    protocol: "compound",
    version: 3,
    contract: "cometUsdc",
    underlying: "usdc",
    yieldTokenName: "Compound USDC",
    yieldTokenSymbol: "cUSDCv3",
    inCatalog: true,
    rate: comet({ kinkPercent: 90n, slopeLowBps: 450n, slopeHighBps: 30_000n, utilizationPercent: 80n }, "usdcPriceFeed"),
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
    rate: comet({ kinkPercent: 90n, slopeLowBps: 300n, slopeHighBps: 20_000n, utilizationPercent: 60n }, "wethConstantPriceFeed"),
    supply: "45000",
    demoBalance: "0.75",
  },
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoUsdcVault",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse USDC",
    yieldTokenSymbol: "steakUSDC",
    inCatalog: true,
    rate: metaMorpho(
      5n * 10n ** 16n,
      [
        { collateral: "weth", lltv: 86n * 10n ** 16n, borrowRateBps: 650n, utilizationBps: 9_000n, marketFee: 0n, shareBps: 6_000n },
        { collateral: "wbtc", lltv: 86n * 10n ** 16n, borrowRateBps: 720n, utilizationBps: 8_800n, marketFee: 0n, shareBps: 3_000n },
        idleAllocation(1_000n),
      ],
      12,
    ),
    supply: "85000000",
    demoBalance: "3000",
  },
  {
    protocol: "morpho",
    version: 1,
    contract: "morphoWethVault",
    underlying: "weth",
    yieldTokenName: "Local Gauntlet WETH",
    yieldTokenSymbol: "gtWETH",
    inCatalog: true,
    rate: metaMorpho(
      10n ** 17n,
      [
        { collateral: "wbtc", lltv: 77n * 10n ** 16n, borrowRateBps: 320n, utilizationBps: 8_500n, marketFee: 0n, shareBps: 7_000n },
        { collateral: "usdc", lltv: 86n * 10n ** 16n, borrowRateBps: 280n, utilizationBps: 8_000n, marketFee: 10n ** 17n, shareBps: 3_000n },
      ],
      0,
    ),
    supply: "22000",
    demoBalance: "0",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fUsdc",
    underlying: "usdc",
    yieldTokenName: "Fluid USD Coin",
    yieldTokenSymbol: "fUSDC",
    inCatalog: true,
    // Its LendingRewardsRateModel (plan/rewards.ts) pays about 2 % on its supply and the demo wallet's.
    rate: fToken(470n, 8_000n, false, fluidRewardsRateBps(units("60000800", 6))),
    supply: "60000000",
    demoBalance: "800",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fWeth",
    underlying: "weth",
    yieldTokenName: "Fluid Wrapped Ether",
    yieldTokenSymbol: "fWETH",
    inCatalog: true,
    rate: fToken(220n, 7_500n, true),
    supply: "9000",
    demoBalance: "0",
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fEurc",
    underlying: "eurc",
    yieldTokenName: "Fluid EURC",
    yieldTokenSymbol: "fEURC",
    inCatalog: false,
    rate: fToken(310n, 6_000n),
    supply: "4000000",
    demoBalance: "150",
  },
  // Added for issue 10.
  {
    protocol: "compound",
    version: 3,
    contract: "cometWbtc",
    underlying: "wbtc",
    yieldTokenName: "Compound WBTC",
    yieldTokenSymbol: "cWBTCv3",
    inCatalog: true,
    rate: comet({ kinkPercent: 80n, slopeLowBps: 150n, slopeHighBps: 5_000n, utilizationPercent: 30n }, "wbtcBtcPriceFeed"),
    supply: "1500",
    demoBalance: "0.05",
  },
  {
    protocol: "morpho",
    version: 2,
    contract: "morphoUsdcVaultV2",
    underlying: "usdc",
    yieldTokenName: "Local Steakhouse Prime USDC",
    yieldTokenSymbol: "steakPrimeUSDC",
    inCatalog: true,
    rate: {
      kind: "vault",
      perSecond: 0n,
      decimalsOffset: 12,
      vaultV2: {
        adapters: [
          { kind: "vaultV1", contract: "morphoVaultV1Adapter", target: "morphoUsdcVault", assets: "25000000" },
          {
            kind: "market",
            contract: "morphoMarketAdapter",
            // A market of its own (an lltv no vault's market has), almost fully borrowed.
            market: { collateral: "wbtc", lltv: 915n * 10n ** 15n, borrowRateBps: 900n, utilizationBps: 9_500n, marketFee: 0n, shareBps: 10_000n },
            assets: "10000000",
          },
        ],
      },
    },
    supply: "40000000",
    demoBalance: "500",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeUsdc",
    underlying: "usdc",
    yieldTokenName: "Aave Local Prime USDC",
    yieldTokenSymbol: "aLocPrimeUSDC",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (510n * RAY) / 10_000n, utilizationBps: 9_000n, pool: "aavePrimePool" },
    supply: "40000000",
    demoBalance: "0",
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeWeth",
    underlying: "weth",
    yieldTokenName: "Aave Local Prime WETH",
    yieldTokenSymbol: "aLocPrimeWETH",
    inCatalog: false,
    rate: { kind: "aave", liquidityRate: (220n * RAY) / 10_000n, utilizationBps: 5_000n, pool: "aavePrimePool" },
    supply: "20000",
    demoBalance: "0",
  },
];

/** The Aave pool a reserve of the plan belongs to. */
export const devnetAavePoolOf = (market: DevnetMarket): "aavePool" | "aavePrimePool" =>
  market.rate.kind === "aave" && market.rate.pool ? market.rate.pool : "aavePool";
/** The Aave pools of the local chain, the core one first, each with its own oracle. */
export const devnetAavePools = [
  { name: "Core", pool: "aavePool", oracle: "aaveOracle" },
  { name: "Prime", pool: "aavePrimePool", oracle: "aavePrimeOracle" },
] as const satisfies readonly { name: string; pool: DevnetContract; oracle: DevnetContract }[];

export const devnetUnits = (market: DevnetMarket, field: "supply" | "demoBalance") =>
  units(market[field], devnetTokenOf(market.underlying).decimals);

