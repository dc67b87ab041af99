/**
 * The RewardsLens's raw values of one instrument as RewardReadings (docs/data.md, Rewards), or the
 * failures that make its rewards incomplete. Plain computation, no I/O.
 */
import { hexToBytes, isAddressEqual, zeroAddress, type Hex } from "viem";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import type { LensAaveRead, LensAaveReward, LensCometRead, LensFluidRead, LensRefused, LensToken } from "./rewards-lens";
import { aaveTokensPerYear, cometTokensPerYear, fluidTokensPerYear, priceIn } from "./reward-scales";
import type { RewardReading, RewardSource, RewardSourceFailure } from "./reward-reading";
import type { Market } from "@/lib/machinery/chain/adapters/types";

/** An instrument whose protocol keeps its rewards on chain: the adapters' Market fields it needs. */
export type OnChainRewardInstrument = Pick<Market, "protocol" | "adapterAddress" | "tokenAddress" | "tokenDecimals" | "yieldTokenAddress">;

export interface SourceOutcome {
  readings: RewardReading[];
  failures: RewardSourceFailure[];
}

/** Comet's PRICE_FEED_DECIMALS (CometCore.sol): getPrice answers with 8 decimals. */
const COMET_PRICE_UNIT = 10n ** 8n;

const lower = (address: Hex) => address.toLowerCase() as Hex;

/** The call that failed, from the bytes32 name the lens gives it; null when none did. */
function failedCallOf(failedCall: Hex): string | null {
  const bytes = hexToBytes(failedCall);
  const end = bytes.indexOf(0);
  const name = new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
  return name === "" ? null : name;
}

/** A token's symbol, from the lens's left-aligned bytes32; null when it is not a UTF-8 string. */
function symbolOf(token: LensToken): string | null {
  const bytes = hexToBytes(token.symbol);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  try {
    const symbol = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end));
    return symbol === "" || symbol.includes("\u0000") ? null : symbol;
  } catch {
    return null;
  }
}

function outcome(source: RewardSource, instrument: OnChainRewardInstrument) {
  const result: SourceOutcome = { readings: [], failures: [] };
  const yieldTokenAddress = lower(instrument.yieldTokenAddress);
  return {
    result,
    fail: (reason: string) => (result.failures.push({ source, yieldTokenAddress, reason }), result),
    read: (reading: Omit<RewardReading, "source" | "yieldTokenAddress" | "aprPercent" | "sourcePriceUsd">) =>
      result.readings.push({ source, yieldTokenAddress, aprPercent: null, sourcePriceUsd: null, ...reading }),
  };
}

const isRefused = (read: object): read is LensRefused => "refused" in read;

/**
 * Aave v3: each reward of the aToken's incentives controller (RewardsController.getRewardsByAsset),
 * with getRewardsData's emissionPerSecond and distributionEnd. Priced by the pool's Aave oracle when
 * it is in USD (BASE_CURRENCY address(0)) and prices the reward, else by the controller's own reward
 * oracle (getRewardOracle: the Chainlink-style feed Aave's UiIncentiveDataProviderV3 reads).
 */
export function aaveReadings(instrument: OnChainRewardInstrument, read: LensAaveRead | LensRefused): SourceOutcome {
  const { result, fail, read: add } = outcome("aave-rewards-controller", instrument);
  if (isRefused(read)) return fail(read.refused);
  const failed = failedCallOf(read.failedCall);
  if (failed === "getRewardsByAsset: too many") return fail(`the incentives controller ${read.controller} lists more rewards for the aToken than are read (8)`);
  if (failed) return fail(`the aToken's ${failed} could not be read${failed === "getRewardsByAsset" ? ` (controller ${read.controller})` : ""}`);
  const oracleInUsd = read.oracleOk && isAddressEqual(read.baseCurrency, zeroAddress) && read.baseCurrencyUnit > 0n;
  for (const reward of read.rewards) {
    const symbol = symbolOf(reward.info);
    if (!reward.dataOk) fail(`RewardsController.getRewardsData(${instrument.yieldTokenAddress}, ${reward.token}) could not be read`);
    else if (!reward.info.ok || symbol === null) fail(`the reward token ${reward.token} has no readable decimals and symbol`);
    else
      add({
        tokenAddress: lower(reward.token),
        tokenSymbol: symbol,
        tokenDecimals: reward.info.decimals,
        tokensPerYear: aaveTokensPerYear({ emissionPerSecond: reward.emissionPerSecond, decimals: reward.info.decimals }),
        protocolPriceUsd: aavePriceOf(reward, oracleInUsd ? read.baseCurrencyUnit : null),
        startsAt: null,
        endsAt: Number(reward.distributionEnd),
      });
  }
  return result;
}

function aavePriceOf(reward: LensAaveReward, oracleUnit: bigint | null): number | null {
  const fromOracle = oracleUnit !== null && reward.priceOk ? priceIn(reward.price, oracleUnit) : null;
  return fromOracle ?? (reward.feedOk ? priceIn(reward.feedAnswer, 10n ** BigInt(reward.feedDecimals)) : null);
}

/**
 * Compound v3: CometRewards.rewardConfig(comet) and the Comet's tracking (reward-scales.ts). No token
 * configured is no stream. Priced by the Comet's own feed for the token when it is one of its
 * collaterals and the Comet prices in USD (its base feed is a known USD feed; a Comet's feeds all share
 * one unit), else left to the caller.
 */
export function cometReadings(instrument: OnChainRewardInstrument, read: LensCometRead | LensRefused, deployment: ChainDeployment): SourceOutcome {
  const { result, fail, read: add } = outcome("comet-rewards", instrument);
  if (isRefused(read)) return fail(read.refused);
  const failed = failedCallOf(read.failedCall);
  if (failed) return fail(`${failed === "rewardConfig" ? "CometRewards.rewardConfig" : `Comet.${failed}`} could not be read`);
  if (isAddressEqual(read.token, zeroAddress)) return result;
  const symbol = symbolOf(read.info);
  if (!read.info.ok || symbol === null) return fail(`the reward token ${read.token} has no readable decimals and symbol`);
  let tokensPerYear: number;
  try {
    tokensPerYear = cometTokensPerYear({ ...read, rescaleFactor: read.rescaleFactor, decimals: read.info.decimals });
  } catch (err) {
    return fail(`the Comet's reward scales are unusable: ${(err as Error).message}`);
  }
  const inUsd = deployment.priceFeeds[read.baseTokenPriceFeed.toLowerCase()] === "USD";
  add({
    tokenAddress: lower(read.token),
    tokenSymbol: symbol,
    tokenDecimals: read.info.decimals,
    tokensPerYear,
    protocolPriceUsd: inUsd && read.priceOk ? priceIn(read.price, COMET_PRICE_UNIT) : null,
    startsAt: null,
    endsAt: null,
  });
  return result;
}

/**
 * Fluid: the fToken's rewards rate model (getData), its getRate(totalAssets) and getConfig(). The
 * stream pays the underlying itself, through the share price. Its start is getRate's; its end is
 * getConfig's while getRate reads the same rewards (after them, a queued next round, whose end the
 * model does not expose, may pay). No model is no stream; a model whose rewards are not active pays nothing.
 */
export function fluidReadings(instrument: OnChainRewardInstrument, read: LensFluidRead | LensRefused): SourceOutcome {
  const { result, fail, read: add } = outcome("fluid-rewards-model", instrument);
  if (isRefused(read)) return fail(read.refused);
  const failed = failedCallOf(read.failedCall);
  if (failed) return fail(`${failed === "getRate" ? `the rewards model ${read.model}'s getRate` : `the fToken's ${failed}`} could not be read`);
  if (!isAddressEqual(read.asset, instrument.tokenAddress)) return fail(`the fToken's asset is ${read.asset}, not the catalog's ${instrument.tokenAddress}`);
  if (isAddressEqual(read.model, zeroAddress)) return result;
  const symbol = symbolOf(read.info);
  if (!read.info.ok || symbol === null) return fail(`the fToken's asset ${read.asset} has no readable decimals and symbol`);
  const sameRewards = read.configOk && read.configStartTime === read.startTime;
  add({
    tokenAddress: lower(read.asset),
    tokenSymbol: symbol,
    tokenDecimals: read.info.decimals,
    // The fToken applies the model's rate only while its rewards are active (getData).
    tokensPerYear: fluidTokensPerYear({ rate: read.rate, ended: read.ended || !read.rewardsActive, totalAssets: read.totalAssets, decimals: read.info.decimals }),
    protocolPriceUsd: null,
    startsAt: read.startTime > 0n ? Number(read.startTime) : null,
    endsAt: sameRewards ? Number(read.configEndTime) : null,
  });
  return result;
}
