// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./DevnetSmartWallet.sol";

/// Creates wallets at addresses known before they exist (CREATE2), so a wallet can sign before it is
/// deployed: ERC-6492 wraps such a signature with this factory and the call that would deploy it.
contract DevnetSmartWalletFactory {
    event WalletCreated(address indexed wallet, address indexed owner, bytes32 salt);

    /// Deploys the wallet of `owner` and `salt`, or returns it when it exists already.
    function createWallet(address owner, bytes32 salt) external returns (address wallet) {
        wallet = walletAddress(owner, salt);
        if (wallet.code.length > 0) return wallet;
        new DevnetSmartWallet{salt: salt}(owner);
        emit WalletCreated(wallet, owner, salt);
    }

    /// The address `createWallet(owner, salt)` deploys to.
    function walletAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(DevnetSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
