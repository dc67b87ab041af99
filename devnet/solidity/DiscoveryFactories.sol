// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Morpho's vault factories for the local chain, for the sync's vault discovery: factories that create
// vaults and emit Morpho's own creation events, byte for byte the same signatures:
//   CreateMetaMorpho: morpho-org/metamorpho src/libraries/EventsLib.sol @ 163eb2ae022629d4c35e598a668a30451af25f44
//     (unchanged in morpho-org/metamorpho-v1.1 src/libraries/EventsLib.sol @ 0b3d2f451d6ae3da94a3a08f574f6553024b8944)
//   CreateVaultV2:    morpho-org/vault-v2 src/interfaces/IVaultV2Factory.sol @ bec4dd8c847525efea95e106b38a70eaabeef65f
// The vaults answer the ERC-4626 reads the sync makes, and a MetaMorpho vault the reads of its
// recipe-A rate. Their assets grow at a fixed per-second rate, so share prices move between blocks.
// Creation takes the rate and fee as extra arguments, which the real factories do not: discovery
// reads only the events.

interface IERC20Decimals {
    function decimals() external view returns (uint8);
}

/// @notice The shape of the vault a factory creates next.
struct VaultTerms {
    /// WAD per second of simple growth of the vault's assets.
    uint256 ratePerSecond;
    /// Share decimals beyond the asset's (MetaMorpho USDC vaults have 12).
    uint8 decimalsOffset;
    /// MetaMorpho's performance fee, WAD (unused by a Vault V2).
    uint96 fee;
}

/// @notice An ERC-4626 vault whose `manager` books deposits and withdrawals directly.
contract DiscoveryVault {
    address public immutable manager;
    string public name;
    string public symbol;
    address public immutable asset;
    uint8 public immutable decimals;
    uint8 internal immutable decimalsOffset;
    uint256 public immutable ratePerSecond;
    uint256 internal immutable start;

    uint256 public totalSupply;
    uint256 internal principal;
    mapping(address => uint256) public balanceOf;

    constructor(address manager_, string memory name_, string memory symbol_, address asset_, VaultTerms memory terms) {
        manager = manager_;
        name = name_;
        symbol = symbol_;
        asset = asset_;
        decimals = IERC20Decimals(asset_).decimals() + terms.decimalsOffset;
        decimalsOffset = terms.decimalsOffset;
        ratePerSecond = terms.ratePerSecond;
        start = block.timestamp;
    }

    modifier onlyManager() {
        require(msg.sender == manager, "not manager");
        _;
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

    function depositFor(address receiver, uint256 assets) external onlyManager returns (uint256 shares) {
        shares = convertToShares(assets);
        principal += (assets * 1e18) / _growth();
        totalSupply += shares;
        balanceOf[receiver] += shares;
    }

    /// @notice Redeems `shares` of `holder` (the devnet shrinks a vault below the listing floor this way).
    function withdrawFrom(address holder, uint256 shares) external onlyManager returns (uint256 assets) {
        assets = convertToAssets(shares);
        principal -= (assets * 1e18) / _growth();
        totalSupply -= shares;
        balanceOf[holder] -= shares;
    }
}

/// @notice A MetaMorpho vault: the reads of its recipe-A rate (the Morpho Blue it supplies to, its fee
/// and its withdraw queue) besides the ERC-4626 ones.
contract DiscoveryMetaMorpho is DiscoveryVault {
    address public immutable MORPHO;
    uint96 public fee;
    bytes32[] public withdrawQueue;

    constructor(address manager_, string memory name_, string memory symbol_, address asset_, VaultTerms memory terms, address morpho)
        DiscoveryVault(manager_, name_, symbol_, asset_, terms)
    {
        MORPHO = morpho;
        fee = terms.fee;
    }

    function withdrawQueueLength() external view returns (uint256) {
        return withdrawQueue.length;
    }

    function setWithdrawQueue(bytes32[] calldata ids) external onlyManager {
        withdrawQueue = ids;
    }
}

/// @notice A Vault V2 with no adapters yet (what a freshly created one is): all its assets idle. The
/// sync reads adaptersLength and adapters to learn which MetaMorpho vaults it holds.
contract DiscoveryVaultV2 is DiscoveryVault {
    address[] public adapters;

    constructor(address manager_, string memory name_, string memory symbol_, address asset_, VaultTerms memory terms)
        DiscoveryVault(manager_, name_, symbol_, asset_, terms)
    {}

    function adaptersLength() external view returns (uint256) {
        return adapters.length;
    }
}

contract DiscoveryMetaMorphoFactory {
    address public immutable MORPHO;
    mapping(address => bool) public isMetaMorpho;

    event CreateMetaMorpho(
        address indexed metaMorpho,
        address indexed caller,
        address initialOwner,
        uint256 initialTimelock,
        address indexed asset,
        string name,
        string symbol,
        bytes32 salt
    );

    constructor(address morpho) {
        MORPHO = morpho;
    }

    function createMetaMorpho(
        address initialOwner,
        uint256 initialTimelock,
        address asset,
        string memory name,
        string memory symbol,
        bytes32 salt,
        VaultTerms memory terms
    ) external returns (address metaMorpho) {
        metaMorpho = address(new DiscoveryMetaMorpho(initialOwner, name, symbol, asset, terms, MORPHO));
        isMetaMorpho[metaMorpho] = true;
        emit CreateMetaMorpho(metaMorpho, msg.sender, initialOwner, initialTimelock, asset, name, symbol, salt);
    }
}

contract DiscoveryVaultV2Factory {
    mapping(address => bool) public isVaultV2;

    event CreateVaultV2(address indexed owner, address indexed asset, bytes32 salt, address indexed newVaultV2);

    function createVaultV2(
        address owner,
        address asset,
        bytes32 salt,
        string memory name,
        string memory symbol,
        VaultTerms memory terms
    ) external returns (address newVaultV2) {
        newVaultV2 = address(new DiscoveryVaultV2(owner, name, symbol, asset, terms));
        isVaultV2[newVaultV2] = true;
        emit CreateVaultV2(owner, asset, salt, newVaultV2);
    }
}
