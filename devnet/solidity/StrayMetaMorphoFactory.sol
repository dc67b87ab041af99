// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A vault factory of the local chain that is none of Morpho's, for the sync's vault discovery: it
/// creates a vault from the creation code it is given (a real MetaMorpho v1.1 vault, vendor/metamorpho-v1.1)
/// and emits MetaMorpho's own creation event, byte for byte its signature:
///   CreateMetaMorpho: morpho-org/metamorpho src/libraries/EventsLib.sol @ 163eb2ae022629d4c35e598a668a30451af25f44
///     (unchanged in morpho-org/metamorpho-v1.1 src/libraries/EventsLib.sol @ 0b3d2f451d6ae3da94a3a08f574f6553024b8944)
/// Discovery reads the events of the chain's known factories only (Morpho's MetaMorpho v1.0 and v1.1 and
/// Vault V2 factories), so the vaults of this one must never be listed. Morpho's factories are the real
/// ones (devnet/deploy/discovery.ts).
contract StrayMetaMorphoFactory {
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

    /// @notice Creates a vault from `creationCode` (its constructor's arguments appended) with CREATE2 and
    /// `salt`, and announces it as MetaMorpho's factories announce theirs.
    function createMetaMorpho(
        bytes memory creationCode,
        address initialOwner,
        uint256 initialTimelock,
        address asset,
        string memory name,
        string memory symbol,
        bytes32 salt
    ) external returns (address metaMorpho) {
        assembly {
            metaMorpho := create2(0, add(creationCode, 0x20), mload(creationCode), salt)
        }
        require(metaMorpho != address(0), "creation failed");
        emit CreateMetaMorpho(metaMorpho, msg.sender, initialOwner, initialTimelock, asset, name, symbol, salt);
    }
}
