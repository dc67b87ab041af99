// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Reads one wallet's balances in many lending markets in a single eth_call. It is never
/// deployed: the service runs its creation code through viem's deployless call, so the ERC-4626
/// conversion of exactly the shares held happens in the same round trip as the balance read.
/// Every read is a low-level staticcall, so a market without code or one that reverts is reported
/// as not read (ok = false) instead of failing the whole call or passing for a zero balance. It says
/// which block it read, so that an answer can be checked with eth_call at that block.
contract PositionsLens {
    struct Read {
        bool ok;
        uint256 value;
    }

    struct VaultRead {
        bool ok;
        uint256 shares;
        uint256 assets;
    }

    /// @param tokens contracts whose balanceOf is already in underlying units (aTokens, Comets, USDC)
    /// @param vaults ERC-4626 vaults: balanceOf gives shares, convertToAssets(shares) the underlying
    function read(address user, address[] calldata tokens, address[] calldata vaults)
        external
        view
        returns (Read[] memory tokenBalances, VaultRead[] memory vaultBalances, uint256 blockNumber)
    {
        blockNumber = block.number;
        tokenBalances = new Read[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) {
            (bool ok, uint256 value) = _uintCall(tokens[i], abi.encodeWithSelector(0x70a08231, user));
            tokenBalances[i] = Read(ok, value);
        }
        vaultBalances = new VaultRead[](vaults.length);
        for (uint256 i = 0; i < vaults.length; i++) {
            (bool ok, uint256 shares) = _uintCall(vaults[i], abi.encodeWithSelector(0x70a08231, user));
            uint256 assets = 0;
            if (ok && shares > 0) (ok, assets) = _uintCall(vaults[i], abi.encodeWithSelector(0x07a2d13a, shares));
            vaultBalances[i] = VaultRead(ok, shares, assets);
        }
    }

    function _uintCall(address target, bytes memory data) private view returns (bool, uint256) {
        if (target.code.length == 0) return (false, 0);
        (bool success, bytes memory result) = target.staticcall(data);
        if (!success || result.length < 32) return (false, 0);
        return (true, abi.decode(result, (uint256)));
    }
}
