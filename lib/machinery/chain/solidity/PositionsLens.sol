// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Reads {
    function balanceOf(address account) external view returns (uint256);
}

interface IERC4626Reads {
    function asset() external view returns (address);
    function convertToAssets(uint256 shares) external view returns (uint256);
    function maxWithdraw(address owner) external view returns (uint256);
}

/// morpho-org/vault-v2 src/interfaces/IVaultV2.sol and IAdapter.sol
interface IVaultV2Reads {
    function adaptersLength() external view returns (uint256);
    function adapters(uint256 index) external view returns (address);
}

/// morpho-org/vault-v2 src/adapters/interfaces/IMorphoVaultV1Adapter.sol and IMorphoMarketV1AdapterV2.sol
interface IVaultV2AdapterReads {
    function realAssets() external view returns (uint256);
    function morphoVaultV1() external view returns (address);
    function morpho() external view returns (address);
    function marketIdsLength() external view returns (uint256);
    function marketIds(uint256 index) external view returns (bytes32);
}

/// morpho-org/morpho-blue src/interfaces/IMorpho.sol
interface IMorphoReads {
    function market(bytes32 id) external view returns (uint128, uint128, uint128, uint128, uint128, uint128);
    function position(bytes32 id, address user) external view returns (uint256, uint128, uint128);
}

/// @notice Reads one wallet's balances in many lending markets, and what of each it could withdraw now,
/// in a single eth_call. It is never deployed: the service runs its creation code through viem's
/// deployless call, so the ERC-4626 conversion of exactly the shares held and the markets' liquidity
/// are read in the same round trip as the balances. Every read is a low-level staticcall with a gas
/// cap that copies at most the words it needs, so a market without code, one that reverts or one that
/// answers garbage is reported as not read (ok = false, or withdrawableKnown = false) instead of
/// failing the whole call or passing for a zero. It says which block it read, so that an answer can be
/// checked with eth_call at that block.
contract PositionsLens {
    /// @notice A market whose balanceOf is already in underlying units (an aToken, a Comet, USDC), and
    /// the token whose balance it holds is its cash (address(0): none, the whole balance is withdrawable).
    struct TokenMarket {
        address token;
        address underlying;
    }

    /// @notice An ERC-4626 vault; a Vault V2 answers maxWithdraw with 0, so its liquidity is worked out.
    struct VaultMarket {
        address vault;
        bool vaultV2;
    }

    struct Read {
        bool ok;
        uint256 value;
        bool withdrawableKnown;
        uint256 withdrawable;
    }

    struct VaultRead {
        bool ok;
        uint256 shares;
        uint256 assets;
        bool withdrawableKnown;
        uint256 withdrawable;
    }

    /// @notice A Vault V2's exit liquidity in assets: exact when `complete`, else a lower bound (an
    /// adapter of a kind it cannot read holds assets, or the call ran short of gas).
    struct Liquidity {
        bool complete;
        uint256 assets;
    }

    /// @dev No single read may take more (a MetaMorpho maxWithdraw over a 30-market queue takes ~1.5M).
    uint256 private constant CALL_GAS = 3_000_000;
    /// @dev Below this much gas left, a Vault V2's liquidity stops being summed and is reported incomplete.
    uint256 private constant GAS_FLOOR = CALL_GAS + 500_000;

    /// @param tokens markets whose balanceOf is already in underlying units (aTokens, Comets, USDC)
    /// @param vaults ERC-4626 vaults: balanceOf gives shares, convertToAssets(shares) the underlying
    function read(address user, TokenMarket[] calldata tokens, VaultMarket[] calldata vaults)
        external
        view
        returns (Read[] memory tokenBalances, VaultRead[] memory vaultBalances, uint256 blockNumber)
    {
        blockNumber = block.number;
        tokenBalances = new Read[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) tokenBalances[i] = _readToken(user, tokens[i]);
        vaultBalances = new VaultRead[](vaults.length);
        for (uint256 i = 0; i < vaults.length; i++) vaultBalances[i] = _readVault(user, vaults[i]);
    }

    /// @notice Each Vault V2's exit liquidity (see _vaultV2Liquidity), for the sync.
    function vaultV2Liquidity(address[] calldata vaults) external view returns (Liquidity[] memory liquidity) {
        liquidity = new Liquidity[](vaults.length);
        for (uint256 i = 0; i < vaults.length; i++) {
            (bool complete, uint256 assets) = _vaultV2Liquidity(vaults[i]);
            liquidity[i] = Liquidity(complete, assets);
        }
    }

    /// @dev The balance, and the lesser of it and the market's cash (the underlying the market holds).
    function _readToken(address user, TokenMarket calldata market) private view returns (Read memory r) {
        (r.ok, r.value) = _uintCall(market.token, abi.encodeCall(IERC20Reads.balanceOf, (user)));
        if (!r.ok) return r;
        if (market.underlying == address(0) || r.value == 0) {
            (r.withdrawableKnown, r.withdrawable) = (true, r.value);
            return r;
        }
        (bool known, uint256 cash) = _uintCall(market.underlying, abi.encodeCall(IERC20Reads.balanceOf, (market.token)));
        (r.withdrawableKnown, r.withdrawable) = (known, _min(r.value, cash));
    }

    /// @dev Shares, their assets, and what of them can be withdrawn now: the vault's own maxWithdraw (a
    /// MetaMorpho vault's and an fToken's account for their markets' liquidity), or for a Vault V2 the
    /// lesser of the assets and the vault's liquidity (known also when a lower bound covers them).
    function _readVault(address user, VaultMarket calldata market) private view returns (VaultRead memory r) {
        (r.ok, r.shares) = _uintCall(market.vault, abi.encodeCall(IERC20Reads.balanceOf, (user)));
        if (r.ok && r.shares > 0) (r.ok, r.assets) = _uintCall(market.vault, abi.encodeCall(IERC4626Reads.convertToAssets, (r.shares)));
        if (!r.ok) return r;
        if (r.assets == 0) {
            r.withdrawableKnown = true;
            return r;
        }
        if (!market.vaultV2) {
            (bool known, uint256 max) = _uintCall(market.vault, abi.encodeCall(IERC4626Reads.maxWithdraw, (user)));
            (r.withdrawableKnown, r.withdrawable) = (known, _min(r.assets, max));
            return r;
        }
        (bool complete, uint256 liquidity) = _vaultV2Liquidity(market.vault);
        (r.withdrawableKnown, r.withdrawable) = (complete || liquidity >= r.assets, _min(r.assets, liquidity));
    }

    /// @dev What a Vault V2's depositors could take out now: its idle assets (withdrawn first), plus
    /// what each adapter could deallocate, which forceDeallocate lets any depositor reach. A
    /// MorphoVaultV1Adapter: the MetaMorpho vault's maxWithdraw for it; a MorphoMarketV1AdapterV2: per
    /// market it lists, the lesser of its supply there and the market's free liquidity; any other
    /// adapter: nothing known, unless it holds nothing.
    function _vaultV2Liquidity(address vault) private view returns (bool complete, uint256 assets) {
        (bool ok, address asset) = _addressCall(vault, abi.encodeCall(IERC4626Reads.asset, ()));
        if (ok) (ok, assets) = _uintCall(asset, abi.encodeCall(IERC20Reads.balanceOf, (vault)));
        uint256 count;
        if (ok) (ok, count) = _uintCall(vault, abi.encodeCall(IVaultV2Reads.adaptersLength, ()));
        if (!ok) return (false, assets);
        complete = true;
        for (uint256 i = 0; i < count; i++) {
            if (gasleft() < GAS_FLOOR) return (false, assets);
            address adapter;
            (ok, adapter) = _addressCall(vault, abi.encodeCall(IVaultV2Reads.adapters, (i)));
            (bool known, uint256 withdrawable) = ok ? _adapterWithdrawable(adapter) : (false, 0);
            assets += withdrawable;
            complete = complete && known;
        }
    }

    function _adapterWithdrawable(address adapter) private view returns (bool known, uint256 assets) {
        (bool ok, address vaultV1) = _addressCall(adapter, abi.encodeCall(IVaultV2AdapterReads.morphoVaultV1, ()));
        if (ok && vaultV1 != address(0)) return _uintCall(vaultV1, abi.encodeCall(IERC4626Reads.maxWithdraw, (adapter)));
        (bool listsMarkets, uint256 length) = _uintCall(adapter, abi.encodeCall(IVaultV2AdapterReads.marketIdsLength, ()));
        address morpho;
        if (listsMarkets) (listsMarkets, morpho) = _addressCall(adapter, abi.encodeCall(IVaultV2AdapterReads.morpho, ()));
        if (listsMarkets) return _marketsWithdrawable(adapter, morpho, length);
        (ok, assets) = _uintCall(adapter, abi.encodeCall(IVaultV2AdapterReads.realAssets, ()));
        return (ok && assets == 0, 0);
    }

    /// @dev Σ over the adapter's markets of min(its supply, the market's free liquidity), with Morpho
    /// Blue's SharesMathLib.toAssetsDown (1 virtual asset, 1e6 virtual shares).
    function _marketsWithdrawable(address adapter, address morpho, uint256 length) private view returns (bool known, uint256 assets) {
        known = true;
        for (uint256 i = 0; i < length; i++) {
            if (gasleft() < GAS_FLOOR) return (false, assets);
            (bool ok, uint256 id) = _uintCall(adapter, abi.encodeCall(IVaultV2AdapterReads.marketIds, (i)));
            uint256[] memory state;
            uint256 shares;
            if (ok) (ok, state) = _wordsCall(morpho, abi.encodeCall(IMorphoReads.market, (bytes32(id))), 3);
            if (ok) (ok, shares) = _uintCall(morpho, abi.encodeCall(IMorphoReads.position, (bytes32(id), adapter)));
            if (!ok) {
                known = false;
                continue;
            }
            (uint256 totalSupplyAssets, uint256 totalSupplyShares, uint256 totalBorrowAssets) = (state[0], state[1], state[2]);
            uint256 supplied = (shares * (totalSupplyAssets + 1)) / (totalSupplyShares + 1e6);
            assets += _min(supplied, totalSupplyAssets > totalBorrowAssets ? totalSupplyAssets - totalBorrowAssets : 0);
        }
    }

    function _uintCall(address target, bytes memory data) private view returns (bool ok, uint256 value) {
        uint256[] memory words;
        (ok, words) = _wordsCall(target, data, 1);
        if (ok) value = words[0];
    }

    /// @dev A call whose answer must be an address: a first word with more than 160 bits is not one.
    function _addressCall(address target, bytes memory data) private view returns (bool ok, address value) {
        uint256 word;
        (ok, word) = _uintCall(target, data);
        ok = ok && word >> 160 == 0;
        if (ok) value = address(uint160(word));
    }

    /// @dev The first `count` words of a staticcall's answer, copying no more than that.
    function _wordsCall(address target, bytes memory data, uint256 count) private view returns (bool ok, uint256[] memory words) {
        words = new uint256[](count);
        if (target.code.length == 0) return (false, words);
        assembly {
            ok := staticcall(CALL_GAS, target, add(data, 32), mload(data), 0, 0)
            if lt(returndatasize(), mul(count, 32)) { ok := 0 }
            if ok { returndatacopy(add(words, 32), 0, mul(count, 32)) }
        }
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
