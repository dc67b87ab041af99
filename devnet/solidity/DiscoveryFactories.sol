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

import "./GrowingVault.sol";

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

/// @notice An ERC-4626 vault whose assets grow at a fixed rate (GrowingVault.sol) and whose `manager`
/// books deposits and withdrawals directly.
contract DiscoveryVault is GrowingVault {
    address public immutable manager;

    constructor(address manager_, string memory name_, string memory symbol_, address asset_, VaultTerms memory terms)
        GrowingVault(name_, symbol_, asset_, IERC20Decimals(asset_).decimals() + terms.decimalsOffset, terms.decimalsOffset, terms.ratePerSecond)
    {
        manager = manager_;
    }

    function _checkAdmin() internal view override {
        require(msg.sender == manager, "not manager");
    }

    /// @notice Redeems `shares` of `holder` (the devnet shrinks a vault below the listing floor this way).
    function withdrawFrom(address holder, uint256 shares) external onlyAdmin returns (uint256 assets) {
        return _redeem(holder, shares);
    }
}

/// @notice A MetaMorpho vault: the reads of its recipe-A rate besides the ERC-4626 ones.
contract DiscoveryMetaMorpho is DiscoveryVault, MetaMorphoReads {
    constructor(address manager_, string memory name_, string memory symbol_, address asset_, VaultTerms memory terms, address morpho)
        DiscoveryVault(manager_, name_, symbol_, asset_, terms)
        MetaMorphoReads(morpho, terms.fee)
    {}

    function maxWithdraw(address owner_) external view returns (uint256) {
        return _maxWithdrawFromMarkets(convertToAssets(balanceOf[owner_]));
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
