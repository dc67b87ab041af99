import { describe, expect, it } from "vitest";
import { judgeRewards, tokensPerYearOf } from "./judge-rewards";
import type { RewardReading } from "./reward-reading";

const aToken = "0x00000000000000000000000000000000000000a1" as const;
const arb = "0x00000000000000000000000000000000000000b2" as const;
const op = "0x00000000000000000000000000000000000000c3" as const;
const now = 1_800_000_000;

const reading = (over: Partial<RewardReading>): RewardReading => ({
  source: "aave-rewards-controller",
  yieldTokenAddress: aToken,
  tokenAddress: arb,
  tokenSymbol: "ARB",
  tokenDecimals: 18,
  tokensPerYear: 100_000,
  aprPercent: null,
  protocolPriceUsd: 0.5,
  sourcePriceUsd: null,
  startsAt: null,
  endsAt: now + 86_400,
  ...over,
});

const judge = (readings: RewardReading[], over: Partial<Parameters<typeof judgeRewards>[0]> = {}) =>
  judgeRewards({ readings, failures: [], atTime: now, suppliedUsd: 1_000_000, feedPriceUsd: () => null, ...over });

describe("judgeRewards", () => {
  it("prices a year of emission over the USD supplied, in percent", () => {
    const r = judge([reading({})]);
    // 100,000 ARB a year at $0.50 over $1M supplied: 5 %.
    expect(r.rewards).toEqual([
      { tokenAddress: arb, tokenSymbol: "ARB", apr: 5, priceUsd: 0.5, source: "aave-rewards-controller", endsAt: new Date((now + 86_400) * 1000).toISOString() },
    ]);
    expect(r.apyReward).toBe(5);
    expect(r.rewardsComplete).toBe(true);
  });

  it("drops a stream that has ended at the block's time, has not started, or emits nothing", () => {
    expect(judge([reading({ endsAt: now })]).rewards).toEqual([]);
    expect(judge([reading({ startsAt: now + 1 })]).rewards).toEqual([]);
    expect(judge([reading({ tokensPerYear: 0 })]).rewards).toEqual([]);
    expect(judge([reading({ endsAt: now })]).apyReward).toBe(0);
  });

  it("counts a token reported on chain and by Merkl once, the on-chain reading winning", () => {
    const merkl = reading({ source: "merkl", tokensPerYear: null, aprPercent: 7, protocolPriceUsd: null, sourcePriceUsd: 0.5 });
    const r = judge([merkl, reading({})]);
    expect(r.rewards.map((s) => [s.source, s.apr])).toEqual([["aave-rewards-controller", 5]]);
    expect(r.apyReward).toBe(5);
  });

  it("keeps two Merkl campaigns in one token (two streams), and a running one without a rate as unknown", () => {
    const merkl = (over: Partial<RewardReading>) =>
      reading({ source: "merkl", tokenAddress: op, tokenSymbol: "OP", tokensPerYear: null, aprPercent: 2, protocolPriceUsd: null, sourcePriceUsd: 1, ...over });
    const two = judge([merkl({}), merkl({ aprPercent: 3, endsAt: now + 7 * 86_400 })]);
    expect(two.rewards.map((s) => s.apr)).toEqual([3, 2]);
    expect(two.apyReward).toBe(5);
    const unknown = judge([merkl({ aprPercent: null })]);
    expect(unknown.rewards).toEqual([expect.objectContaining({ tokenSymbol: "OP", apr: null })]);
    expect(unknown.rewardsComplete).toBe(false);
  });

  it("takes the protocol's price, else the chain's feed, else the source's own, restating the source's APR at ours", () => {
    const merkl = reading({ source: "merkl", tokenAddress: op, tokenSymbol: "OP", tokensPerYear: null, aprPercent: 4, protocolPriceUsd: null, sourcePriceUsd: 2 });
    expect(judge([merkl]).rewards[0]).toMatchObject({ apr: 4, priceUsd: 2 });
    expect(judge([merkl], { feedPriceUsd: (t) => (t === op ? 1 : null) }).rewards[0]).toMatchObject({ apr: 2, priceUsd: 1 });
    expect(judge([reading({ protocolPriceUsd: null })], { feedPriceUsd: () => 1 }).rewards[0]).toMatchObject({ apr: 10, priceUsd: 1 });
  });

  it("is incomplete, never 0, when a token has no price or a source failed", () => {
    const unpriced = judge([reading({ protocolPriceUsd: null })]);
    expect(unpriced.rewards[0]).toMatchObject({ apr: null, priceUsd: null });
    expect(unpriced.rewardsComplete).toBe(false);
    const failed = judge([], { failures: [{ source: "merkl", yieldTokenAddress: aToken, reason: "HTTP 500" }] });
    expect(failed).toEqual({ rewards: [], apyReward: 0, rewardsComplete: false });
  });

  it("sums several tokens, largest APR first", () => {
    const r = judge([reading({}), reading({ tokenAddress: op, tokenSymbol: "OP", tokensPerYear: 400_000, protocolPriceUsd: 0.5 })]);
    expect(r.rewards.map((s) => s.tokenSymbol)).toEqual(["OP", "ARB"]);
    expect(r.apyReward).toBe(25);
  });
});

describe("tokensPerYearOf", () => {
  it("turns an emission per second in smallest units into whole tokens a year", () => {
    expect(tokensPerYearOf(10n ** 18n, 18)).toBe(31_536_000);
    expect(tokensPerYearOf(1_000_000n, 6)).toBe(31_536_000);
  });
});
