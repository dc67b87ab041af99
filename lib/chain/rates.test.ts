import { describe, expect, it } from "vitest";
import { aaveApyPercent, cometApyPercent, ratio, sharePriceApyPercent, usdValue } from "./rates";

describe("APY formulas (protocols.md)", () => {
  it("4 % APR compounds to 4.0811 % for Aave's ray rate and Comet's per-second rate", () => {
    expect(aaveApyPercent(4n * 10n ** 25n)).toBeCloseTo(4.0811, 4);
    expect(cometApyPercent(1_268_391_679n)).toBeCloseTo(4.0811, 4);
  });

  it("zero rates give zero APY", () => {
    expect(aaveApyPercent(0n)).toBe(0);
    expect(cometApyPercent(0n)).toBe(0);
  });

  it("share-price growth annualises over the sampled interval", () => {
    // 1 % in half a year is (1.01)^2 − 1 = 2.01 % a year.
    expect(sharePriceApyPercent(10n ** 18n, 0, 101n * 10n ** 16n, 31_536_000 / 2)).toBeCloseTo(2.01, 10);
    // A falling share price gives a negative APY, not an error.
    expect(sharePriceApyPercent(10n ** 18n, 0, 99n * 10n ** 16n, 31_536_000)).toBeCloseTo(-1, 10);
    expect(() => sharePriceApyPercent(10n ** 18n, 100, 10n ** 18n, 100)).toThrow(RangeError);
    expect(() => sharePriceApyPercent(0n, 0, 10n ** 18n, 100)).toThrow(RangeError);
  });

  it("ratio and usdValue keep precision beyond 2^53", () => {
    expect(ratio(10n ** 40n, 3n * 10n ** 22n)).toBeCloseTo(1e18 / 3, 0);
    expect(ratio(1n, 3n)).toBeCloseTo(1 / 3, 15);
    expect(usdValue(2_500_123_456n, 6, 100_000_000n, 10n ** 8n)).toBe(2500.123456);
    expect(usdValue(15n * 10n ** 17n, 18, 341_255_000_000n, 10n ** 8n)).toBeCloseTo(5118.825, 9);
  });
});
