// Fluid on the local chain, on its own contracts (vendor/fluid-contracts-public at a9949b48): the
// Liquidity layer with Base's modules, the lending factory's fTokens (fUSDC with its rewards rate
// model, fWETH over native ETH as on Ethereum and Base, fEURC found by discovery), and Vault T1 vaults
// whose borrowers post WBTC and borrow, so that utilization and the supply rate are Fluid's own.
// No rate is set here: each comes out of the Liquidity layer's rate curve at the utilization the
// borrows leave. Deployed by devnet/protocols/fluid.
import type { DevnetContract } from "./addresses";
import { devnetFluidStream } from "./rewards";
import { devnetTokenOf, units, type DevnetToken } from "./tokens";

/**
 * Every contract the Fluid deployment records, by its manifest name: the names of plan/addresses.ts
 * where the catalog already knows them (the fTokens, the resolvers, the rewards model), new ones
 * for the rest.
 */
export const fluidContracts = {
  /** FluidLiquidityProxy, Fluid's Liquidity layer (0x52Aa…e497 on every chain). */
  liquidity: "fluidLiquidity",
  liquidityDummyImpl: "fluidLiquidityDummyImpl",
  adminModule: "fluidLiquidityAdminModule",
  userModule: "fluidLiquidityUserModule",
  liquidityResolver: "fluidLiquidityResolver",
  lendingFactory: "fluidLendingFactory",
  lendingResolver: "fluidLendingResolver",
  rewardsModel: "fluidRewardsModel",
  vaultFactory: "fluidVaultFactory",
  vaultT1Admin: "fluidVaultT1Admin",
  vaultT1Secondary: "fluidVaultT1Secondary",
  vaultT1DeploymentLogic: "fluidVaultT1DeploymentLogic",
} as const satisfies Record<string, string>;

/** fTokens by their manifest names (plan/addresses.ts). */
export type FluidFTokenName = Extract<DevnetContract, "fUsdc" | "fWeth" | "fEurc">;

/** A token the Liquidity layer lists: an ERC-20 of the plan, or native ETH (NATIVE_TOKEN_ADDRESS). */
export type FluidLiquidityToken = DevnetToken["contract"] | "eth";

/**
 * A rate curve of the Liquidity layer (AdminModuleStructs.RateDataV2Params): kinks and rates in 1e2
 * precision (10,000 = 100 %). The borrow rate at utilization u follows it; the supply rate is the
 * borrow rate × u × (1 − fee).
 */
export interface FluidRateCurveV2 {
  kink1: bigint;
  kink2: bigint;
  rateAtUtilizationZero: bigint;
  rateAtUtilizationKink1: bigint;
  rateAtUtilizationKink2: bigint;
  rateAtUtilizationMax: bigint;
  /** Where the real token has this curve. */
  source: string;
}

/** AdminModuleStructs.TokenConfig: fee (the reserve factor) and storage-update threshold in 1e2 precision, max utilization. */
export interface FluidTokenConfig {
  fee: bigint;
  threshold: bigint;
  maxUtilization: bigint;
  source: string;
}

/**
 * How a token is listed at the Liquidity layer. Kept as the chains have them:
 * - USDC: Ethereum's live curve as Instadapp/fluid-governance PayloadIGP132.sol (IGP-132) records it
 *   ("matches the live on-chain getTokenRateData"): kinks 85 % / 93 %, rates 0 / 6 / 8 / 15 %.
 * - ETH: Ethereum's, PayloadIGP128.sol action 8 (IGP-128, "values match mainnet getRateConfig(ETH)"):
 *   kinks 88 % / 93 %, rates 0 / 2.5 / 4 / 10 %.
 * - WBTC (the vaults' collateral): PayloadIGP94.sol (IGP-94): kinks 80 % / 90 %, rates 0 / 2 / 10 / 100 %.
 * - EURC: Fluid lists it on Base only, whose curves neither the contracts' repository nor the
 *   governance payloads (Ethereum's) publish; it takes the stablecoin curve Ethereum gives USDC,
 *   USDT and GHO alike (IGP-132).
 * Token configs: fee 10 %, threshold 0.3 %, no max utilization, as PayloadIGP27.sol sets ETH's and
 * fluid-contracts-public contracts/config/liquidityTokenAuth/main.sol lists every new token.
 */
const stablecoinCurve = {
  kink1: 8_500n,
  kink2: 9_300n,
  rateAtUtilizationZero: 0n,
  rateAtUtilizationKink1: 600n,
  rateAtUtilizationKink2: 800n,
  rateAtUtilizationMax: 1_500n,
} as const;
const listingConfig: FluidTokenConfig = {
  fee: 1_000n,
  threshold: 30n,
  maxUtilization: 10_000n,
  source: "fluid-contracts-public contracts/config/liquidityTokenAuth/main.sol; PayloadIGP27.sol for ETH",
};
export const fluidLiquidityTokens: readonly {
  token: FluidLiquidityToken;
  curve: FluidRateCurveV2;
  config: FluidTokenConfig;
}[] = [
  {
    token: "usdc",
    curve: { ...stablecoinCurve, source: "Ethereum USDC, fluid-governance IGP-132" },
    config: listingConfig,
  },
  {
    token: "eth",
    curve: {
      kink1: 8_800n,
      kink2: 9_300n,
      rateAtUtilizationZero: 0n,
      rateAtUtilizationKink1: 250n,
      rateAtUtilizationKink2: 400n,
      rateAtUtilizationMax: 1_000n,
      source: "Ethereum ETH, fluid-governance IGP-128",
    },
    config: listingConfig,
  },
  {
    token: "eurc",
    curve: {
      ...stablecoinCurve,
      source: "Ethereum's stablecoin curve (IGP-132): Base's EURC curve is not published",
    },
    config: listingConfig,
  },
  {
    token: "wbtc",
    curve: {
      kink1: 8_000n,
      kink2: 9_000n,
      rateAtUtilizationZero: 0n,
      rateAtUtilizationKink1: 200n,
      rateAtUtilizationKink2: 1_000n,
      rateAtUtilizationMax: 10_000n,
      source: "Ethereum WBTC, fluid-governance IGP-94",
    },
    config: listingConfig,
  },
];

/**
 * A supplier's limits at the Liquidity layer (AdminModuleStructs.UserSupplyConfig, mode 1 = with
 * interest): its withdrawal limit expands by `expandPercent` of its supply over `expandDuration`;
 * below `baseWithdrawalLimit` everything is withdrawable. As fluid-governance PayloadIGP30.sol lists
 * WBTC vaults' supply (25 %, 12 hours, $5M base), here for the fTokens too.
 */
export interface FluidSupplyLimits {
  expandPercent: bigint;
  expandDuration: bigint;
  baseWithdrawalLimit: string;
}

/** An fToken of the plan: the shape of plan/markets.ts's DevnetMarket without its rate, plus Fluid's configuration. */
export interface FluidMarketPlan {
  protocol: "fluid";
  version: 1;
  contract: FluidFTokenName;
  underlying: DevnetToken["contract"];
  yieldTokenName: string;
  yieldTokenSymbol: string;
  inCatalog: boolean;
  /** Underlying units supplied by the Fluid supplier account. */
  supply: string;
  /** Underlying units the demo wallet deposits; "0" for none. */
  demoBalance: string;
  /**
   * fTokenNativeUnderlying: asset() is WETH, but the Liquidity layer lends native ETH
   * (NATIVE_TOKEN_ADDRESS), as Ethereum's and Base's fWETH. Created as the "NativeUnderlying" type.
   */
  nativeUnderlying: boolean;
  /** The token the Liquidity layer lends for it. */
  lent: FluidLiquidityToken;
  supplyLimits: FluidSupplyLimits;
  /** The Vault T1 whose borrower borrows what the fToken lends. */
  vault: FluidVaultPlan;
}

/**
 * A Vault T1 (collateral WBTC) that borrows the fToken's lent token at the Liquidity layer, with
 * PayloadIGP30.sol's WBTC/USDC settings (Ethereum's WBTC vaults): collateral factor 80 %,
 * liquidation threshold 85 %, max limit 90 %, withdraw gap 5 %, penalty 3 %, no borrow fee, rate
 * magnifiers 1×. Its borrower posts collateral for `borrowLtvBps` of it and borrows
 * `utilizationBps` of everything the layer holds of the token.
 */
export interface FluidVaultPlan {
  /** Manifest names of the vault and its FluidGenericOracle. */
  contract: string;
  oracle: string;
  collateral: "wbtc";
  /** The borrowed share of the Liquidity layer's supply of the lent token, in basis points. */
  utilizationBps: bigint;
  /** The borrower's loan to value, in basis points (below the 80 % collateral factor). */
  borrowLtvBps: bigint;
  /**
   * Borrow limits at the Liquidity layer (UserBorrowConfig, mode 1), in whole tokens. IGP-30 starts
   * a vault at a $7.5M base debt ceiling that expands 20 % per 12 hours; here the base already holds
   * the planned borrow, which Fluid's expansion would reach only after days.
   */
  baseDebtCeiling: string;
  maxDebtCeiling: string;
}

const vaultSettings = {
  supplyRateMagnifier: 10_000n,
  borrowRateMagnifier: 10_000n,
  collateralFactor: 8_000n,
  liquidationThreshold: 8_500n,
  liquidationMaxLimit: 9_000n,
  withdrawGap: 500n,
  liquidationPenalty: 300n,
  borrowFee: 0n,
} as const;
/** updateCoreSettings' arguments, in its order (fluid-governance PayloadIGP30.sol, WBTC/USDC). */
export const fluidVaultCoreSettings = [
  vaultSettings.supplyRateMagnifier,
  vaultSettings.borrowRateMagnifier,
  vaultSettings.collateralFactor,
  vaultSettings.liquidationThreshold,
  vaultSettings.liquidationMaxLimit,
  vaultSettings.withdrawGap,
  vaultSettings.liquidationPenalty,
  vaultSettings.borrowFee,
] as const;

/** How the vaults' borrow limits expand beyond their base debt ceiling (IGP-30: 20 % per 12 hours). */
export const fluidBorrowLimitExpansion = { expandPercent: 2_000n, expandDuration: 43_200n } as const;

/** The vaults' WBTC supply at the Liquidity layer (IGP-30: 25 %, 12 hours, $5M base). */
export const fluidCollateralLimits: FluidSupplyLimits = {
  expandPercent: 2_500n,
  expandDuration: 43_200n,
  baseWithdrawalLimit: "50",
};

/** Native ETH's borrow cap at the Liquidity layer: the AdminModule's constructor argument on Base. */
export const FLUID_NATIVE_TOKEN_MAX_BORROW_LIMIT_CAP = 50_000_000n * 10n ** 18n;

export const fluidMarkets: readonly FluidMarketPlan[] = [
  {
    protocol: "fluid",
    version: 1,
    contract: "fUsdc",
    underlying: "usdc",
    yieldTokenName: "Fluid USD Coin",
    yieldTokenSymbol: "fUSDC",
    inCatalog: true,
    supply: "60000000",
    demoBalance: "800",
    nativeUnderlying: false,
    lent: "usdc",
    supplyLimits: { expandPercent: 2_500n, expandDuration: 43_200n, baseWithdrawalLimit: "5000000" },
    vault: {
      contract: "fluidVaultWbtcUsdc",
      oracle: "fluidOracleWbtcUsdc",
      collateral: "wbtc",
      utilizationBps: 8_000n,
      borrowLtvBps: 6_000n,
      baseDebtCeiling: "60000000",
      maxDebtCeiling: "200000000",
    },
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fWeth",
    underlying: "weth",
    yieldTokenName: "Fluid Wrapped Ether",
    yieldTokenSymbol: "fWETH",
    inCatalog: true,
    supply: "9000",
    demoBalance: "0",
    nativeUnderlying: true,
    lent: "eth",
    // 20 %, as Ethereum's fWETH between its TVL checkpoints (deployments/mainnet/fToken_fWETH_LiquidityConfigHandler.json).
    supplyLimits: { expandPercent: 2_000n, expandDuration: 43_200n, baseWithdrawalLimit: "1500" },
    vault: {
      contract: "fluidVaultWbtcEth",
      oracle: "fluidOracleWbtcEth",
      collateral: "wbtc",
      utilizationBps: 7_500n,
      borrowLtvBps: 6_000n,
      baseDebtCeiling: "8000",
      maxDebtCeiling: "60000",
    },
  },
  {
    protocol: "fluid",
    version: 1,
    contract: "fEurc",
    underlying: "eurc",
    yieldTokenName: "Fluid EURC",
    yieldTokenSymbol: "fEURC",
    inCatalog: false,
    supply: "4000000",
    demoBalance: "150",
    nativeUnderlying: false,
    lent: "eurc",
    supplyLimits: { expandPercent: 2_500n, expandDuration: 43_200n, baseWithdrawalLimit: "5000000" },
    vault: {
      contract: "fluidVaultWbtcEurc",
      oracle: "fluidOracleWbtcEurc",
      collateral: "wbtc",
      utilizationBps: 6_000n,
      borrowLtvBps: 6_000n,
      baseDebtCeiling: "3000000",
      maxDebtCeiling: "30000000",
    },
  },
];

/** Decimals of a Liquidity-layer token (native ETH: 18). */
export const fluidTokenDecimals = (token: FluidLiquidityToken) =>
  token === "eth" ? 18 : devnetTokenOf(token).decimals;
/** USD price of a Liquidity-layer token, 8 decimals (native ETH: WETH's). */
export const fluidTokenPriceUsd8 = (token: FluidLiquidityToken) =>
  devnetTokenOf(token === "eth" ? "weth" : token).priceUsd8;

/** Underlying units of a market's supply or demo balance. */
export const fluidUnits = (market: FluidMarketPlan, field: "supply" | "demoBalance") =>
  units(market[field], fluidTokenDecimals(market.lent));

/** What the vault's borrower borrows: `utilizationBps` of the supplier's and demo wallet's supply. */
export const fluidBorrowAmount = (market: FluidMarketPlan) =>
  ((fluidUnits(market, "supply") + fluidUnits(market, "demoBalance")) * market.vault.utilizationBps) /
  10_000n;

/** WBTC the borrower posts: the borrow's USD value at `borrowLtvBps`, at the plan's prices, rounded up to a whole WBTC. */
export function fluidCollateralAmount(market: FluidMarketPlan): bigint {
  const wbtc = devnetTokenOf(market.vault.collateral);
  const borrowUsd8 =
    (fluidBorrowAmount(market) * fluidTokenPriceUsd8(market.lent)) /
    10n ** BigInt(fluidTokenDecimals(market.lent));
  const collateralUsd8 = (borrowUsd8 * 10_000n) / market.vault.borrowLtvBps;
  const unit = 10n ** BigInt(wbtc.decimals);
  const whole = (collateralUsd8 + wbtc.priceUsd8 - 1n) / wbtc.priceUsd8;
  return whole * unit;
}

/** Every name the Fluid deployment records in the manifest: fluidContracts, and each market's fToken, vault and oracle. */
export const fluidManifestNames: readonly string[] = [
  ...Object.values(fluidContracts),
  ...fluidMarkets.flatMap((m) => [m.contract, m.vault.contract, m.vault.oracle]),
];

/** fUSDC's LendingRewardsRateModel (plan/rewards.ts devnetFluidStream), started at deployment. */
export const fluidRewards = devnetFluidStream;
