// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Contracts for the local chain that answer the read functions of Aave v3, Compound v3, MetaMorpho
// and Fluid with the real ABIs (docs/data.md). State is set by the deployer, so tests
// know every rate and supply they read. Writes beyond what the devnet needs are left out.

import "./GrowingVault.sol";

abstract contract Owned is Administered {
    address public immutable owner;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        _checkAdmin();
        _;
    }

    function _checkAdmin() internal view override {
        require(msg.sender == owner, "not owner");
    }
}

contract MockERC20 is Owned {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @notice What the markets below need of a token they hold: its balances and a transfer out.
interface IERC20Held {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice An aToken: balances are in underlying units (interest included on the real one). It holds
/// the reserve's underlying that is not lent out: what suppliers can withdraw now. Its incentives
/// controller is Aave's RewardsController (vendor/aave-v3-periphery), which reads the scaled supply
/// (IScaledBalanceToken): the mock pool's liquidity index stays 1 ray, so scaled balances are the
/// balances.
contract MockAToken is MockERC20 {
    address public immutable UNDERLYING_ASSET_ADDRESS;
    address internal incentivesController;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address underlying)
        MockERC20(name_, symbol_, decimals_)
    {
        UNDERLYING_ASSET_ADDRESS = underlying;
    }

    /// @notice IncentivizedERC20.getIncentivesController; address(0) when the aToken pays no incentives.
    function getIncentivesController() external view returns (address) {
        return incentivesController;
    }

    /// @notice As the pool admin's setIncentivesController.
    function setIncentivesController(address controller) external onlyOwner {
        incentivesController = controller;
    }

    function scaledTotalSupply() external view returns (uint256) {
        return totalSupply;
    }

    function scaledBalanceOf(address user) external view returns (uint256) {
        return balanceOf[user];
    }

    function getScaledUserBalanceAndSupply(address user) external view returns (uint256, uint256) {
        return (balanceOf[user], totalSupply);
    }

    /// @notice AToken.transferUnderlyingTo, which the real Pool calls to pay out a borrow: here the
    /// owner lends the aToken's underlying to `target`.
    function transferUnderlyingTo(address target, uint256 amount) external onlyOwner {
        IERC20Held(UNDERLYING_ASSET_ADDRESS).transfer(target, amount);
    }
}

contract MockAaveOracle is Owned {
    /// @notice address(0): prices are in USD, as on every Aave v3 market the service reads.
    address public constant BASE_CURRENCY = address(0);
    uint256 public constant BASE_CURRENCY_UNIT = 1e8;
    mapping(address => uint256) internal prices;

    function setAssetPrice(address asset, uint256 price) external onlyOwner {
        prices[asset] = price;
    }

    function getAssetPrice(address asset) public view returns (uint256) {
        return prices[asset];
    }

    function getAssetsPrices(address[] calldata assets) external view returns (uint256[] memory result) {
        result = new uint256[](assets.length);
        for (uint256 i = 0; i < assets.length; i++) result[i] = prices[assets[i]];
    }
}

/// @notice Aave v3 Pool: getReserveData in the ReserveDataLegacy layout, getReservesList.
contract MockAavePool is Owned {
    struct ReserveConfigurationMap {
        uint256 data;
    }

    struct ReserveDataLegacy {
        ReserveConfigurationMap configuration;
        uint128 liquidityIndex;
        uint128 currentLiquidityRate;
        uint128 variableBorrowIndex;
        uint128 currentVariableBorrowRate;
        uint128 currentStableBorrowRate;
        uint40 lastUpdateTimestamp;
        uint16 id;
        address aTokenAddress;
        address stableDebtTokenAddress;
        address variableDebtTokenAddress;
        address interestRateStrategyAddress;
        uint128 accruedToTreasury;
        uint128 unbacked;
        uint128 isolationModeTotalDebt;
    }

    mapping(address => ReserveDataLegacy) internal reserves;
    address[] internal reservesList;

    function initReserve(address asset, address aToken, uint256 configuration, uint128 liquidityRate) external onlyOwner {
        require(reserves[asset].aTokenAddress == address(0), "reserve exists");
        ReserveDataLegacy storage r = reserves[asset];
        r.configuration = ReserveConfigurationMap(configuration);
        r.liquidityIndex = 1e27;
        r.variableBorrowIndex = 1e27;
        r.currentLiquidityRate = liquidityRate;
        r.lastUpdateTimestamp = uint40(block.timestamp);
        r.id = uint16(reservesList.length);
        r.aTokenAddress = aToken;
        reservesList.push(asset);
    }

    function setLiquidityRate(address asset, uint128 liquidityRate) external onlyOwner {
        reserves[asset].currentLiquidityRate = liquidityRate;
        reserves[asset].lastUpdateTimestamp = uint40(block.timestamp);
    }

    function setConfiguration(address asset, uint256 configuration) external onlyOwner {
        reserves[asset].configuration = ReserveConfigurationMap(configuration);
    }

    function getReserveData(address asset) external view returns (ReserveDataLegacy memory) {
        return reserves[asset];
    }

    function getReservesList() external view returns (address[] memory) {
        return reservesList;
    }
}

/// @notice A Chainlink-style price feed (8 decimals), as Comet's price feeds are. Its description
/// names the pair ("WBTC / BTC"), or "Constant price feed" as Comet's ConstantPriceFeed does.
contract MockPriceFeed is Owned {
    uint8 public constant decimals = 8;
    string public description;
    int256 internal answer;

    constructor(int256 answer_, string memory description_) {
        answer = answer_;
        description = description_;
    }

    function setAnswer(int256 answer_) external onlyOwner {
        answer = answer_;
    }

    function latestAnswer() external view returns (int256) {
        return answer;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (1, answer, block.timestamp, block.timestamp, 1);
    }
}

interface IPriceFeed {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// @notice Compound III (Comet) base market: Comet's supply-rate curve and reads.
contract MockComet is Owned {
    uint64 internal constant FACTOR_SCALE = 1e18;

    address public immutable baseToken;
    address public immutable baseTokenPriceFeed;
    uint8 public immutable decimals;
    uint64 public immutable supplyKink;
    uint64 public immutable supplyPerSecondInterestRateSlopeLow;
    uint64 public immutable supplyPerSecondInterestRateSlopeHigh;
    uint64 public immutable supplyPerSecondInterestRateBase;

    uint256 public totalSupply;
    uint256 public totalBorrow;
    mapping(address => uint256) public balanceOf;

    /// @notice Reward tracking (Comet.sol): every deployment's configuration.json sets indexScale 1e15;
    /// CometCore's BASE_ACCRUAL_SCALE (1e6) is what CometExt.baseAccrualScale() answers.
    uint256 public constant trackingIndexScale = 1e15;
    uint64 public constant baseAccrualScale = 1e6;
    uint256 public immutable baseScale;
    /// Immutable on the real Comet (a new implementation changes them); set by the deployer here.
    uint256 public baseTrackingSupplySpeed;
    uint256 public baseTrackingBorrowSpeed;
    uint256 public baseMinForRewards;

    struct AssetInfo {
        uint8 offset;
        address asset;
        address priceFeed;
        uint64 scale;
        uint64 borrowCollateralFactor;
        uint64 liquidateCollateralFactor;
        uint64 liquidationFactor;
        uint128 supplyCap;
    }

    struct TotalsBasic {
        uint64 baseSupplyIndex;
        uint64 baseBorrowIndex;
        uint64 trackingSupplyIndex;
        uint64 trackingBorrowIndex;
        uint104 totalSupplyBase;
        uint104 totalBorrowBase;
        uint40 lastAccrualTime;
        uint8 pauseFlags;
    }

    error BadAsset();

    AssetInfo[] internal assets;

    constructor(
        address baseToken_,
        address priceFeed,
        uint8 decimals_,
        uint64 kink,
        uint64 slopeLow,
        uint64 slopeHigh,
        uint64 base
    ) {
        baseToken = baseToken_;
        baseTokenPriceFeed = priceFeed;
        decimals = decimals_;
        supplyKink = kink;
        supplyPerSecondInterestRateSlopeLow = slopeLow;
        supplyPerSecondInterestRateSlopeHigh = slopeHigh;
        supplyPerSecondInterestRateBase = base;
        baseScale = 10 ** decimals_;
    }

    function setRewardTracking(uint256 supplySpeed, uint256 borrowSpeed, uint256 minForRewards) external onlyOwner {
        baseTrackingSupplySpeed = supplySpeed;
        baseTrackingBorrowSpeed = borrowSpeed;
        baseMinForRewards = minForRewards;
    }

    /// @notice Lists a collateral asset with its price feed (in the Comet's price unit, as every feed of a Comet).
    function addAsset(address asset, address priceFeed, uint8 assetDecimals) external onlyOwner {
        assets.push(AssetInfo(uint8(assets.length), asset, priceFeed, uint64(10 ** assetDecimals), 0, 0, 0, 0));
    }

    function numAssets() external view returns (uint8) {
        return uint8(assets.length);
    }

    function getAssetInfo(uint8 i) external view returns (AssetInfo memory) {
        if (i >= assets.length) revert BadAsset();
        return assets[i];
    }

    function getAssetInfoByAddress(address asset) external view returns (AssetInfo memory) {
        for (uint256 i = 0; i < assets.length; i++) if (assets[i].asset == asset) return assets[i];
        revert BadAsset();
    }

    /// @notice The supply index stays 1 here, so the principal is the supply.
    function totalsBasic() external view returns (TotalsBasic memory totals) {
        totals.baseSupplyIndex = 1e15;
        totals.baseBorrowIndex = 1e15;
        totals.totalSupplyBase = uint104(totalSupply);
        totals.totalBorrowBase = uint104(totalBorrow);
        totals.lastAccrualTime = uint40(block.timestamp);
    }

    function setSupply(address account, uint256 amount) external onlyOwner {
        totalSupply = totalSupply - balanceOf[account] + amount;
        balanceOf[account] = amount;
    }

    function setTotalBorrow(uint256 amount) external onlyOwner {
        totalBorrow = amount;
    }

    /// @notice A borrow of `amount` of the base token, paid out of the base the Comet holds (on the
    /// real Comet a borrower withdraws it against collateral).
    function lend(address borrower, uint256 amount) external onlyOwner {
        totalBorrow += amount;
        IERC20Held(baseToken).transfer(borrower, amount);
    }

    function getUtilization() public view returns (uint256) {
        if (totalSupply == 0) return 0;
        return (totalBorrow * FACTOR_SCALE) / totalSupply;
    }

    function getSupplyRate(uint256 utilization) public view returns (uint64) {
        uint256 base = supplyPerSecondInterestRateBase;
        if (utilization <= supplyKink) {
            return uint64(base + (uint256(supplyPerSecondInterestRateSlopeLow) * utilization) / FACTOR_SCALE);
        }
        return uint64(
            base + (uint256(supplyPerSecondInterestRateSlopeLow) * supplyKink) / FACTOR_SCALE
                + (uint256(supplyPerSecondInterestRateSlopeHigh) * (utilization - supplyKink)) / FACTOR_SCALE
        );
    }

    function getPrice(address priceFeed) public view returns (uint256) {
        (, int256 price,,,) = IPriceFeed(priceFeed).latestRoundData();
        require(price > 0, "bad price");
        return uint256(price);
    }
}

/// @notice An ERC-4626 vault (a MetaMorpho vault or a Fluid fToken) whose assets grow at a fixed
/// per-second rate (GrowingVault.sol), the deployer booking its deposits.
contract MockERC4626Vault is Owned, GrowingVault {
    constructor(string memory name_, string memory symbol_, address asset_, uint8 assetDecimals, uint8 offset, uint256 rate)
        GrowingVault(name_, symbol_, asset_, assetDecimals + offset, offset, rate)
    {}

    function previewRedeem(uint256 shares) external view returns (uint256) {
        return convertToAssets(shares);
    }
}

interface IFluidRewardsRateModel {
    function getRate(uint256 totalAssets) external view returns (uint256 rate, bool ended, uint256 startTime);
}

/// @notice A MetaMorpho (Vault V1) vault: the ERC-4626 vault above plus the reads its rate comes from.
contract MockMetaMorphoVault is MockERC4626Vault, MetaMorphoReads {
    constructor(
        string memory name_,
        string memory symbol_,
        address asset_,
        uint8 assetDecimals,
        uint8 offset,
        uint256 rate,
        address morpho,
        uint96 fee_
    ) MockERC4626Vault(name_, symbol_, asset_, assetDecimals, offset, rate) MetaMorphoReads(morpho, fee_) {}

    function maxWithdraw(address owner_) external view returns (uint256) {
        return _maxWithdrawFromMarkets(convertToAssets(balanceOf[owner_]));
    }
}

struct MarketParams {
    address loanToken;
    address collateralToken;
    address oracle;
    address irm;
    uint256 lltv;
}

struct Market {
    uint128 totalSupplyAssets;
    uint128 totalSupplyShares;
    uint128 totalBorrowAssets;
    uint128 totalBorrowShares;
    uint128 lastUpdate;
    uint128 fee;
}

struct Position {
    uint256 supplyShares;
    uint128 borrowShares;
    uint128 collateral;
}

/// @notice The Morpho Blue singleton's reads (IMorpho.sol): markets by id, their parameters and
/// each supplier's shares. The devnet copies its code to Morpho Blue's real address.
contract MockMorphoBlue is Owned {
    mapping(bytes32 => Market) public market;
    mapping(bytes32 => MarketParams) public idToMarketParams;
    mapping(bytes32 => mapping(address => Position)) public position;

    /// @notice Lists a market with its totals; its id is keccak256(abi.encode(params)), as Morpho's.
    function createMarket(MarketParams calldata params, Market calldata state) external onlyOwner returns (bytes32 id) {
        id = keccak256(abi.encode(params));
        idToMarketParams[id] = params;
        market[id] = state;
    }

    function setSupplyShares(bytes32 id, address supplier, uint256 shares) external onlyOwner {
        position[id][supplier].supplyShares = shares;
    }

    /// @notice A borrow of `assets` from market `id` (shares at the market's own rate), refused beyond
    /// the market's free liquidity as Morpho's InsufficientLiquidity check refuses it.
    function borrow(bytes32 id, uint256 assets) external onlyOwner {
        Market storage m = market[id];
        uint256 shares = m.totalBorrowAssets == 0 ? assets * 1e6 : (assets * m.totalBorrowShares) / m.totalBorrowAssets;
        m.totalBorrowAssets += uint128(assets);
        m.totalBorrowShares += uint128(shares);
        require(m.totalBorrowAssets <= m.totalSupplyAssets, "insufficient liquidity");
    }
}

/// @notice An interest rate model (IIrm.sol) answering a set per-second borrow rate per market.
contract MockIrm is Owned {
    mapping(bytes32 => uint256) internal borrowRate;

    function setBorrowRate(bytes32 id, uint256 ratePerSecond) external onlyOwner {
        borrowRate[id] = ratePerSecond;
    }

    function borrowRateView(MarketParams calldata params, Market calldata) external view returns (uint256) {
        return borrowRate[keccak256(abi.encode(params))];
    }
}

interface IVaultAssets {
    function totalAssets() external view returns (uint256);
}

/// @notice Fluid's LiquidityResolver (resolvers/liquidity/structs.sol): the Liquidity layer's rates
/// per token. Only supplyRate (1e2 precision: 100 = 1 %) and the figures beside it are set. It also
/// plays the Liquidity layer's state that withdrawals depend on: which fToken supplies which token
/// (its supply is all its assets, its withdrawal limit fully expanded), and the layer's balance of
/// each token, which borrowers draw down.
contract MockFluidLiquidityResolver is Owned {
    struct RateDataV1Params {
        address token;
        uint256 kink;
        uint256 rateAtUtilizationZero;
        uint256 rateAtUtilizationKink;
        uint256 rateAtUtilizationMax;
    }

    struct RateDataV2Params {
        address token;
        uint256 kink1;
        uint256 kink2;
        uint256 rateAtUtilizationZero;
        uint256 rateAtUtilizationKink1;
        uint256 rateAtUtilizationKink2;
        uint256 rateAtUtilizationMax;
    }

    struct RateData {
        uint256 version;
        RateDataV1Params rateDataV1;
        RateDataV2Params rateDataV2;
    }

    struct OverallTokenData {
        uint256 borrowRate;
        uint256 supplyRate;
        uint256 fee;
        uint256 lastStoredUtilization;
        uint256 storageUpdateThreshold;
        uint256 lastUpdateTimestamp;
        uint256 supplyExchangePrice;
        uint256 borrowExchangePrice;
        uint256 supplyRawInterest;
        uint256 supplyInterestFree;
        uint256 borrowRawInterest;
        uint256 borrowInterestFree;
        uint256 totalSupply;
        uint256 totalBorrow;
        uint256 revenue;
        uint256 maxUtilization;
        RateData rateData;
    }

    struct UserSupplyData {
        bool modeWithInterest;
        uint256 supply;
        uint256 withdrawalLimit;
        uint256 lastUpdateTimestamp;
        uint256 expandPercent;
        uint256 expandDuration;
        uint256 baseWithdrawalLimit;
        uint256 withdrawableUntilLimit;
        uint256 withdrawable;
    }

    mapping(address => uint256) internal supplyRate;
    mapping(address => mapping(address => bool)) internal supplies;
    /// @notice The Liquidity layer's balance of each token: what withdrawals can be paid out of.
    mapping(address => uint256) public liquidityBalance;

    function setSupplyRate(address token, uint256 rate) external onlyOwner {
        supplyRate[token] = rate;
    }

    /// @notice `user` (an fToken) supplies `token` at the Liquidity layer.
    function setSupplier(address user, address token) external onlyOwner {
        supplies[user][token] = true;
    }

    function setLiquidityBalance(address token, uint256 balance) external onlyOwner {
        liquidityBalance[token] = balance;
    }

    /// @notice As the real resolver: `withdrawable` is the supply above the withdrawal limit, at most the
    /// layer's balance of the token; a user that does not supply the token answers zeros.
    function getUserSupplyData(address user_, address token_)
        external
        view
        returns (UserSupplyData memory userSupplyData_, OverallTokenData memory overallTokenData_)
    {
        overallTokenData_ = getOverallTokenData(token_);
        if (!supplies[user_][token_]) return (userSupplyData_, overallTokenData_);
        userSupplyData_.modeWithInterest = true;
        userSupplyData_.supply = IVaultAssets(user_).totalAssets();
        userSupplyData_.lastUpdateTimestamp = block.timestamp;
        userSupplyData_.withdrawableUntilLimit = userSupplyData_.supply;
        uint256 balance = liquidityBalance[token_];
        userSupplyData_.withdrawable = balance < userSupplyData_.supply ? balance : userSupplyData_.supply;
    }

    /// @notice A token the Liquidity layer does not hold (WETH, whose fToken lends native ETH) answers
    /// zeros, supplyRate included, as the real resolver does.
    function getOverallTokenData(address token_) public view returns (OverallTokenData memory data) {
        if (supplyRate[token_] == 0) return data;
        data.supplyRate = supplyRate[token_];
        data.borrowRate = (supplyRate[token_] * 10_000) / 8_000; // 80 % utilization, no fee
        data.lastStoredUtilization = 8_000;
        data.lastUpdateTimestamp = block.timestamp;
        data.supplyExchangePrice = 1e12;
        data.borrowExchangePrice = 1e12;
        data.maxUtilization = 10_000;
        data.rateData.version = 1;
        data.rateData.rateDataV1.token = token_;
    }
}

/// @notice Fluid's LendingResolver: the list of fTokens, which discovery reads.
contract MockFluidLendingResolver is Owned {
    address[] internal fTokens;

    function addFToken(address fToken) external onlyOwner {
        fTokens.push(fToken);
    }

    function getAllFTokens() external view returns (address[] memory) {
        return fTokens;
    }
}

/// @notice A Fluid fToken (fToken/main.sol): the ERC-4626 vault above, its getData() and the rewards
/// rate model its admins set. Its assets grow at the rate the plan gives it, the Liquidity layer's
/// supply rate plus the rewards rate it starts with, as a real fToken's exchange price does. getData's
/// contract addresses are zero and its prices are 1e12 per share unit. Withdrawals are limited by the
/// Liquidity layer: maxWithdraw is fToken.maxWithdraw's, the owner's assets, at most what the fToken
/// can withdraw from Liquidity (read here through the resolver, which plays the layer's state).
contract MockFToken is MockERC4626Vault {
    MockFluidLiquidityResolver internal immutable liquidity;
    address internal immutable lentToken;
    address internal rewardsRateModel;
    bool internal rewardsActive;
    /// The LendingFactory's auths, who may set the rewards model (its startRewards does so itself).
    mapping(address => bool) public isAuth;

    constructor(
        string memory name_,
        string memory symbol_,
        address asset_,
        uint8 assetDecimals,
        uint8 offset,
        uint256 rate,
        MockFluidLiquidityResolver liquidity_,
        address lentToken_
    ) MockERC4626Vault(name_, symbol_, asset_, assetDecimals, offset, rate) {
        liquidity = liquidity_;
        lentToken = lentToken_;
    }

    function maxWithdraw(address owner_) external view returns (uint256) {
        (MockFluidLiquidityResolver.UserSupplyData memory supplied,) = liquidity.getUserSupplyData(address(this), lentToken);
        uint256 assets = convertToAssets(balanceOf[owner_]);
        return supplied.withdrawable < assets ? supplied.withdrawable : assets;
    }

    function setAuth(address auth, bool allowed) external onlyOwner {
        isAuth[auth] = allowed;
    }

    function updateRewards(address model) external {
        require(isAuth[msg.sender] || msg.sender == owner, "not auth");
        rewardsRateModel = model;
        rewardsActive = model != address(0);
    }

    /// @notice Nothing to bring up to date: the mock's exchange price is computed when read.
    function updateRates() external view returns (uint256 tokenExchangePrice, uint256 liquidityExchangePrice) {
        return (_tokenExchangePrice(), 1e12);
    }

    /// @notice As fToken.getData(): rewardsActive_ is false once the model says its rewards ended.
    function getData()
        external
        view
        returns (address, address, address, address, address, bool, uint256, uint256, uint256)
    {
        bool active = rewardsActive;
        if (active) {
            (,bool ended,) = IFluidRewardsRateModel(rewardsRateModel).getRate(totalAssets());
            active = !ended;
        }
        return (address(0), address(0), rewardsRateModel, address(0), address(0), active, totalAssets(), 1e12, _tokenExchangePrice());
    }

    function _tokenExchangePrice() internal view returns (uint256) {
        return totalSupply == 0 ? 1e12 : (totalAssets() * 1e12) / totalSupply;
    }
}

/// @notice An fToken over the chain's native token (fTokenNativeUnderlying.sol): its asset() is WETH,
/// but the Liquidity layer holds native ETH, which it lists under NATIVE_TOKEN_ADDRESS.
contract MockFTokenNativeUnderlying is MockFToken {
    address public constant NATIVE_TOKEN_ADDRESS = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    constructor(
        string memory name_,
        string memory symbol_,
        address asset_,
        uint8 assetDecimals,
        uint8 offset,
        uint256 rate,
        MockFluidLiquidityResolver liquidity_
    ) MockFToken(name_, symbol_, asset_, assetDecimals, offset, rate, liquidity_, NATIVE_TOKEN_ADDRESS) {}
}

interface IAdapter {
    function realAssets() external view returns (uint256);
}

interface IERC20Pull {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IERC4626Shares {
    function balanceOf(address account) external view returns (uint256);
    function previewRedeem(uint256 shares) external view returns (uint256);
}

/// @notice A Morpho Vault V2 (morpho-org/vault-v2 IVaultV2.sol): an ERC-4626 vault whose assets are
/// the tokens it holds idle plus what each of its adapters holds (IAdapter.realAssets), so its share
/// price moves with the vaults and markets it allocates to. As on the real vault, maxWithdraw answers
/// 0: what a depositor can take out is its idle assets plus what its adapters can deallocate.
contract MockVaultV2 is Owned {
    string public name;
    string public symbol;
    address public immutable asset;
    uint8 public immutable decimals;
    uint256 public immutable virtualShares;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    address[] public adapters;

    constructor(string memory name_, string memory symbol_, address asset_, uint8 assetDecimals, uint8 offset) {
        name = name_;
        symbol = symbol_;
        asset = asset_;
        decimals = assetDecimals + offset;
        virtualShares = 10 ** offset;
    }

    function adaptersLength() external view returns (uint256) {
        return adapters.length;
    }

    function totalAssets() public view returns (uint256 assets) {
        assets = IERC20Held(asset).balanceOf(address(this));
        for (uint256 i = 0; i < adapters.length; i++) assets += IAdapter(adapters[i]).realAssets();
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        return (assets * (totalSupply + virtualShares)) / (totalAssets() + 1);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return (shares * (totalAssets() + 1)) / (totalSupply + virtualShares);
    }

    function maxWithdraw(address) external pure returns (uint256) {
        return 0;
    }

    function addAdapter(address adapter) external onlyOwner {
        adapters.push(adapter);
    }

    /// @notice A deposit of `assets` for `receiver`, paid by the owner (who has approved the vault);
    /// they stay idle until allocated.
    function depositFor(address receiver, uint256 assets) external onlyOwner returns (uint256 shares) {
        shares = convertToShares(assets);
        totalSupply += shares;
        balanceOf[receiver] += shares;
        require(IERC20Pull(asset).transferFrom(msg.sender, address(this), assets), "transfer failed");
    }

    /// @notice Allocates idle assets: they leave for `adapter`, whose holdings the owner books itself.
    function moveToAdapter(address adapter, uint256 assets) external onlyOwner {
        IERC20Held(asset).transfer(adapter, assets);
    }
}

/// @notice Vault V2's MorphoVaultV1Adapter (src/adapters/MorphoVaultV1Adapter.sol): holds shares of
/// one MetaMorpho (Morpho Vault V1) vault for its parent Vault V2; realAssets is what they redeem for.
contract MockMorphoVaultV1Adapter {
    address public immutable factory;
    address public immutable parentVault;
    address public immutable morphoVaultV1;
    bytes32 public immutable adapterId;

    constructor(address parentVault_, address morphoVaultV1_) {
        factory = msg.sender;
        parentVault = parentVault_;
        morphoVaultV1 = morphoVaultV1_;
        adapterId = keccak256(abi.encode("this", address(this)));
    }

    function realAssets() external view returns (uint256) {
        IERC4626Shares vault = IERC4626Shares(morphoVaultV1);
        return vault.previewRedeem(vault.balanceOf(address(this)));
    }
}

/// @notice Vault V2's MorphoMarketV1AdapterV2 (src/adapters/MorphoMarketV1AdapterV2.sol): supplies its
/// parent Vault V2's assets to Morpho Blue markets directly. It has no morphoVaultV1; it lists its
/// markets (marketIdsLength, marketIds) and realAssets is its supply in them, by Morpho's share maths.
contract MockMorphoMarketAdapter is Owned {
    address public immutable parentVault;
    address public immutable morpho;
    bytes32[] public marketIds;

    constructor(address parentVault_, address morpho_) {
        parentVault = parentVault_;
        morpho = morpho_;
    }

    function setMarketIds(bytes32[] calldata ids) external onlyOwner {
        marketIds = ids;
    }

    function marketIdsLength() external view returns (uint256) {
        return marketIds.length;
    }

    function realAssets() external view returns (uint256 assets) {
        for (uint256 i = 0; i < marketIds.length; i++) {
            (uint256 supplyAssets, uint256 supplyShares,,,,) = IMorphoMarketState(morpho).market(marketIds[i]);
            (uint256 shares,,) = IMorphoMarketState(morpho).position(marketIds[i], address(this));
            assets += (shares * (supplyAssets + 1)) / (supplyShares + 1e6);
        }
    }
}
