// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Reads the reward streams of a chain's Aave v3 aTokens, Compound v3 Comets and Fluid fTokens
/// in a single eth_call. Like PositionsLens it is never deployed: the service runs its creation code
/// through viem's deployless call, so the chained reads each protocol needs (the aToken's incentives
/// controller, then its reward list, then each reward's data and token; a Comet's reward config, then
/// its token and price feed; an fToken's rewards model, then its rate) take one round trip.
///
/// It returns the contracts' raw values; the service applies the scales. Every read is a low-level
/// staticcall with a gas cap whose answer is checked before it is decoded, so a contract without
/// code, one that reverts or one that answers nonsense is reported by the name of the call that
/// failed (`failedCall`), never reverting the whole read nor passing for "no rewards".
contract RewardsLens {
    uint256 private constant CALL_GAS = 300_000;
    /// More rewards on one aToken than this is reported as a failure instead of read.
    uint256 private constant MAX_REWARDS = 8;
    /// CometRewards.FACTOR_SCALE: the multiplier of a CometRewards deployed before it had one.
    uint256 private constant COMET_FACTOR_SCALE = 1e18;

    struct Token {
        bool ok;
        uint8 decimals;
        /// symbol(), as a string of at most 32 bytes or a bytes32 (as MKR answers), left-aligned.
        bytes32 symbol;
    }

    struct AaveMarket {
        address aToken;
        /// The Aave oracle of the aToken's pool; address(0) when none is known.
        address oracle;
    }

    struct AaveReward {
        address token;
        /// RewardsController.getRewardsData(aToken, token): emission per second in the reward's
        /// smallest units, and the distribution end (Unix seconds).
        bool dataOk;
        uint256 emissionPerSecond;
        uint256 distributionEnd;
        Token info;
        /// The pool's Aave oracle: getAssetPrice(token).
        bool priceOk;
        uint256 price;
        /// The controller's own price feed of the reward: getRewardOracle(token).latestAnswer(), decimals().
        bool feedOk;
        int256 feedAnswer;
        uint8 feedDecimals;
    }

    struct AaveRead {
        bytes32 failedCall;
        /// aToken.getIncentivesController(); address(0) when the aToken has none.
        address controller;
        /// The oracle's BASE_CURRENCY (address(0) is USD) and BASE_CURRENCY_UNIT.
        bool oracleOk;
        address baseCurrency;
        uint256 baseCurrencyUnit;
        AaveReward[] rewards;
    }

    struct CometRead {
        bytes32 failedCall;
        /// CometRewards.rewardConfig(comet); token is address(0) when the Comet has no reward configured.
        address token;
        uint64 rescaleFactor;
        bool shouldUpscale;
        uint256 multiplier;
        uint256 baseTrackingSupplySpeed;
        uint256 trackingIndexScale;
        uint256 baseScale;
        uint256 baseAccrualScale;
        uint256 baseMinForRewards;
        /// totalsBasic().totalSupplyBase: the suppliers' principal, which must reach baseMinForRewards.
        uint256 totalSupplyBase;
        Token info;
        address baseTokenPriceFeed;
        /// getPrice(getAssetInfoByAddress(token).priceFeed): only when the token is one of the Comet's collaterals.
        bool priceOk;
        uint256 price;
    }

    struct FluidRead {
        bytes32 failedCall;
        /// fToken.getData(): its rewards rate model and whether rewards are active.
        address model;
        bool rewardsActive;
        address asset;
        uint256 totalAssets;
        /// model.getRate(totalAssets): the rate (1e12 = 1 %), whether it ended, its start.
        uint256 rate;
        bool ended;
        uint256 startTime;
        /// model.getConfig(): the current rewards' start and end.
        bool configOk;
        uint256 configStartTime;
        uint256 configEndTime;
        Token info;
    }

    function read(AaveMarket[] calldata aave, address cometRewards, address[] calldata comets, address[] calldata fTokens)
        external
        view
        returns (AaveRead[] memory aaveReads, CometRead[] memory cometReads, FluidRead[] memory fluidReads, uint256 blockNumber, uint256 timestamp)
    {
        blockNumber = block.number;
        timestamp = block.timestamp;
        aaveReads = new AaveRead[](aave.length);
        for (uint256 i = 0; i < aave.length; i++) aaveReads[i] = _aave(aave[i]);
        cometReads = new CometRead[](comets.length);
        for (uint256 i = 0; i < comets.length; i++) cometReads[i] = _comet(cometRewards, comets[i]);
        fluidReads = new FluidRead[](fTokens.length);
        for (uint256 i = 0; i < fTokens.length; i++) fluidReads[i] = _fluid(fTokens[i]);
    }

    // ---- Aave v3: aToken → incentives controller → rewards by asset → each reward's data ----

    function _aave(AaveMarket calldata market) private view returns (AaveRead memory r) {
        (bool ok, address controller) = _address(market.aToken, abi.encodeWithSignature("getIncentivesController()"));
        r.controller = controller;
        if (!ok) {
            r.failedCall = "getIncentivesController";
            return r;
        }
        if (market.oracle != address(0)) {
            bool currencyOk;
            bool unitOk;
            (currencyOk, r.baseCurrency) = _address(market.oracle, abi.encodeWithSignature("BASE_CURRENCY()"));
            (unitOk, r.baseCurrencyUnit) = _uint(market.oracle, abi.encodeWithSignature("BASE_CURRENCY_UNIT()"));
            r.oracleOk = currencyOk && unitOk;
        }
        if (r.controller == address(0)) return r;
        (bool listOk, bool tooMany, address[] memory tokens) =
            _addresses(r.controller, abi.encodeWithSignature("getRewardsByAsset(address)", market.aToken));
        if (!listOk) {
            r.failedCall = tooMany ? bytes32("getRewardsByAsset: too many") : bytes32("getRewardsByAsset");
            return r;
        }
        r.rewards = new AaveReward[](tokens.length);
        for (uint256 j = 0; j < tokens.length; j++) r.rewards[j] = _aaveReward(market, r.controller, tokens[j]);
    }

    function _aaveReward(AaveMarket calldata market, address controller, address token) private view returns (AaveReward memory w) {
        w.token = token;
        (bool ok, bytes memory data) = _call(controller, abi.encodeWithSignature("getRewardsData(address,address)", market.aToken, token));
        if (ok && data.length >= 128) {
            w.dataOk = true;
            (, w.emissionPerSecond,, w.distributionEnd) = abi.decode(data, (uint256, uint256, uint256, uint256));
        }
        w.info = _token(token);
        if (market.oracle != address(0)) (w.priceOk, w.price) = _uint(market.oracle, abi.encodeWithSignature("getAssetPrice(address)", token));
        (bool feedOk, address feed) = _address(controller, abi.encodeWithSignature("getRewardOracle(address)", token));
        if (feedOk && feed != address(0)) {
            (bool answerOk, uint256 answer) = _uint(feed, abi.encodeWithSignature("latestAnswer()"));
            (bool decimalsOk, uint256 decimals) = _uint(feed, abi.encodeWithSignature("decimals()"));
            if (answerOk && decimalsOk && decimals <= 36) {
                w.feedOk = true;
                w.feedAnswer = int256(answer);
                w.feedDecimals = uint8(decimals);
            }
        }
    }

    // ---- Compound v3: CometRewards.rewardConfig(comet) and the Comet's tracking ----

    function _comet(address cometRewards, address comet) private view returns (CometRead memory r) {
        (bool ok, bytes memory data) = _call(cometRewards, abi.encodeWithSignature("rewardConfig(address)", comet));
        if (!ok || data.length < 96) {
            r.failedCall = "rewardConfig";
            return r;
        }
        (uint256 token, uint256 rescale, uint256 upscale) = abi.decode(data, (uint256, uint256, uint256));
        if (token >> 160 != 0 || rescale > type(uint64).max || upscale > 1) {
            r.failedCall = "rewardConfig";
            return r;
        }
        r.token = address(uint160(token));
        if (r.token == address(0)) return r;
        r.rescaleFactor = uint64(rescale);
        r.shouldUpscale = upscale == 1;
        // A CometRewards deployed before the multiplier existed answers three words and applies none.
        r.multiplier = data.length >= 128 ? abi.decode(_slice(data, 96), (uint256)) : COMET_FACTOR_SCALE;
        if (!_cometTracking(comet, r)) return r;
        r.info = _token(r.token);
        (, r.baseTokenPriceFeed) = _address(comet, abi.encodeWithSignature("baseTokenPriceFeed()"));
        // getAssetInfoByAddress reverts for a token that is not a collateral of the Comet: no price then.
        (bool infoOk, bytes memory info) = _call(comet, abi.encodeWithSignature("getAssetInfoByAddress(address)", r.token));
        if (infoOk && info.length >= 256) {
            uint256 feed = abi.decode(_slice(info, 64), (uint256));
            if (feed >> 160 == 0 && feed != 0) (r.priceOk, r.price) = _uint(comet, abi.encodeWithSignature("getPrice(address)", address(uint160(feed))));
        }
    }

    function _cometTracking(address comet, CometRead memory r) private view returns (bool ok) {
        (ok, r.baseTrackingSupplySpeed) = _uint(comet, abi.encodeWithSignature("baseTrackingSupplySpeed()"));
        if (!ok) return _failed(r, "baseTrackingSupplySpeed");
        (ok, r.trackingIndexScale) = _uint(comet, abi.encodeWithSignature("trackingIndexScale()"));
        if (!ok) return _failed(r, "trackingIndexScale");
        (ok, r.baseScale) = _uint(comet, abi.encodeWithSignature("baseScale()"));
        if (!ok) return _failed(r, "baseScale");
        (ok, r.baseAccrualScale) = _uint(comet, abi.encodeWithSignature("baseAccrualScale()"));
        if (!ok) return _failed(r, "baseAccrualScale");
        (ok, r.baseMinForRewards) = _uint(comet, abi.encodeWithSignature("baseMinForRewards()"));
        if (!ok) return _failed(r, "baseMinForRewards");
        bytes memory totals;
        (ok, totals) = _call(comet, abi.encodeWithSignature("totalsBasic()"));
        if (!ok || totals.length < 256) return _failed(r, "totalsBasic");
        r.totalSupplyBase = abi.decode(_slice(totals, 128), (uint256));
    }

    function _failed(CometRead memory r, bytes32 failedCall) private pure returns (bool) {
        r.failedCall = failedCall;
        return false;
    }

    // ---- Fluid: fToken.getData() → rewards rate model → getRate(totalAssets), getConfig() ----

    function _fluid(address fToken) private view returns (FluidRead memory r) {
        (bool ok, bytes memory data) = _call(fToken, abi.encodeWithSignature("getData()"));
        if (!ok || data.length < 288) {
            r.failedCall = "getData";
            return r;
        }
        uint256 model = abi.decode(_slice(data, 64), (uint256));
        uint256 active = abi.decode(_slice(data, 160), (uint256));
        if (model >> 160 != 0 || active > 1) {
            r.failedCall = "getData";
            return r;
        }
        r.model = address(uint160(model));
        r.rewardsActive = active == 1;
        bool assetOk;
        bool totalOk;
        (assetOk, r.asset) = _address(fToken, abi.encodeWithSignature("asset()"));
        (totalOk, r.totalAssets) = _uint(fToken, abi.encodeWithSignature("totalAssets()"));
        if (!assetOk || !totalOk) {
            r.failedCall = assetOk ? bytes32("totalAssets") : bytes32("asset");
            return r;
        }
        // A model the fToken does not apply (rewards not active) is still read: its end says why it pays nothing.
        if (r.model == address(0)) return r;
        // As Fluid's LendingResolver reads it: getRate(fToken.totalAssets()).
        (ok, data) = _call(r.model, abi.encodeWithSignature("getRate(uint256)", r.totalAssets));
        if (!ok || data.length < 96) {
            r.failedCall = "getRate";
            return r;
        }
        uint256 ended;
        (r.rate, ended, r.startTime) = abi.decode(data, (uint256, uint256, uint256));
        r.ended = ended != 0;
        (ok, data) = _call(r.model, abi.encodeWithSignature("getConfig()"));
        if (ok && data.length >= 224) {
            r.configOk = true;
            (, r.configStartTime, r.configEndTime) = abi.decode(data, (uint256, uint256, uint256));
        }
        r.info = _token(r.asset);
    }

    // ---- checked low-level reads ----

    function _token(address token) private view returns (Token memory t) {
        (bool decimalsOk, uint256 decimals) = _uint(token, abi.encodeWithSignature("decimals()"));
        (bool symbolOk, bytes memory data) = _call(token, abi.encodeWithSignature("symbol()"));
        if (!decimalsOk || decimals > 36 || !symbolOk) return t;
        bool ok;
        (ok, t.symbol) = _shortString(data);
        t.ok = ok;
        t.decimals = uint8(decimals);
    }

    /// A string of at most 32 bytes (ABI-encoded), or a bytes32.
    function _shortString(bytes memory data) private pure returns (bool, bytes32 value) {
        if (data.length == 32) return (true, bytes32(abi.decode(data, (uint256))));
        if (data.length < 64) return (false, 0);
        uint256 offset = abi.decode(data, (uint256));
        if (offset > data.length - 32) return (false, 0);
        uint256 length = abi.decode(_slice(data, offset), (uint256));
        if (length == 0 || length > 32 || offset + 32 + length > data.length) return (false, 0);
        assembly {
            value := mload(add(add(data, 64), offset))
        }
        // Clear what follows the string within the word.
        value &= bytes32(type(uint256).max << (8 * (32 - length)));
        return (true, value);
    }

    /// An address[] of at most MAX_REWARDS entries; `tooMany` when it has more.
    function _addresses(address target, bytes memory callData) private view returns (bool ok, bool tooMany, address[] memory list) {
        bytes memory data;
        (ok, data) = _call(target, callData);
        if (!ok || data.length < 64) return (false, false, list);
        uint256 offset = abi.decode(data, (uint256));
        if (offset > data.length - 32) return (false, false, list);
        uint256 length = abi.decode(_slice(data, offset), (uint256));
        if (length > MAX_REWARDS) return (false, true, list);
        if (offset + 32 + 32 * length > data.length) return (false, false, list);
        list = new address[](length);
        for (uint256 i = 0; i < length; i++) {
            uint256 word = abi.decode(_slice(data, offset + 32 + 32 * i), (uint256));
            if (word >> 160 != 0) return (false, false, list);
            list[i] = address(uint160(word));
        }
        return (true, false, list);
    }

    function _address(address target, bytes memory callData) private view returns (bool, address) {
        (bool ok, uint256 word) = _uint(target, callData);
        if (!ok || word >> 160 != 0) return (false, address(0));
        return (true, address(uint160(word)));
    }

    function _uint(address target, bytes memory callData) private view returns (bool, uint256) {
        (bool ok, bytes memory data) = _call(target, callData);
        if (!ok || data.length < 32) return (false, 0);
        return (true, abi.decode(data, (uint256)));
    }

    /// The answer of a staticcall with a gas cap, at most 1,024 bytes of it copied (none of the reads
    /// answers more); not ok when the target has no code or reverts.
    function _call(address target, bytes memory callData) private view returns (bool ok, bytes memory data) {
        if (target.code.length == 0) return (false, data);
        uint256 size;
        assembly {
            ok := staticcall(CALL_GAS, target, add(callData, 32), mload(callData), 0, 0)
            size := returndatasize()
            if gt(size, 1024) {
                size := 1024
            }
            data := mload(0x40)
            mstore(data, size)
            returndatacopy(add(data, 32), 0, size)
            mstore(0x40, add(add(data, 32), and(add(size, 31), not(31))))
        }
    }

    /// The 32 bytes of `data` from `offset` (which callers keep within it).
    function _slice(bytes memory data, uint256 offset) private pure returns (bytes memory word) {
        word = new bytes(32);
        assembly {
            mstore(add(word, 32), mload(add(add(data, 32), offset)))
        }
    }
}
