// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// What the local chain's ERC-4626 vaults have in common, whether the deployer owns them (Mocks.sol)
// or a factory created them for a manager (DiscoveryFactories.sol): assets that grow at a fixed
// per-second rate, so that share prices move between blocks as a real vault's do, ERC-4626's share
// maths, and the reads a MetaMorpho vault's recipe-A rate comes from. Who may book deposits is each
// vault's own rule (`_checkAdmin`).

/// @notice A contract whose bookkeeping only one account may do; which one, the contract says.
abstract contract Administered {
    function _checkAdmin() internal view virtual;

    modifier onlyAdmin() {
        _checkAdmin();
        _;
    }
}

/// @notice An ERC-4626 vault whose assets grow at a fixed per-second rate.
abstract contract GrowingVault is Administered {
    string public name;
    string public symbol;
    address public immutable asset;
    uint8 public immutable decimals;
    uint8 internal immutable decimalsOffset;
    /// WAD per second of simple growth of the vault's assets.
    uint256 public immutable ratePerSecond;
    uint256 internal immutable start;

    uint256 public totalSupply;
    uint256 internal principal;
    mapping(address => uint256) public balanceOf;

    constructor(string memory name_, string memory symbol_, address asset_, uint8 decimals_, uint8 offset, uint256 rate) {
        name = name_;
        symbol = symbol_;
        asset = asset_;
        decimals = decimals_;
        decimalsOffset = offset;
        ratePerSecond = rate;
        start = block.timestamp;
    }

    function _growth() internal view returns (uint256) {
        return 1e18 + ratePerSecond * (block.timestamp - start);
    }

    function totalAssets() public view returns (uint256) {
        return (principal * _growth()) / 1e18;
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        return (assets * (totalSupply + 10 ** decimalsOffset)) / (totalAssets() + 1);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return (shares * (totalAssets() + 1)) / (totalSupply + 10 ** decimalsOffset);
    }

    /// @notice Books a deposit of `assets` for `receiver` (the devnet funds positions this way).
    function depositFor(address receiver, uint256 assets) external onlyAdmin returns (uint256 shares) {
        shares = convertToShares(assets);
        principal += (assets * 1e18) / _growth();
        totalSupply += shares;
        balanceOf[receiver] += shares;
    }

    /// @notice Books a redemption of `shares` of `holder`.
    function _redeem(address holder, uint256 shares) internal returns (uint256 assets) {
        assets = convertToAssets(shares);
        principal -= (assets * 1e18) / _growth();
        totalSupply -= shares;
        balanceOf[holder] -= shares;
    }
}

/// @notice The Morpho Blue reads (IMorpho.sol) a MetaMorpho vault's withdrawals depend on.
interface IMorphoMarketState {
    function market(bytes32 id)
        external
        view
        returns (uint128 totalSupplyAssets, uint128 totalSupplyShares, uint128 totalBorrowAssets, uint128, uint128, uint128);
    function position(bytes32 id, address user) external view returns (uint256 supplyShares, uint128, uint128);
}

/// @notice What a MetaMorpho (Vault V1) vault's rate is read from (docs/data.md, Morpho recipe A): the
/// Morpho Blue singleton, the performance fee and the withdraw queue of the market ids it supplies to.
abstract contract MetaMorphoReads is Administered {
    address public immutable MORPHO;
    uint96 public fee;
    bytes32[] public withdrawQueue;

    constructor(address morpho, uint96 fee_) {
        MORPHO = morpho;
        fee = fee_;
    }

    function withdrawQueueLength() external view returns (uint256) {
        return withdrawQueue.length;
    }

    function setWithdrawQueue(bytes32[] calldata ids) external onlyAdmin {
        withdrawQueue = ids;
    }

    /// @notice What the vault could withdraw from its markets now, as MetaMorpho's _simulateWithdrawMorpho
    /// walks them: per market of the withdraw queue, the lesser of its supply there (Morpho's
    /// toAssetsDown, 1 virtual asset and 1e6 virtual shares) and the market's free liquidity.
    function _withdrawableFromMarkets() internal view returns (uint256 total) {
        for (uint256 i = 0; i < withdrawQueue.length; i++) {
            (uint256 supplyAssets, uint256 supplyShares, uint256 borrowAssets,,,) = IMorphoMarketState(MORPHO).market(withdrawQueue[i]);
            (uint256 shares,,) = IMorphoMarketState(MORPHO).position(withdrawQueue[i], address(this));
            uint256 supplied = (shares * (supplyAssets + 1)) / (supplyShares + 1e6);
            uint256 free = supplyAssets > borrowAssets ? supplyAssets - borrowAssets : 0;
            total += supplied < free ? supplied : free;
        }
    }

    /// @notice ERC-4626 maxWithdraw as MetaMorpho answers it: the owner's assets, as far as the markets
    /// of the withdraw queue can pay them out.
    function _maxWithdrawFromMarkets(uint256 ownerAssets) internal view returns (uint256) {
        uint256 withdrawable = _withdrawableFromMarkets();
        return ownerAssets < withdrawable ? ownerAssets : withdrawable;
    }
}
