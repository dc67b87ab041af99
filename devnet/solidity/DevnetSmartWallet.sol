// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The local chain's smart-contract wallet, for signing in as Safe or Coinbase Smart Wallet users do:
// the account is a contract, and a signature is valid when the contract says so (ERC-1271).

/// A one-owner wallet: a signature is valid when its owner's ECDSA key signed the hash.
contract DevnetSmartWallet {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;
    // secp256k1n / 2: a larger s is the malleable twin of a valid signature (EIP-2).
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// ERC-1271: 0x1626ba7e when `signature` (r, s, v; 65 bytes) is the owner's signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_S) return INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC_VALUE : INVALID;
    }

    receive() external payable {}
}
