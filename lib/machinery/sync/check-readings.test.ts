import { describe, expect, it } from "vitest";
import { refuseImpossible } from "./check-readings";
import { exitLiquidityValues } from "./instrument-values";

const base = { apy: 4, tvl: 1_000, priceUsd: 1 };

describe("exitLiquidityValues", () => {
  it("values what suppliers could withdraw at the reading's price, and utilization as 1 − available / supplied", () => {
    // 250 of 1,000 USDC (6 decimals) withdrawable at $0.9998.
    expect(exitLiquidityValues({ available: 250_000_000n, supplied: 1_000_000_000n }, 6, 0.9998)).toEqual({
      availableLiquidityUsd: 250 * 0.9998,
      utilization: 0.75,
    });
    expect(exitLiquidityValues({ available: 0n, supplied: 5n * 10n ** 18n }, 18, 3_000).utilization).toBe(1);
  });

  it("never more than was supplied: cash beyond it (a Comet's reserves, tokens sent to an aToken) is not the suppliers'", () => {
    expect(exitLiquidityValues({ available: 1_500n, supplied: 1_000n }, 0, 2)).toEqual({ availableLiquidityUsd: 2_000, utilization: 0 });
  });

  it("is unknown (null), not 0, without a reading; an empty market has liquidity 0 and no utilization", () => {
    expect(exitLiquidityValues(undefined, 6, 1)).toEqual({ availableLiquidityUsd: null, utilization: null });
    expect(exitLiquidityValues({ available: 0n, supplied: 0n }, 6, 1)).toEqual({ availableLiquidityUsd: 0, utilization: null });
  });

  it("keeps a utilization in 0..1 at extreme amounts", () => {
    const supplied = 10n ** 40n + 7n;
    for (const available of [0n, 1n, supplied / 3n, supplied - 1n, supplied]) {
      const { utilization } = exitLiquidityValues({ available, supplied }, 18, 1);
      expect(utilization).toBeGreaterThanOrEqual(0);
      expect(utilization).toBeLessThanOrEqual(1);
    }
  });
});

describe("refuseImpossible", () => {
  it("refuses a utilization outside 0..1 and a negative available liquidity, naming them; accepts unknown ones", () => {
    const values = [
      { id: "a", ...base, utilization: 1.2, availableLiquidityUsd: 10 },
      { id: "b", ...base, utilization: -0.01, availableLiquidityUsd: 10 },
      { id: "c", ...base, utilization: Number.NaN, availableLiquidityUsd: 10 },
      { id: "d", ...base, utilization: 0.5, availableLiquidityUsd: -1 },
      { id: "e", ...base, utilization: null, availableLiquidityUsd: null },
      { id: "f", ...base, utilization: 0, availableLiquidityUsd: 1_000 },
      { id: "g", ...base, utilization: 1, availableLiquidityUsd: 0 },
    ];
    const { accepted, rejected } = refuseImpossible(values, 123);
    expect(accepted.map((v) => v.id)).toEqual(["e", "f", "g"]);
    expect(rejected).toEqual([
      { instrumentId: "a", block: 123, reason: "utilization 1.2 is outside 0 to 1" },
      { instrumentId: "b", block: 123, reason: "utilization -0.01 is outside 0 to 1" },
      { instrumentId: "c", block: 123, reason: "utilization NaN is outside 0 to 1" },
      { instrumentId: "d", block: 123, reason: "available liquidity -1 is negative" },
    ]);
  });

  it("refuses a negative rate, but takes a falling share price's negative APY down to (not including) −100 %", () => {
    const values = [
      { id: "rate", ...base, apy: -1e-8 },
      { id: "rounding", ...base, apy: -1.46e-8, apyFromSharePrice: true },
      { id: "loss", ...base, apy: -35, apyFromSharePrice: true },
      { id: "wiped", ...base, apy: -100, apyFromSharePrice: true },
      { id: "huge", ...base, apy: 1_000.5, apyFromSharePrice: true },
    ];
    const { accepted, rejected } = refuseImpossible(values, 7);
    expect(accepted.map((v) => v.id)).toEqual(["rounding", "loss"]);
    expect(rejected.map((r) => r.reason)).toEqual([
      "APY -1e-8 % is outside 0 to 1000 %",
      "APY -100 % from the share price is outside −100 to 1000 %",
      "APY 1000.5 % from the share price is outside −100 to 1000 %",
    ]);
  });
});
