import { describe, expect, it } from "vitest";
import { aaveTokensPerYear, cometTokensPerYear, fluidTokensPerYear, priceIn, type CometTracking } from "./reward-scales";

describe("Aave: emissionPerSecond in the reward's smallest units", () => {
  it("is a year of the stream in whole tokens", () => {
    expect(aaveTokensPerYear({ emissionPerSecond: 10n ** 18n, decimals: 18 })).toBe(31_536_000);
    expect(aaveTokensPerYear({ emissionPerSecond: 1_000_000n, decimals: 6 })).toBe(31_536_000);
    expect(aaveTokensPerYear({ emissionPerSecond: 0n, decimals: 18 })).toBe(0);
  });
});

describe("Compound: baseTrackingSupplySpeed over trackingIndexScale, through CometRewards' rescale and multiplier", () => {
  // Mainnet's USDC Comet's scales (configuration.json indexScale 1e15) with COMP (18 decimals):
  // CometRewards upscales the 1e6 accrual scale by 1e12.
  const usdc: CometTracking = {
    baseTrackingSupplySpeed: 1_250_000_000_000n, // 0.00125 COMP a second
    trackingIndexScale: 10n ** 15n,
    baseScale: 10n ** 6n,
    baseAccrualScale: 10n ** 6n,
    baseMinForRewards: 10n ** 12n,
    totalSupplyBase: 180n * 10n ** 12n,
    rescaleFactor: 10n ** 12n,
    shouldUpscale: true,
    multiplier: 10n ** 18n,
    decimals: 18,
  };

  it("is speed / trackingIndexScale whole tokens a second with the default multiplier", () => {
    expect(cometTokensPerYear(usdc)).toBe(0.00125 * 31_536_000);
  });

  it("does not depend on the base token's scale, nor on the reward's decimals once rescaled", () => {
    expect(cometTokensPerYear({ ...usdc, baseScale: 10n ** 18n, totalSupplyBase: 45_000n * 10n ** 18n })).toBe(39_420);
    // A 4-decimal reward: CometRewards divides the 1e6 accrual scale by 1e2.
    expect(cometTokensPerYear({ ...usdc, rescaleFactor: 100n, shouldUpscale: false, decimals: 4 })).toBe(39_420);
  });

  it("scales by the multiplier (FACTOR_SCALE 1e18)", () => {
    expect(cometTokensPerYear({ ...usdc, multiplier: 5n * 10n ** 17n })).toBe(19_710);
  });

  it("is 0 while the suppliers' principal is below baseMinForRewards", () => {
    expect(cometTokensPerYear({ ...usdc, totalSupplyBase: 10n ** 12n - 1n })).toBe(0);
    expect(cometTokensPerYear({ ...usdc, totalSupplyBase: 10n ** 12n })).toBe(39_420);
  });

  it("refuses a zero scale instead of dividing by it", () => {
    expect(() => cometTokensPerYear({ ...usdc, trackingIndexScale: 0n })).toThrow(RangeError);
    expect(() => cometTokensPerYear({ ...usdc, rescaleFactor: 0n })).toThrow(RangeError);
    expect(() => cometTokensPerYear({ ...usdc, baseScale: 10n ** 5n })).toThrow(RangeError);
  });
});

describe("Fluid: the rewards rate (1e12 = 1 %) of the fToken's total assets", () => {
  it("is rate / 1e14 of the total assets a year, in the underlying", () => {
    expect(fluidTokensPerYear({ rate: 2n * 10n ** 12n, ended: false, totalAssets: 10n ** 12n, decimals: 6 })).toBe(20_000);
    expect(fluidTokensPerYear({ rate: 50n * 10n ** 12n, ended: false, totalAssets: 10n ** 12n, decimals: 6 })).toBe(500_000);
  });

  it("is 0 once ended, and above the fToken's cap (MAX_REWARDS_RATE 50 %), as the fToken applies it", () => {
    expect(fluidTokensPerYear({ rate: 2n * 10n ** 12n, ended: true, totalAssets: 10n ** 12n, decimals: 6 })).toBe(0);
    expect(fluidTokensPerYear({ rate: 50n * 10n ** 12n + 1n, ended: false, totalAssets: 10n ** 12n, decimals: 6 })).toBe(0);
  });
});

describe("a price in a unit", () => {
  it("divides by the unit, and is unknown when not positive", () => {
    expect(priceIn(18_000_000_000n, 10n ** 8n)).toBe(180);
    expect(priceIn(0n, 10n ** 8n)).toBeNull();
    expect(priceIn(-1n, 10n ** 8n)).toBeNull();
    expect(priceIn(1n, 0n)).toBeNull();
  });
});
