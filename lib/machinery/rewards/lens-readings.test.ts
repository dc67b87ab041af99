import { stringToHex, zeroAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { aaveReadings, cometReadings, fluidReadings, type OnChainRewardInstrument } from "./lens-readings";
import { chunksOf, type LensAaveRead, type LensAaveReward, type LensCometRead, type LensFluidRead } from "./rewards-lens";

// The lens's raw values turned into readings: what the chain tests cannot easily make a contract
// answer (a bytes32 symbol, a non-USD oracle, a queued next round of Fluid rewards).

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Hex;
const name32 = (text: string) => stringToHex(text, { size: 32 });
const none = name32("");
const token = (symbol: string, decimals = 18) => ({ ok: true, decimals, symbol: name32(symbol) });
const instrument = (protocol: OnChainRewardInstrument["protocol"]): OnChainRewardInstrument => ({
  protocol,
  adapterAddress: addr(1),
  tokenAddress: addr(2),
  tokenDecimals: 6,
  yieldTokenAddress: addr(3),
});

const aaveReward = (over: Partial<LensAaveReward> = {}): LensAaveReward => ({
  token: addr(10),
  dataOk: true,
  emissionPerSecond: 10n ** 18n,
  distributionEnd: 2_000_000_000n,
  info: token("AAVE"),
  priceOk: true,
  price: 18_000_000_000n,
  feedOk: true,
  feedAnswer: 17_000_000_000n,
  feedDecimals: 8,
  ...over,
});
const aaveRead = (over: Partial<LensAaveRead> = {}): LensAaveRead => ({
  failedCall: none,
  controller: addr(9),
  oracleOk: true,
  baseCurrency: zeroAddress,
  baseCurrencyUnit: 10n ** 8n,
  rewards: [aaveReward()],
  ...over,
});

describe("Aave readings", () => {
  it("price with the pool's oracle in USD, else the reward oracle, else none", () => {
    expect(aaveReadings(instrument("aave"), aaveRead()).readings[0]!.protocolPriceUsd).toBe(180);
    // An oracle priced in ETH (BASE_CURRENCY not address(0)) is not a USD price.
    expect(aaveReadings(instrument("aave"), aaveRead({ baseCurrency: addr(5) })).readings[0]!.protocolPriceUsd).toBe(170);
    const unpriced = aaveRead({ rewards: [aaveReward({ priceOk: false, feedOk: false })] });
    expect(aaveReadings(instrument("aave"), unpriced).readings[0]!.protocolPriceUsd).toBeNull();
  });

  it("read a bytes32 symbol (as MKR answers) like a string, and fail a reward whose symbol is not text", () => {
    const bytes32 = aaveRead({ rewards: [aaveReward({ info: { ok: true, decimals: 18, symbol: name32("MKR") } })] });
    expect(aaveReadings(instrument("aave"), bytes32).readings[0]!.tokenSymbol).toBe("MKR");
    const garbage = aaveRead({ rewards: [aaveReward({ info: { ok: true, decimals: 18, symbol: `0xff${"00".repeat(31)}` } }), aaveReward({ token: addr(11) })] });
    const outcome = aaveReadings(instrument("aave"), garbage);
    expect(outcome.readings.map((r) => r.tokenAddress)).toEqual([addr(11)]);
    expect(outcome.failures).toEqual([
      { source: "aave-rewards-controller", yieldTokenAddress: addr(3), reason: `the reward token ${addr(10)} has no readable decimals and symbol` },
    ]);
  });

  it("a controller that fails, and a node that refused the call, are failures", () => {
    expect(aaveReadings(instrument("aave"), aaveRead({ failedCall: name32("getIncentivesController") })).failures[0]!.reason).toBe(
      "the aToken's getIncentivesController could not be read",
    );
    expect(aaveReadings(instrument("aave"), aaveRead({ failedCall: name32("getRewardsByAsset: too many") })).failures[0]!.reason).toBe(
      `the incentives controller ${addr(9)} lists more rewards for the aToken than are read (8)`,
    );
    expect(aaveReadings(instrument("aave"), { refused: "too large" }).failures[0]!.reason).toBe("too large");
    // No controller at all is no stream, and nothing failed.
    expect(aaveReadings(instrument("aave"), aaveRead({ controller: zeroAddress, rewards: [] }))).toEqual({ readings: [], failures: [] });
  });
});

const cometRead = (over: Partial<LensCometRead> = {}): LensCometRead => ({
  failedCall: none,
  token: addr(20),
  rescaleFactor: 10n ** 12n,
  shouldUpscale: true,
  multiplier: 10n ** 18n,
  baseTrackingSupplySpeed: 10n ** 12n,
  trackingIndexScale: 10n ** 15n,
  baseScale: 10n ** 6n,
  baseAccrualScale: 10n ** 6n,
  baseMinForRewards: 1n,
  totalSupplyBase: 10n,
  info: token("COMP"),
  baseTokenPriceFeed: addr(30),
  priceOk: true,
  price: 4_500_000_000n,
  ...over,
});
const deployment = (feeds: Record<string, "USD" | "ETH">) => ({ priceFeeds: feeds }) as unknown as ChainDeployment;

describe("Compound readings", () => {
  it("price with the Comet's feed only when the Comet prices in USD", () => {
    expect(cometReadings(instrument("compound"), cometRead(), deployment({ [addr(30)]: "USD" })).readings[0]!.protocolPriceUsd).toBe(45);
    expect(cometReadings(instrument("compound"), cometRead(), deployment({ [addr(30)]: "ETH" })).readings[0]!.protocolPriceUsd).toBeNull();
    expect(cometReadings(instrument("compound"), cometRead(), deployment({})).readings[0]!.protocolPriceUsd).toBeNull();
  });

  it("no reward configured is no stream; unusable scales are a failure", () => {
    expect(cometReadings(instrument("compound"), cometRead({ token: zeroAddress }), deployment({}))).toEqual({ readings: [], failures: [] });
    expect(cometReadings(instrument("compound"), cometRead({ rescaleFactor: 0n }), deployment({})).failures[0]!.reason).toMatch(/scales are unusable/);
    expect(cometReadings(instrument("compound"), cometRead({ failedCall: name32("totalsBasic") }), deployment({})).failures[0]!.reason).toBe(
      "Comet.totalsBasic could not be read",
    );
  });
});

const fluidRead = (over: Partial<LensFluidRead> = {}): LensFluidRead => ({
  failedCall: none,
  model: addr(40),
  rewardsActive: true,
  asset: addr(2),
  totalAssets: 10n ** 12n,
  rate: 2n * 10n ** 12n,
  ended: false,
  startTime: 1_000n,
  configOk: true,
  configStartTime: 1_000n,
  configEndTime: 9_000n,
  info: token("USDC", 6),
  ...over,
});

describe("Fluid readings", () => {
  it("end with the model's current rewards, and have no known end once a queued next round pays", () => {
    expect(fluidReadings(instrument("fluid"), fluidRead()).readings[0]).toMatchObject({ startsAt: 1_000, endsAt: 9_000, tokensPerYear: 20_000 });
    // getRate answers the next round (starting at the current one's end); its end is not exposed.
    expect(fluidReadings(instrument("fluid"), fluidRead({ startTime: 9_000n })).readings[0]).toMatchObject({ startsAt: 9_000, endsAt: null });
  });

  it("pay nothing while the fToken's rewards are not active", () => {
    expect(fluidReadings(instrument("fluid"), fluidRead({ rewardsActive: false })).readings[0]!.tokensPerYear).toBe(0);
  });

  it("an fToken of another asset is a failure; one without a model has no stream", () => {
    expect(fluidReadings(instrument("fluid"), fluidRead({ asset: addr(7) })).failures[0]!.reason).toBe(
      `the fToken's asset is ${addr(7)}, not the catalog's ${addr(2)}`,
    );
    expect(fluidReadings(instrument("fluid"), fluidRead({ model: zeroAddress }))).toEqual({ readings: [], failures: [] });
  });
});

describe("the lens's calls", () => {
  it("hold as many sources as fit the answer budget, in order, and one call when there are none", () => {
    const input = { aave: Array.from({ length: 70 }, (_, i) => ({ aToken: addr(i), oracle: addr(0) })), cometRewards: addr(1), comets: [addr(100)], fTokens: [addr(200)] };
    const chunks = chunksOf(input);
    expect(chunks.length).toBe(3);
    expect(chunks.flatMap((c) => c.aave)).toEqual(input.aave);
    expect(chunks.at(-1)).toMatchObject({ comets: [addr(100)], fTokens: [addr(200)] });
    expect(chunksOf({ aave: [], cometRewards: addr(1), comets: [], fTokens: [] })).toHaveLength(1);
  });
});
