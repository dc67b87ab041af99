// The local chain's Aave v3 (aave-dao/aave-v3-origin v3.7, devnet/builds/aave-v3.mjs): two pools as
// on Ethereum, Core and Prime, each with its own addresses provider, ACL manager, configurator, rate
// strategy and oracle; their reserves configured as real Base and Ethereum reserves of the same asset;
// and who holds and borrows what. Rates are not set: they come out of the pool's
// DefaultReserveInterestRateStrategyV2 at the utilization the borrowers below create.
import type { DevnetToken } from "./tokens";
import { devnetTokenOf, units } from "./tokens";

/**
 * Where each reserve's parameters come from: the reserve snapshots (pool configuration, caps, rate
 * strategy) that BGD Labs' v3.7 upgrade simulation recorded of the live pools
 * (github.com/bgd-labs/protocol-v3.7-upgrade, commit 2682b81f, reports/<chain>_<pool>_after.json).
 */
export const aaveParameterSources = {
  baseCore:
    "Aave v3 Base (pool 0xA238Dd80C259a72e81d7e4664a9801593F98d1c5): bgd-labs/protocol-v3.7-upgrade@2682b81f reports/8453_0xA238Dd80C259a72e81d7e4664a9801593F98d1c5_after.json",
  ethereumCore:
    "Aave v3 Ethereum Core (pool 0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2): bgd-labs/protocol-v3.7-upgrade@2682b81f reports/1_0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2_after.json",
  ethereumPrime:
    "Aave v3 Ethereum Prime (pool 0x4e033931ad43597d96D6bcc25c280717730B58B1): bgd-labs/protocol-v3.7-upgrade@2682b81f reports/1_0x4e033931ad43597d96D6bcc25c280717730B58B1_after.json",
} as const;

/** The contracts one pool's deployment records, by their manifest names. */
export interface AavePoolContracts {
  addressesProvider: string;
  aclManager: string;
  interestRateStrategy: string;
  poolImpl: string;
  /** The Pool proxy the addresses provider creates: the sync's "pool". */
  pool: string;
  /** The PoolConfigurator proxy the addresses provider creates. */
  configurator: string;
  oracle: string;
  aTokenImpl: string;
  variableDebtTokenImpl: string;
}

export interface AavePoolPlan {
  name: "Core" | "Prime";
  /** PoolAddressesProvider's market id. */
  marketId: string;
  contracts: AavePoolContracts;
}

export const aavePools = [
  {
    name: "Core",
    marketId: "Aave Local Market",
    contracts: {
      addressesProvider: "aaveAddressesProvider",
      aclManager: "aaveAclManager",
      interestRateStrategy: "aaveInterestRateStrategy",
      poolImpl: "aavePoolImpl",
      pool: "aavePool",
      configurator: "aavePoolConfigurator",
      oracle: "aaveOracle",
      aTokenImpl: "aaveATokenImpl",
      variableDebtTokenImpl: "aaveVariableDebtTokenImpl",
    },
  },
  {
    name: "Prime",
    marketId: "Aave Local Prime Market",
    contracts: {
      addressesProvider: "aavePrimeAddressesProvider",
      aclManager: "aavePrimeAclManager",
      interestRateStrategy: "aavePrimeInterestRateStrategy",
      poolImpl: "aavePrimePoolImpl",
      pool: "aavePrimePool",
      configurator: "aavePrimePoolConfigurator",
      oracle: "aavePrimeOracle",
      aTokenImpl: "aavePrimeATokenImpl",
      variableDebtTokenImpl: "aavePrimeVariableDebtTokenImpl",
    },
  },
] as const satisfies readonly AavePoolPlan[];
export type AavePoolName = (typeof aavePools)[number]["name"];
export const aavePoolOf = (name: AavePoolName) => aavePools.find((p) => p.name === name)!;

/** Contracts both pools share: the Pool's linked libraries, one configurator implementation, the rewards. */
export const aaveSharedContracts = {
  /** PoolConfiguratorInstance: no constructor arguments, so one implementation serves both proxies. */
  configuratorImpl: "aavePoolConfiguratorImpl",
  /** Aave's RewardsController: every aToken's and variable debt token's incentives controller. */
  rewardsController: "aaveRewardsController",
  /** PullRewardsTransferStrategy: pays claims of the AAVE stream from the deployer's AAVE. */
  transferStrategy: "aaveTransferStrategy",
  libraries: {
    SupplyLogic: "aaveSupplyLogic",
    BorrowLogic: "aaveBorrowLogic",
    LiquidationLogic: "aaveLiquidationLogic",
    FlashLoanLogic: "aaveFlashLoanLogic",
    PoolLogic: "aavePoolLogic",
  },
} as const;

/**
 * A reserve's risk and rate parameters, as the configurator takes them: basis points (10,000 = 100 %)
 * and caps in whole tokens. `rate` is DefaultReserveInterestRateStrategyV2's InterestRateData.
 */
export interface AaveReserveConfig {
  /** 0: not a collateral (configureReserveAsCollateral is not called). */
  ltv: number;
  liquidationThreshold: number;
  liquidationBonus: number;
  liquidationProtocolFee: number;
  reserveFactor: number;
  supplyCap: bigint;
  borrowCap: bigint;
  rate: {
    optimalUsageRatio: number;
    baseVariableBorrowRate: number;
    variableRateSlope1: number;
    variableRateSlope2: number;
  };
  /** The live reserve these parameters are copied from (aaveParameterSources). */
  source: string;
}

export interface AaveMarket {
  protocol: "aave";
  version: 3;
  /** The aToken's manifest name. */
  contract: "aUsdc" | "aWeth" | "aEurc" | "aWbtc" | "aPrimeUsdc" | "aPrimeWeth";
  pool: AavePoolName;
  underlying: DevnetToken["contract"];
  yieldTokenName: string;
  yieldTokenSymbol: string;
  variableDebtTokenName: string;
  variableDebtTokenSymbol: string;
  /** Listed in the static catalog; unlisted markets are found by the sync's discovery. */
  inCatalog: boolean;
  /**
   * Underlying units supplied by everyone but the demo wallet: the borrowers' collateral in this
   * reserve (aaveBorrowers) and the supplier's deposit, which is the rest.
   */
  supply: string;
  /** Underlying units the demo wallet supplies; "0" for none. */
  demoBalance: string;
  reserve: AaveReserveConfig;
}

const S = aaveParameterSources;

export const aaveMarkets: readonly AaveMarket[] = [
  {
    protocol: "aave",
    version: 3,
    contract: "aUsdc",
    pool: "Core",
    underlying: "usdc",
    yieldTokenName: "Aave Local USDC",
    yieldTokenSymbol: "aLocUSDC",
    variableDebtTokenName: "Aave Local Variable Debt USDC",
    variableDebtTokenSymbol: "variableDebtLocUSDC",
    inCatalog: true,
    supply: "250000000",
    demoBalance: "2500.123456",
    reserve: {
      ltv: 7500,
      liquidationThreshold: 7800,
      liquidationBonus: 10500,
      liquidationProtocolFee: 1000,
      reserveFactor: 1000,
      supplyCap: 527_100_000n,
      borrowCap: 485_000_000n,
      rate: {
        optimalUsageRatio: 9000,
        baseVariableBorrowRate: 175,
        variableRateSlope1: 525,
        variableRateSlope2: 1000,
      },
      source: `${S.baseCore}, USDC`,
    },
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWeth",
    pool: "Core",
    underlying: "weth",
    yieldTokenName: "Aave Local WETH",
    yieldTokenSymbol: "aLocWETH",
    variableDebtTokenName: "Aave Local Variable Debt WETH",
    variableDebtTokenSymbol: "variableDebtLocWETH",
    inCatalog: true,
    supply: "120000",
    demoBalance: "1.5",
    reserve: {
      ltv: 8000,
      liquidationThreshold: 8300,
      liquidationBonus: 10500,
      liquidationProtocolFee: 1000,
      reserveFactor: 1500,
      supplyCap: 169_000n,
      borrowCap: 143_000n,
      rate: {
        optimalUsageRatio: 9000,
        baseVariableBorrowRate: 0,
        variableRateSlope1: 250,
        variableRateSlope2: 800,
      },
      source: `${S.baseCore}, WETH`,
    },
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aEurc",
    pool: "Core",
    underlying: "eurc",
    yieldTokenName: "Aave Local EURC",
    yieldTokenSymbol: "aLocEURC",
    variableDebtTokenName: "Aave Local Variable Debt EURC",
    variableDebtTokenSymbol: "variableDebtLocEURC",
    inCatalog: true,
    supply: "30000000",
    demoBalance: "0",
    reserve: {
      ltv: 7500,
      liquidationThreshold: 7800,
      liquidationBonus: 10500,
      liquidationProtocolFee: 1000,
      reserveFactor: 1000,
      supplyCap: 35_830_000n,
      borrowCap: 30_997_766n,
      rate: {
        optimalUsageRatio: 9000,
        baseVariableBorrowRate: 0,
        variableRateSlope1: 800,
        variableRateSlope2: 4000,
      },
      source: `${S.baseCore}, EURC`,
    },
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aWbtc",
    pool: "Core",
    underlying: "wbtc",
    yieldTokenName: "Aave Local WBTC",
    yieldTokenSymbol: "aLocWBTC",
    variableDebtTokenName: "Aave Local Variable Debt WBTC",
    variableDebtTokenSymbol: "variableDebtLocWBTC",
    inCatalog: false,
    supply: "2000",
    demoBalance: "0",
    // Base lists no WBTC (its BTC is cbBTC): Ethereum Core's WBTC reserve.
    reserve: {
      ltv: 7300,
      liquidationThreshold: 7800,
      liquidationBonus: 10500,
      liquidationProtocolFee: 1000,
      reserveFactor: 5000,
      supplyCap: 49_875n,
      borrowCap: 28_000n,
      rate: {
        optimalUsageRatio: 8000,
        baseVariableBorrowRate: 25,
        variableRateSlope1: 400,
        variableRateSlope2: 30000,
      },
      source: `${S.ethereumCore}, WBTC`,
    },
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeUsdc",
    pool: "Prime",
    underlying: "usdc",
    yieldTokenName: "Aave Local Prime USDC",
    yieldTokenSymbol: "aLocPrimeUSDC",
    variableDebtTokenName: "Aave Local Prime Variable Debt USDC",
    variableDebtTokenSymbol: "variableDebtLocPrimeUSDC",
    inCatalog: false,
    // 25 M (the mock's plan had 40 M): under the real reserve's supply cap of 30 M.
    supply: "25000000",
    demoBalance: "0",
    // Not a collateral on Prime (LTV and liquidation threshold 0).
    reserve: {
      ltv: 0,
      liquidationThreshold: 0,
      liquidationBonus: 0,
      liquidationProtocolFee: 0,
      reserveFactor: 1000,
      supplyCap: 30_000_000n,
      borrowCap: 27_600_000n,
      rate: {
        optimalUsageRatio: 9200,
        baseVariableBorrowRate: 0,
        variableRateSlope1: 550,
        variableRateSlope2: 3500,
      },
      source: `${S.ethereumPrime}, USDC`,
    },
  },
  {
    protocol: "aave",
    version: 3,
    contract: "aPrimeWeth",
    pool: "Prime",
    underlying: "weth",
    yieldTokenName: "Aave Local Prime WETH",
    yieldTokenSymbol: "aLocPrimeWETH",
    variableDebtTokenName: "Aave Local Prime Variable Debt WETH",
    variableDebtTokenSymbol: "variableDebtLocPrimeWETH",
    inCatalog: false,
    supply: "20000",
    demoBalance: "0",
    reserve: {
      ltv: 8400,
      liquidationThreshold: 8500,
      liquidationBonus: 10500,
      liquidationProtocolFee: 1000,
      reserveFactor: 1500,
      supplyCap: 900_000n,
      borrowCap: 810_000n,
      rate: {
        optimalUsageRatio: 9200,
        baseVariableBorrowRate: 0,
        variableRateSlope1: 225,
        variableRateSlope2: 800,
      },
      source: `${S.ethereumPrime}, WETH`,
    },
  },
];

export const aaveMarketOf = (contract: AaveMarket["contract"]) =>
  aaveMarkets.find((m) => m.contract === contract)!;
export const aaveMarketsOf = (pool: AavePoolName) => aaveMarkets.filter((m) => m.pool === pool);
/** The variable debt token's manifest name ("aUsdcVariableDebt"). */
export const aaveVariableDebtName = (m: AaveMarket) => `${m.contract}VariableDebt`;
export const aaveUnits = (m: AaveMarket, amount: string) =>
  units(amount, devnetTokenOf(m.underlying).decimals);

/**
 * The local accounts that borrow (plan/accounts.ts devnetRoleAccount), each posting collateral in a
 * reserve (part of that reserve's `supply`) and borrowing. Their debts make the reserves'
 * utilization: Core USDC 85 %, WETH 40 %, EURC 70 %, WBTC 20 %; Prime USDC 90 %, WETH 30 %. At the
 * plan's prices each position's health factor is about 1.2.
 */
export interface AaveBorrowerPlan {
  role: string;
  collateral: readonly { market: AaveMarket["contract"]; amount: string }[];
  borrows: readonly { market: AaveMarket["contract"]; amount: string }[];
}

export const aaveBorrowers: readonly AaveBorrowerPlan[] = [
  {
    // $341 M of WETH for $235 M of stablecoins.
    role: "aave borrower 1",
    collateral: [{ market: "aWeth", amount: "100000" }],
    borrows: [
      { market: "aUsdc", amount: "212500000" },
      { market: "aEurc", amount: "21000000" },
    ],
  },
  {
    // $156 M of WBTC and $150 M of USDC for $164 M of WETH and $39 M of WBTC.
    role: "aave borrower 2",
    collateral: [
      { market: "aWbtc", amount: "1600" },
      { market: "aUsdc", amount: "150000000" },
    ],
    borrows: [
      { market: "aWeth", amount: "48000" },
      { market: "aWbtc", amount: "400" },
    ],
  },
  {
    // Prime's only collateral among the local chain's tokens is WETH: $61 M of it for $43 M.
    role: "aave prime borrower",
    collateral: [{ market: "aPrimeWeth", amount: "18000" }],
    borrows: [
      { market: "aPrimeUsdc", amount: "22500000" },
      { market: "aPrimeWeth", amount: "6000" },
    ],
  },
];

/** The account that supplies the rest of each reserve's `supply`. */
export const AAVE_SUPPLIER = "aave supplier";
/** The account that deploys and administers both pools (pool admin, emission manager, rewards vault). */
export const AAVE_DEPLOYER = "aave deployer";
/** The account the aTokens name as treasury (reserve factor income); it never sends. */
export const AAVE_TREASURY = "aave treasury";

/** What the supplier supplies to `m`: its supply less the borrowers' collateral there. */
export function aaveSupplierAmount(m: AaveMarket): bigint {
  const collateral = aaveBorrowers
    .flatMap((b) => b.collateral)
    .filter((c) => c.market === m.contract)
    .reduce((sum, c) => sum + aaveUnits(m, c.amount), 0n);
  return aaveUnits(m, m.supply) - collateral;
}
