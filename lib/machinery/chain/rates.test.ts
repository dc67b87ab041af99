import { describe, expect, it } from "vitest";
import {
  aaveApyPercent,
  cometApyPercent,
  fluidSupplyApyPercent,
  metaMorphoApyPercent,
  morphoSharesToAssets,
  ratio,
  sharePriceApyPercent,
  usdValue,
} from "./rates";

describe("APY formulas (docs/data.md)", () => {
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

  it("Fluid's supplyRate (1e2 precision) compounds like an APR: 400 is 4 % APR, 4.0811 % APY", () => {
    expect(fluidSupplyApyPercent(400n)).toBeCloseTo(4.0811, 4);
    expect(fluidSupplyApyPercent(0n)).toBe(0);
  });

  describe("MetaMorpho recipe A", () => {
    const WAD = 10n ** 18n;
    const perSecond = (apr: number) => BigInt(Math.round((apr * 1e18) / 31_536_000));

    it("one market at 100 % utilization, no fees, holding everything: the borrow rate, compounded continuously", () => {
      const market = {
        borrowRate: perSecond(0.05),
        totalSupplyAssets: 1_000n * WAD,
        totalBorrowAssets: 1_000n * WAD,
        fee: 0n,
        supplyAssets: 1_000n * WAD,
      };
      expect(metaMorphoApyPercent({ markets: [market], totalAssets: 1_000n * WAD, fee: 0n })).toBeCloseTo(
        Math.expm1(0.05) * 100,
        6,
      );
    });

    it("weights markets by the vault's assets in them and takes off utilization and both fees", () => {
      const busy = {
        borrowRate: perSecond(0.1),
        totalSupplyAssets: 100n * WAD,
        totalBorrowAssets: 80n * WAD,
        fee: WAD / 10n,
        supplyAssets: 60n * WAD,
      };
      const idle = {
        borrowRate: 0n,
        totalSupplyAssets: 40n * WAD,
        totalBorrowAssets: 0n,
        fee: 0n,
        supplyAssets: 40n * WAD,
      };
      // 10 % × 0.8 × 0.9 on 60 % of the assets, × (1 − 20 % vault fee) = 3.456 % a year, continuously.
      const apy = metaMorphoApyPercent({ markets: [busy, idle], totalAssets: 100n * WAD, fee: WAD / 5n });
      expect(apy).toBeCloseTo(Math.expm1(0.1 * 0.8 * 0.9 * 0.6 * 0.8) * 100, 6);
    });

    it("an empty vault or an empty market earns nothing instead of dividing by zero", () => {
      const empty = {
        borrowRate: perSecond(0.1),
        totalSupplyAssets: 0n,
        totalBorrowAssets: 0n,
        fee: 0n,
        supplyAssets: 0n,
      };
      expect(metaMorphoApyPercent({ markets: [empty], totalAssets: 0n, fee: 0n })).toBe(0);
      expect(metaMorphoApyPercent({ markets: [empty], totalAssets: 10n, fee: 0n })).toBe(0);
    });

    it("converts supply shares to assets rounding down, with Morpho Blue's virtual shares", () => {
      expect(morphoSharesToAssets(10n ** 6n, 0n, 0n)).toBe(1n);
      expect(morphoSharesToAssets(3n * 10n ** 6n, 1_000n, 1_000n * 10n ** 6n)).toBe(3n);
      expect(morphoSharesToAssets(10n ** 6n - 1n, 1_000n, 1_000n * 10n ** 6n)).toBe(0n);
    });
  });
});
