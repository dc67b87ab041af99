import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erc20Abi, erc4626Abi, zeroAddress, type Abi, type Hex } from "viem";
import { createChainClient } from "@/lib/machinery/chain/client";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { readOnChainRewards, type OnChainRewardInstrument, type OnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
import type { RewardReading } from "@/lib/machinery/rewards/reward-reading";
import * as aave from "@/devnet/generated/aave-rewards";
import { aaveOracleArtifact, aTokenInstanceArtifact } from "@/devnet/generated/aave-v3";
import * as comet from "@/devnet/generated/comet-rewards";
import { cometProxyAdminArtifact, configuratorArtifact } from "@/devnet/generated/comet";
import { fTokenArtifact } from "@/devnet/generated/fluid";
import * as fluid from "@/devnet/generated/fluid-rewards";
import { AAVE_DEPLOYER } from "@/devnet/plan/aave";
import { devnetAddresses as a } from "@/devnet/plan/addresses";
import { compoundContracts, compoundRoles } from "@/devnet/plan/compound";
import { devnetCometStream } from "@/devnet/plan/rewards";
import { cometAbi } from "@/devnet/protocols/compound/actions";
import { FLUID_DEPLOYER } from "@/devnet/protocols/fluid/deploy";
import { setFeedAnswer } from "@/devnet/protocols/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import { aaveRewardPerYearExpected, cometRewardPerYearExpected, expectRelative, fluidRewardPerYearExpected } from "./formulas";

// The on-chain reward readers against the local chain, whose markets and streams run on the
// protocols' own contracts (vendor/): each stream's yearly amount and APR, computed here from the
// contracts' raw values with plain eth_calls and each contract's own accrual steps (formulas.ts), equal
// the reader's. What the plan does not set up (a stream stopped, a multiplier, a reward without the
// pool oracle's price) is made by the contracts' own administrators, as their governance would.

let devnet: TestDevnet;
let proxy: RpcProxy;
beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProxy(devnet.url);
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

// Every test that changes the chain undoes it.
let snapshot: Hex;
beforeEach(async () => {
  snapshot = await devnet.rpc<Hex>("evm_snapshot");
});
afterEach(async () => {
  await devnet.rpc("evm_revert", [snapshot]);
  // The reverted transactions' nonces are free again.
  devnet.ctx.forgetSenders();
});

const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 0, timeoutMs: 5_000 });
const read = <T>(address: Hex, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  devnet.reader.readContract({ address, abi, functionName, args } as never) as Promise<T>;
/** A transaction from the account of `role` (the contracts' administrators: plan/aave.ts, plan/compound.ts, …). */
const sendAs = async (role: string, address: Hex, abi: Abi, functionName: string, args: readonly unknown[]) =>
  (await devnet.ctx.sender(role)).call({ address, abi, functionName, args });
/**
 * Compound's governance changing a Comet's tracking (the Configurator's setters, then
 * CometProxyAdmin.deployAndUpgradeTo: a new implementation built by CometFactory), as a proposal would.
 */
async function setCometTracking(comet: Hex, { speed, minForRewards }: { speed?: bigint; minForRewards?: bigint }) {
  const configurator = a[compoundContracts.configurator];
  if (speed !== undefined) await sendAs(compoundRoles.governor, configurator, configuratorArtifact.abi, "setBaseTrackingSupplySpeed", [comet, speed]);
  if (minForRewards !== undefined) await sendAs(compoundRoles.governor, configurator, configuratorArtifact.abi, "setBaseMinForRewards", [comet, minForRewards]);
  await sendAs(compoundRoles.governor, a[compoundContracts.proxyAdmin], cometProxyAdminArtifact.abi, "deployAndUpgradeTo", [configurator, comet]);
}

const instrumentsOf = (...symbols: string[]): OnChainRewardInstrument[] =>
  localChainInstruments.filter((i) => symbols.includes(i.yieldTokenSymbol));
const rewardsOf = (instruments: readonly OnChainRewardInstrument[], deployment = deploymentOf(LOCAL_CHAIN_ID)) =>
  readOnChainRewards({ client: client(), chainId: LOCAL_CHAIN_ID, instruments, deployment });
const only = (answer: OnChainRewards, yieldToken: Hex): RewardReading => {
  const found = answer.readings.filter((r) => r.yieldTokenAddress === yieldToken.toLowerCase());
  expect(found, yieldToken).toHaveLength(1);
  return found[0]!;
};
const blockTime = async () => Number((await devnet.reader.getBlock()).timestamp);
const usd8 = (price: bigint) => Number(price) / 1e8;

describe("the local chain's streams", () => {
  it("Aave: the aToken's RewardsController stream, a year of it and its APR as the distributor pays them", async () => {
    const answer = await rewardsOf(instrumentsOf("aLocUSDC"));
    expect(answer.failures).toEqual([]);
    const controller = await read<Hex>(a.aUsdc, aTokenInstanceArtifact.abi, "getIncentivesController");
    expect(controller).toBe(a.aaveRewardsController);
    const rewards = await read<Hex[]>(controller, aave.rewardsControllerArtifact.abi, "getRewardsByAsset", [a.aUsdc]);
    expect(rewards).toEqual([a.aaveToken]);
    const [, emissionPerSecond, , distributionEnd] = await read<bigint[]>(controller, aave.rewardsControllerArtifact.abi, "getRewardsData", [a.aUsdc, a.aaveToken]);
    const scaledTotalSupply = await read<bigint>(a.aUsdc, aTokenInstanceArtifact.abi, "scaledTotalSupply");
    const rewardDecimals = BigInt(await read<number>(a.aaveToken, erc20Abi, "decimals"));
    const expected = aaveRewardPerYearExpected({ emissionPerSecond: emissionPerSecond!, scaledTotalSupply, assetDecimals: 6n, rewardDecimals });
    const price = usd8(await read<bigint>(a.aaveOracle, aaveOracleArtifact.abi, "getAssetPrice", [a.aaveToken]));

    const reading = only(answer, a.aUsdc);
    expect(reading).toMatchObject({
      source: "aave-rewards-controller",
      tokenAddress: a.aaveToken.toLowerCase(),
      tokenSymbol: "AAVE",
      tokenDecimals: 18,
      protocolPriceUsd: price,
      startsAt: null,
      endsAt: Number(distributionEnd),
      aprPercent: null,
      sourcePriceUsd: null,
    });
    expectRelative(reading.tokensPerYear!, expected);
    // APR: a year of AAVE (11,000) at the oracle's price ($180) over the USDC supplied (250 M and the demo
    // wallet's, scaled by the liquidity index; USDC at $1): about 0.79 %.
    const apr = ((expected * price) / (Number(scaledTotalSupply) / 1e6)) * 100;
    expectRelative(((reading.tokensPerYear! * reading.protocolPriceUsd!) / (Number(scaledTotalSupply) / 1e6)) * 100, apr);
    expect(apr).toBeCloseTo(0.792, 2);
    expect(reading.endsAt! - (await blockTime())).toBeGreaterThan(119 * 86_400);
  });

  it("Compound: the Comet's tracking speed through CometRewards, priced by the Comet's COMP feed", async () => {
    const answer = await rewardsOf(instrumentsOf("cUSDCv3"));
    expect(answer.failures).toEqual([]);
    const [token, rescaleFactor, shouldUpscale, multiplier] = await read<[Hex, bigint, boolean, bigint]>(a.cometRewards, comet.cometRewardsArtifact.abi, "rewardConfig", [a.cometUsdc]);
    expect(token).toBe(a.comp);
    const totals = await read<{ totalSupplyBase: bigint }>(a.cometUsdc, cometAbi, "totalsBasic");
    const expected = cometRewardPerYearExpected({
      speed: await read<bigint>(a.cometUsdc, cometAbi, "baseTrackingSupplySpeed"),
      baseScale: await read<bigint>(a.cometUsdc, cometAbi, "baseScale"),
      trackingIndexScale: await read<bigint>(a.cometUsdc, cometAbi, "trackingIndexScale"),
      accrualScale: await read<bigint>(a.cometUsdc, cometAbi, "baseAccrualScale"),
      totalSupplyBase: totals.totalSupplyBase,
      rescaleFactor,
      shouldUpscale,
      multiplier,
      rewardDecimals: 18n,
    });
    const { priceFeed } = await read<{ priceFeed: Hex }>(a.cometUsdc, cometAbi, "getAssetInfoByAddress", [a.comp]);
    const price = usd8(await read<bigint>(a.cometUsdc, cometAbi, "getPrice", [priceFeed]));

    const reading = only(answer, a.cometUsdc);
    expect(reading).toMatchObject({ source: "comet-rewards", tokenAddress: a.comp.toLowerCase(), tokenSymbol: "COMP", tokenDecimals: 18, protocolPriceUsd: 45, startsAt: null, endsAt: null });
    expect(price).toBe(45);
    expectRelative(reading.tokensPerYear!, expected);
    // 0.00125 COMP a second is 39,420 COMP a year; at $45 over the 180,001,200.5 USDC supplied (and the
    // interest since), about 0.99 %.
    expect(expected).toBeCloseTo(39_420, 3);
    const supplied = Number(await read<bigint>(a.cometUsdc, cometAbi, "totalSupply")) / 1e6;
    expect(((reading.tokensPerYear! * price) / supplied) * 100).toBeCloseTo(0.9855, 3);
  });

  it("Fluid: the fToken's rewards rate model, paid in the underlying, its APR the model's rate", async () => {
    const answer = await rewardsOf(instrumentsOf("fUSDC"));
    expect(answer.failures).toEqual([]);
    const data = await read<readonly unknown[]>(a.fUsdc, fTokenArtifact.abi, "getData");
    expect(data[2]).toBe(a.fluidRewardsModel);
    expect(data[5]).toBe(true);
    const totalAssets = await read<bigint>(a.fUsdc, erc4626Abi, "totalAssets");
    const modelAbi = fluid.fluidLendingRewardsRateModelArtifact.abi;
    const [rate, ended, startTime] = await read<[bigint, boolean, bigint]>(a.fluidRewardsModel, modelAbi, "getRate", [totalAssets]);
    const config = await read<bigint[]>(a.fluidRewardsModel, modelAbi, "getConfig");
    expect(ended).toBe(false);

    const reading = only(answer, a.fUsdc);
    expect(reading).toMatchObject({
      source: "fluid-rewards-model",
      tokenAddress: a.usdc.toLowerCase(),
      tokenSymbol: "USDC",
      tokenDecimals: 6,
      protocolPriceUsd: null,
      startsAt: Number(startTime),
      endsAt: Number(config[2]),
    });
    expectRelative(reading.tokensPerYear!, fluidRewardPerYearExpected({ rate, totalAssets, decimals: 6n }));
    // Paid in the underlying, the APR is the rate itself (1e12 = 1 %): 300,000 USDC over 90 days on
    // about 60 M, about 2.03 % here.
    expectRelative((reading.tokensPerYear! / (Number(totalAssets) / 1e6)) * 100, Number(rate) / 1e12, 1e-6);
    expect(Number(rate) / 1e12).toBeCloseTo(2.03, 1);
  });

  it("reads every source of the chain in one eth_call, at the pinned block; other instruments have none", async () => {
    const head = await devnet.reader.getBlock();
    const seen = proxy.requests.length;
    const answer = await readOnChainRewards({ client: pinnedToBlock(client(), head.number), chainId: LOCAL_CHAIN_ID, instruments: localChainInstruments });
    const requests = proxy.requests.slice(seen);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.match(/"eth_call"/g)).toHaveLength(1);
    expect(requests[0]).toContain(`"0x${head.number.toString(16)}"`);
    expect(answer.failures).toEqual([]);
    expect(answer.blockNumber).toBe(head.number);
    expect(answer.blockTimestamp).toBe(Number(head.timestamp));
    expect(answer.readings.map((r) => r.source).sort()).toEqual(["aave-rewards-controller", "comet-rewards", "fluid-rewards-model"]);
  });

  it("a chain with many markets takes several eth_calls, still in one HTTP request", async () => {
    const aUsdc = instrumentsOf("aLocUSDC")[0]!;
    const seen = proxy.requests.length;
    const answer = await rewardsOf(Array.from({ length: 80 }, () => aUsdc));
    const requests = proxy.requests.slice(seen);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.match(/"eth_call"/g)!.length).toBeGreaterThan(1);
    expect(answer.readings).toHaveLength(80);
    expect(new Set(answer.readings.map((r) => r.tokensPerYear)).size).toBe(1);
  });
});

describe("streams that pay nothing now", () => {
  it("an ended stream is reported with its end, at the block's time, for the caller to drop", async () => {
    const before = await rewardsOf(instrumentsOf("aLocUSDC", "fUSDC"));
    const aaveEnd = only(before, a.aUsdc).endsAt!;
    const fluidEnd = only(before, a.fUsdc).endsAt!;
    await devnet.advance(Math.max(aaveEnd, fluidEnd) - (await blockTime()) + 1);
    const after = await rewardsOf(instrumentsOf("aLocUSDC", "fUSDC"));
    expect(after.failures).toEqual([]);
    expect(after.blockTimestamp!).toBeGreaterThan(aaveEnd);
    // Aave keeps the emission it had; the distribution end says it stopped.
    expect(only(after, a.aUsdc)).toMatchObject({ endsAt: aaveEnd, tokensPerYear: only(before, a.aUsdc).tokensPerYear });
    // Fluid's model reports the end and no rate any more (and the fToken no active rewards).
    expect(only(after, a.fUsdc)).toMatchObject({ endsAt: fluidEnd, tokensPerYear: 0 });
  });

  it("a stream emitting nothing is reported with 0 a year: Aave at emission 0, a Comet at speed 0 or below its minimum", async () => {
    // The RewardsController's emission manager stops the stream; Compound's governance sets the speed to 0.
    await sendAs(AAVE_DEPLOYER, a.aaveRewardsController, aave.rewardsControllerArtifact.abi, "setEmissionPerSecond", [a.aUsdc, [a.aaveToken], [0n]]);
    await setCometTracking(a.cometUsdc, { speed: 0n });
    expect(await read<bigint>(a.cometUsdc, cometAbi, "baseTrackingSupplySpeed")).toBe(0n);
    const answer = await rewardsOf(instrumentsOf("aLocUSDC", "cUSDCv3"));
    expect(answer.failures).toEqual([]);
    expect(only(answer, a.aUsdc).tokensPerYear).toBe(0);
    expect(only(answer, a.cometUsdc).tokensPerYear).toBe(0);
    // Comet tracks nothing while the suppliers' principal is below baseMinForRewards, whatever the speed.
    await setCometTracking(a.cometUsdc, { speed: devnetCometStream.baseTrackingSupplySpeed, minForRewards: 10n ** 18n });
    const { totalSupplyBase } = await read<{ totalSupplyBase: bigint }>(a.cometUsdc, cometAbi, "totalsBasic");
    expect(totalSupplyBase).toBeLessThan(10n ** 18n);
    expect(await read<bigint>(a.cometUsdc, cometAbi, "baseTrackingSupplySpeed")).toBe(devnetCometStream.baseTrackingSupplySpeed);
    expect(only(await rewardsOf(instrumentsOf("cUSDCv3")), a.cometUsdc).tokensPerYear).toBe(0);
  });

  it("instruments without a source have no stream and no failure", async () => {
    // aLocWETH's incentives controller (the RewardsController, every aToken's) lists no reward for it,
    // cWETHv3 has no reward in CometRewards (a tracking speed, but nothing pays it), fWETH no rewards model.
    expect(await read<Hex[]>(a.aaveRewardsController, aave.rewardsControllerArtifact.abi, "getRewardsByAsset", [a.aWeth])).toEqual([]);
    expect((await read<[Hex]>(a.cometRewards, comet.cometRewardsArtifact.abi, "rewardConfig", [a.cometWeth]))[0]).toBe(zeroAddress);
    expect((await read<readonly unknown[]>(a.fWeth, fTokenArtifact.abi, "getData"))[2]).toBe(zeroAddress);
    const answer = await rewardsOf(instrumentsOf("aLocWETH", "cWETHv3", "fWETH", "steakUSDC"));
    expect(answer).toMatchObject({ readings: [], failures: [] });
  });
});

describe("scales and prices beyond the plan's", () => {
  it("a CometRewards multiplier, and a reward that is not the Comet's collateral: no protocol price", async () => {
    // CometRewards' governor pays COMP for the WETH Comet's tracking (its planned speed, 0.000447916… COMP a
    // second) at half the rate.
    await sendAs(compoundRoles.governor, a.cometRewards, comet.cometRewardsArtifact.abi, "setRewardConfigWithMultiplier", [a.cometWeth, a.comp, 5n * 10n ** 17n]);
    const speed = await read<bigint>(a.cometWeth, cometAbi, "baseTrackingSupplySpeed");
    expect(speed).toBe(447_916_666_666n);
    const [, rescaleFactor, shouldUpscale, multiplier] = await read<[Hex, bigint, boolean, bigint]>(a.cometRewards, comet.cometRewardsArtifact.abi, "rewardConfig", [a.cometWeth]);
    expect(multiplier).toBe(5n * 10n ** 17n);
    const reading = only(await rewardsOf(instrumentsOf("cWETHv3")), a.cometWeth);
    const expected = cometRewardPerYearExpected({
      speed,
      baseScale: await read<bigint>(a.cometWeth, cometAbi, "baseScale"),
      trackingIndexScale: await read<bigint>(a.cometWeth, cometAbi, "trackingIndexScale"),
      accrualScale: await read<bigint>(a.cometWeth, cometAbi, "baseAccrualScale"),
      totalSupplyBase: (await read<{ totalSupplyBase: bigint }>(a.cometWeth, cometAbi, "totalsBasic")).totalSupplyBase,
      rescaleFactor,
      shouldUpscale,
      multiplier,
      rewardDecimals: 18n,
    });
    expectRelative(reading.tokensPerYear!, expected);
    expect(expected).toBeCloseTo((447_916_666_666 / 1e15) * 31_536_000 * 0.5, 6);
    expect(reading.protocolPriceUsd).toBeNull();
  });

  it("Aave: without the pool oracle's price, the controller's reward oracle prices the reward", async () => {
    // The pool admin takes AAVE's source out of the Core oracle, which has no fallback oracle: its
    // getAssetPrice(AAVE) now reverts. The controller's reward oracle (the AAVE / USD feed) moves to $175.
    await sendAs(AAVE_DEPLOYER, a.aaveOracle, aaveOracleArtifact.abi, "setAssetSources", [[a.aaveToken], [zeroAddress]]);
    await expect(read<bigint>(a.aaveOracle, aaveOracleArtifact.abi, "getAssetPrice", [a.aaveToken])).rejects.toThrow();
    await setFeedAnswer(devnet.ctx, "aaveTokenPriceFeed", 17_500_000_000n);
    expect(only(await rewardsOf(instrumentsOf("aLocUSDC")), a.aUsdc).protocolPriceUsd).toBe(175);
    // A feed answering nothing leaves the price unknown, never 0.
    await setFeedAnswer(devnet.ctx, "aaveTokenPriceFeed", 0n);
    expect(only(await rewardsOf(instrumentsOf("aLocUSDC")), a.aUsdc).protocolPriceUsd).toBeNull();
  });
});

describe("a source that cannot be read", () => {
  const reasonsOf = (answer: OnChainRewards) => answer.failures.map((f) => `${f.source} ${f.yieldTokenAddress}: ${f.reason}`);

  it("is a failure of its instrument, never an empty list; the others are read", async () => {
    // An incentives controller that is no RewardsController. A v3.7 aToken's controller is fixed at its
    // construction (REWARDS_CONTROLLER is immutable), so the controller's code is swapped for a token's:
    // it answers no getRewardsByAsset.
    await devnet.rpc("anvil_setCode", [a.aaveRewardsController, await devnet.reader.getCode({ address: a.usdc })]);
    // An fToken whose rewards model reverts (its getData then reverts too): the lending factory's owner
    // points fUSDC's rewards at the USDC token, which answers no getRate.
    await sendAs(FLUID_DEPLOYER, a.fUsdc, fTokenArtifact.abi, "updateRewards", [a.usdc]);
    await expect(read(a.fUsdc, fTokenArtifact.abi, "getData")).rejects.toThrow();
    const answer = await rewardsOf(instrumentsOf("aLocUSDC", "fUSDC", "cUSDCv3"));
    expect(reasonsOf(answer)).toEqual([
      `aave-rewards-controller ${a.aUsdc.toLowerCase()}: the aToken's getRewardsByAsset could not be read (controller ${a.aaveRewardsController})`,
      `fluid-rewards-model ${a.fUsdc.toLowerCase()}: the fToken's getData could not be read`,
    ]);
    expect(answer.readings.map((r) => r.source)).toEqual(["comet-rewards"]);
  });

  it("a market that is not what the catalog says, and a CometRewards that answers nothing, are failures", async () => {
    const notAnAToken = { ...instrumentsOf("aLocUSDC")[0]!, yieldTokenAddress: a.usdc };
    const deployment = { ...deploymentOf(LOCAL_CHAIN_ID), cometRewards: a.weth }; // a token, not CometRewards
    const answer = await rewardsOf([notAnAToken, ...instrumentsOf("cUSDCv3", "cWETHv3")], deployment);
    expect(reasonsOf(answer)).toEqual([
      `aave-rewards-controller ${a.usdc.toLowerCase()}: the aToken's getIncentivesController could not be read`,
      `comet-rewards ${a.cometUsdc.toLowerCase()}: CometRewards.rewardConfig could not be read`,
      `comet-rewards ${a.cometWeth.toLowerCase()}: CometRewards.rewardConfig could not be read`,
    ]);
    expect(answer.readings).toEqual([]);
  });

  it("an RPC that fails rejects the read", async () => {
    proxy.mode = "down";
    try {
      await expect(rewardsOf(instrumentsOf("aLocUSDC"))).rejects.toThrow();
    } finally {
      proxy.mode = "pass";
    }
  });
});

/** aLocWETH paying every one of `rewards` from the RewardsController. */
async function rewardAWethWith(rewards: Hex[]) {
  const now = await blockTime();
  const configs = rewards.map((reward) => ({
    emissionPerSecond: 10n ** 9n,
    totalSupply: 0n,
    distributionEnd: now + 86_400,
    asset: a.aWeth,
    reward,
    transferStrategy: a.aaveTransferStrategy,
    rewardOracle: a.aaveTokenPriceFeed,
  }));
  // aWETH's controller is already the RewardsController (every aToken's): its emission manager configures the rewards.
  expect(await read<Hex>(a.aWeth, aTokenInstanceArtifact.abi, "getIncentivesController")).toBe(a.aaveRewardsController);
  await sendAs(AAVE_DEPLOYER, a.aaveRewardsController, aave.rewardsControllerArtifact.abi, "configureAssets", [configs]);
}
const eightTokens = [a.usdc, a.weth, a.eurc, a.wbtc, a.comp, a.aaveToken, a.morphoUsdcVault, a.morphoWethVault];

describe("an aToken with many rewards", () => {
  it("more than eight are a failure, not a partial list", async () => {
    await rewardAWethWith([...eightTokens, a.fUsdc]);
    const answer = await rewardsOf(instrumentsOf("aLocWETH"));
    expect(answer.readings).toEqual([]);
    expect(answer.failures.map((f) => f.reason)).toEqual([
      `the incentives controller ${a.aaveRewardsController} lists more rewards for the aToken than are read (8)`,
    ]);
  });
});

describe("an answer too large for one call", () => {
  it("is split and read again: eight rewards on each of forty aTokens", async () => {
    await rewardAWethWith(eightTokens);
    const seen = proxy.requests.length;
    const answer = await rewardsOf(Array.from({ length: 40 }, () => instrumentsOf("aLocWETH")[0]!));
    // The node refused the first calls' answers (over the contract-size limit): read again in halves.
    expect(proxy.requests.length - seen).toBeGreaterThan(1);
    expect(answer.failures).toEqual([]);
    expect(answer.readings).toHaveLength(320);
    expect(new Set(answer.readings.map((r) => r.tokenSymbol))).toEqual(new Set(["USDC", "WETH", "EURC", "WBTC", "COMP", "AAVE", "steakUSDC", "gtWETH"]));
  });
});
