import "server-only";
// ABI fragments of the contracts docs/data.md describes, parsed once.
import { parseAbi } from "viem";

/** Multicall3 (github.com/mds1/multicall), at the same address on every chain; the devnet places it there too. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;

export const aavePoolAbi = parseAbi([
  "struct ReserveConfigurationMap { uint256 data; }",
  "struct ReserveDataLegacy { ReserveConfigurationMap configuration; uint128 liquidityIndex; uint128 currentLiquidityRate; uint128 variableBorrowIndex; uint128 currentVariableBorrowRate; uint128 currentStableBorrowRate; uint40 lastUpdateTimestamp; uint16 id; address aTokenAddress; address stableDebtTokenAddress; address variableDebtTokenAddress; address interestRateStrategyAddress; uint128 accruedToTreasury; uint128 unbacked; uint128 isolationModeTotalDebt; }",
  "function getReserveData(address asset) view returns (ReserveDataLegacy)",
  "function getReservesList() view returns (address[])",
  // What a quote needs (aave-v3-origin v3.7 IPool): the virtual balance the rate strategy uses, the deficit, the income index now.
  "function getVirtualUnderlyingBalance(address asset) view returns (uint128)",
  "function getReserveDeficit(address asset) view returns (uint256)",
  "function getReserveNormalizedIncome(address asset) view returns (uint256)",
]);

// DefaultReserveInterestRateStrategyV2 (aave-v3-origin v3.7 IDefaultInterestRateStrategyV2): a reserve's curve in basis points.
export const aaveRateStrategyAbi = parseAbi([
  "struct InterestRateData { uint16 optimalUsageRatio; uint32 baseVariableBorrowRate; uint32 variableRateSlope1; uint32 variableRateSlope2; }",
  "function getInterestRateDataBps(address reserve) view returns (InterestRateData)",
]);

// The aToken's scaled supply (IScaledBalanceToken), which ValidationLogic.validateSupply checks the supply cap against.
export const scaledBalanceTokenAbi = parseAbi(["function scaledTotalSupply() view returns (uint256)"]);

export const aaveOracleAbi = parseAbi([
  "function BASE_CURRENCY() view returns (address)",
  "function getAssetPrice(address asset) view returns (uint256)",
  "function getAssetsPrices(address[] assets) view returns (uint256[])",
  "function BASE_CURRENCY_UNIT() view returns (uint256)",
]);

export const erc20Abi = parseAbi([
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address account) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function symbol() view returns (string)",
]);

export const cometAbi = parseAbi([
  "function getUtilization() view returns (uint256)",
  "function getSupplyRate(uint256 utilization) view returns (uint64)",
  "function totalSupply() view returns (uint256)",
  "function baseToken() view returns (address)",
  "function baseTokenPriceFeed() view returns (address)",
  "function getPrice(address priceFeed) view returns (uint256)",
  "function isSupplyPaused() view returns (bool)",
  // The supply-rate curve and the borrows, for quotes (compound-finance/comet CometMainInterface, CometCore).
  "function totalBorrow() view returns (uint256)",
  "function supplyKink() view returns (uint256)",
  "function supplyPerSecondInterestRateBase() view returns (uint256)",
  "function supplyPerSecondInterestRateSlopeLow() view returns (uint256)",
  "function supplyPerSecondInterestRateSlopeHigh() view returns (uint256)",
]);

// A Chainlink-style feed's description ("WBTC / BTC"); Comet's ConstantPriceFeed answers "Constant price feed".
export const priceFeedAbi = parseAbi(["function description() view returns (string)"]);

export const erc4626Abi = parseAbi([
  "function asset() view returns (address)",
  "function totalAssets() view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function symbol() view returns (string)",
  "function maxDeposit(address receiver) view returns (uint256)",
]);

export const fluidLendingResolverAbi = parseAbi(["function getAllFTokens() view returns (address[])"]);

// fTokenNativeUnderlying (Instadapp/fluid-contracts-public contracts/protocols/lending/fToken/
// nativeUnderlying): an fToken that lends native ETH answers this; a plain fToken reverts.
export const fluidNativeUnderlyingAbi = parseAbi(["function NATIVE_TOKEN_ADDRESS() view returns (address)"]);

// Morpho Vault V2 (morpho-org/vault-v2 src/interfaces/IVaultV2.sol) and its adapters (IAdapter.sol,
// adapters/interfaces/IMorphoVaultV1Adapter.sol): which adapters it has, and for each what it holds
// (realAssets) and, for a MorphoVaultV1Adapter, the MetaMorpho vault it holds shares of.
export const vaultV2Abi = parseAbi([
  "function adaptersLength() view returns (uint256)",
  "function adapters(uint256 index) view returns (address)",
]);
export const vaultV2AdapterAbi = parseAbi([
  "function realAssets() view returns (uint256)",
  "function morphoVaultV1() view returns (address)",
]);

// MetaMorpho (Vault V1) and the Morpho Blue singleton and IRM reads of recipe A (docs/data.md, Morpho).
export const metaMorphoAbi = parseAbi([
  "function MORPHO() view returns (address)",
  "function fee() view returns (uint96)",
  "function withdrawQueueLength() view returns (uint256)",
  "function withdrawQueue(uint256) view returns (bytes32)",
  // The supply queue and caps a deposit walks (morpho-org/metamorpho IMetaMorpho), for quotes.
  "function supplyQueueLength() view returns (uint256)",
  "function supplyQueue(uint256) view returns (bytes32)",
  "function config(bytes32) view returns (uint184 cap, bool enabled, uint64 removableAt)",
]);

export const morphoBlueAbi = parseAbi([
  "function market(bytes32 id) view returns (uint128 totalSupplyAssets, uint128 totalSupplyShares, uint128 totalBorrowAssets, uint128 totalBorrowShares, uint128 lastUpdate, uint128 fee)",
  "function idToMarketParams(bytes32 id) view returns (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv)",
  "function position(bytes32 id, address user) view returns (uint256 supplyShares, uint128 borrowShares, uint128 collateral)",
]);

export const morphoIrmAbi = parseAbi([
  // AdaptiveCurveIrm's stored rate at target per market (morpho-blue-irm IAdaptiveCurveIrm).
  "function rateAtTarget(bytes32 id) view returns (int256)",
  "function borrowRateView((address loanToken, address collateralToken, address oracle, address irm, uint256 lltv) marketParams, (uint128 totalSupplyAssets, uint128 totalSupplyShares, uint128 totalBorrowAssets, uint128 totalBorrowShares, uint128 lastUpdate, uint128 fee) market) view returns (uint256)",
]);

// Fluid's LiquidityResolver (docs/data.md, Fluid): the Liquidity layer's rates per underlying token,
// and what a supplier (an fToken) can withdraw of it (Instadapp/fluid-contracts-public
// contracts/periphery/resolvers/liquidity/structs.sol and iLiquidityResolver.sol).
export const fluidLiquidityResolverAbi = parseAbi([
  "struct RateDataV1Params { address token; uint256 kink; uint256 rateAtUtilizationZero; uint256 rateAtUtilizationKink; uint256 rateAtUtilizationMax; }",
  "struct RateDataV2Params { address token; uint256 kink1; uint256 kink2; uint256 rateAtUtilizationZero; uint256 rateAtUtilizationKink1; uint256 rateAtUtilizationKink2; uint256 rateAtUtilizationMax; }",
  "struct RateData { uint256 version; RateDataV1Params rateDataV1; RateDataV2Params rateDataV2; }",
  "struct OverallTokenData { uint256 borrowRate; uint256 supplyRate; uint256 fee; uint256 lastStoredUtilization; uint256 storageUpdateThreshold; uint256 lastUpdateTimestamp; uint256 supplyExchangePrice; uint256 borrowExchangePrice; uint256 supplyRawInterest; uint256 supplyInterestFree; uint256 borrowRawInterest; uint256 borrowInterestFree; uint256 totalSupply; uint256 totalBorrow; uint256 revenue; uint256 maxUtilization; RateData rateData; }",
  "struct UserSupplyData { bool modeWithInterest; uint256 supply; uint256 withdrawalLimit; uint256 lastUpdateTimestamp; uint256 expandPercent; uint256 expandDuration; uint256 baseWithdrawalLimit; uint256 withdrawableUntilLimit; uint256 withdrawable; uint256 decayEndTimestamp; uint256 decayAmount; }",
  "function getOverallTokenData(address token_) view returns (OverallTokenData overallTokenData_)",
  "function getUserSupplyData(address user_, address token_) view returns (UserSupplyData userSupplyData_, OverallTokenData overallTokenData_)",
  // The raw exchangePricesAndConfig slot: its stored exchange prices, utilization and ratios (quotes).
  "function getExchangePricesAndConfig(address token_) view returns (uint256)",
]);

export const multicall3Abi = parseAbi([
  "function getCurrentBlockTimestamp() view returns (uint256 timestamp)",
]);
