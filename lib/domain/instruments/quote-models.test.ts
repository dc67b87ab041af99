import { describe, expect, it } from "vitest";
import type {
  AaveQuoteModel,
  CompoundQuoteModel,
  FluidQuoteModel,
  MetaMorphoQuoteModel,
} from "@/lib/machinery/chain/adapters/quote-model";
import { InvalidInput } from "@/lib/domain/errors";
import { aaveLiquidityRate, aaveSupplyCapRoom, quoteAaveDeposit } from "./quote-aave";
import { adaptiveCurveBorrowRate, wExp } from "./quote-adaptive-curve-irm";
import { formatUnits, parseQuoteAmount, parseUnits, usdToUnits } from "./quote-amount";
import { cometSupplyRate, quoteCompoundDeposit } from "./quote-compound";
import { fluidBorrowRate } from "./quote-fluid";
import { listQuoteOf, rewardsAfter } from "./quote-instrument";
import { quoteMetaMorphoDeposit } from "./quote-metamorpho";

// The rate models' arithmetic on hand-checked values; test/chain/quote.test.ts holds them to the chain.

const aave: AaveQuoteModel = {
  kind: "aave-v3",
  decimals: 6,
  active: true,
  frozen: false,
  paused: false,
  reserveFactorBps: 1000,
  optimalUsageRatioBps: 9000,
  baseVariableBorrowRateBps: 0,
  variableRateSlope1Bps: 600,
  variableRateSlope2Bps: 6000,
  virtualUnderlyingBalance: "20000000000000",
  deficit: "0",
  totalVariableDebt: "80000000000000",
  supplyCap: "150000000",
  scaledATokenSupply: "100000000000000",
  accruedToTreasuryScaled: "0",
  normalizedIncome: "1000000000000000000000000000",
  available: "20000000000000",
  supplied: "100000000000000",
};

describe("Aave v3.7 rate strategy", () => {
  it("is slope1 × usage / optimal below the kink, times the supply usage, net of the reserve factor", () => {
    // usage 0.8: borrow 6 % × 0.8 / 0.9 = 5.333 %; supply = borrow × 0.8 × 0.9 = 3.84 %.
    expect(Number(aaveLiquidityRate(aave, 0n)) / 1e27).toBeCloseTo(0.0384, 12);
  });
  it("adding liquidity lowers the rate; the cap's room is cap × 10^decimals − supplied", () => {
    expect(aaveLiquidityRate(aave, 10n ** 13n)).toBeLessThan(aaveLiquidityRate(aave, 0n));
    expect(aaveSupplyCapRoom(aave)).toBe(150_000_000n * 10n ** 6n - 100_000_000n * 10n ** 6n);
    expect(quoteAaveDeposit({ ...aave, frozen: true }, 1n).maxDepositRaw).toBe(0n);
    expect(aaveSupplyCapRoom({ ...aave, supplyCap: "0" })).toBeNull();
  });
});

describe("Compound v3 getSupplyRate", () => {
  const comet: CompoundQuoteModel = {
    kind: "compound-v3",
    supplyKink: String(85n * 10n ** 16n),
    supplyRateBase: "0",
    supplyRateSlopeLow: "1000000000",
    supplyRateSlopeHigh: "30000000000",
    totalSupply: "1000000",
    totalBorrow: "900000",
    supplyPaused: false,
    available: "100000",
    supplied: "1000000",
  };
  it("follows the kink", () => {
    expect(cometSupplyRate(comet, 5n * 10n ** 17n)).toBe(500000000n);
    expect(cometSupplyRate(comet, 9n * 10n ** 17n)).toBe(850000000n + 1500000000n);
  });
  it("a supply lowers the utilization; a paused Comet takes nothing", () => {
    expect(quoteCompoundDeposit(comet, 125_000n).utilizationAfter).toBeCloseTo(0.8, 12);
    expect(quoteCompoundDeposit({ ...comet, supplyPaused: true }, 1n).maxDepositRaw).toBe(0n);
    expect(quoteCompoundDeposit(comet, 1n).maxDepositRaw).toBeNull();
  });
});

describe("Morpho's AdaptiveCurveIrm", () => {
  it("wExp is ExpLib's e^x: range reduction by ln 2, then two Taylor terms", () => {
    // q = 1, r = 1 − ln 2: (1 + r + r²/2) × 2 = 2.70786…, the library's value (0.4 % under e at x = 1).
    expect(Number(wExp(10n ** 18n)) / 1e18).toBeCloseTo(2.70786429167842, 12);
    expect(Number(wExp(10n ** 15n)) / 1e18).toBeCloseTo(Math.exp(0.001), 9);
    expect(wExp(0n)).toBe(10n ** 18n);
    expect(wExp(-(10n ** 20n))).toBe(0n);
  });
  it("at target utilization with no time elapsed, the rate is the rate at target", () => {
    const rateAtTarget = (4n * 10n ** 16n) / 31_536_000n;
    const market = {
      totalSupplyAssets: 100n,
      totalSupplyShares: 100n,
      totalBorrowAssets: 90n,
      lastUpdate: 10n,
      fee: 0n,
      rateAtTarget,
    };
    expect(adaptiveCurveBorrowRate(market, 10n)).toEqual([rateAtTarget, rateAtTarget]);
    // Above target the rate at target grows with time.
    const [, later] = adaptiveCurveBorrowRate({ ...market, totalBorrowAssets: 99n }, 10n + 86_400n);
    expect(later).toBeGreaterThan(rateAtTarget);
  });
});

describe("Fluid's rate curve", () => {
  const model = {
    rateVersion: 2,
    kink1: 5000,
    kink2: 8000,
    rateAtZero: 0,
    rateAtKink1: 500,
    rateAtKink2: 1000,
    rateAtMax: 5000,
  } as FluidQuoteModel;
  it("is linear between its kinks, in 1e2", () => {
    expect(fluidBorrowRate(model, 2500n)).toBe(250n);
    // The contract truncates its 12-decimal slope: 749, not 750.
    expect(fluidBorrowRate(model, 6500n)).toBe(749n);
    expect(fluidBorrowRate(model, 9000n)).toBe(3000n);
  });
});

describe("amounts", () => {
  const usdc = { decimals: 6, priceUsd: 1 };
  it("parses decimal strings exactly and refuses more decimals than the token", () => {
    expect(parseUnits("2000000", 6)).toBe(2_000_000_000_000n);
    expect(parseUnits("1.5", 6)).toBe(1_500_000n);
    expect(() => parseUnits("1.1234567", 6)).toThrow(InvalidInput);
    expect(formatUnits(1_500_000n, 6)).toBe("1.5");
    expect(usdToUnits(2_000_000, 2, 6)).toBe(1_000_000_000_000n);
  });
  it.each([
    [{}, "neither"],
    [{ amount: "1", amountUsd: "1" }, "both"],
    [{ amount: "0" }, "zero"],
    [{ amount: "-1" }, "negative"],
    [{ amountUsd: "abc" }, "not a number"],
    [{ amountUsd: "0" }, "zero dollars"],
    [{ amountUsd: "1e13" }, "absurdly large"],
    [{ amount: "1e3" }, "not a decimal"],
    [{ amount: "2000000000000000" }, "more tokens than quoted"],
  ])("refuses %j (%s)", (query, reason) => {
    expect(() => parseQuoteAmount(query, usdc), reason).toThrow(InvalidInput);
  });
});

describe("rewards after a deposit", () => {
  it("dilutes each stream by tvl / (tvl + deposit), an unknown APR counting 0", () => {
    const stream = {
      tokenAddress: "0x0000000000000000000000000000000000000001",
      tokenSymbol: "X",
      priceUsd: 1,
      source: "merkl",
      endsAt: null,
    } as const;
    expect(
      rewardsAfter(
        [
          { ...stream, apr: 2 },
          { ...stream, apr: null },
        ],
        1_000_000,
        1_000_000,
      ),
    ).toBe(1);
  });
});

describe("a MetaMorpho vault whose supply queue takes nothing", () => {
  const emptyQueue: MetaMorphoQuoteModel = {
    kind: "metamorpho",
    fee: "0",
    totalAssets: "1000000",
    supplyQueue: [],
    markets: [],
    assetsPerProbe: "1000000000000000000000000",
    maxDeposit: null,
    available: "1000000",
    supplied: "1000000",
  };

  it("has no room, read (maxDeposit 0) or walked (no queue): the list says it does not fit", () => {
    expect(quoteMetaMorphoDeposit(emptyQueue, 1n, 0n).maxDepositRaw).toBe(0n);
    expect(quoteMetaMorphoDeposit({ ...emptyQueue, maxDeposit: "0" }, 1n, 0n).maxDepositRaw).toBe(0n);
    const row = {
      instrumentId: "0x" + "00".repeat(32),
      tokenSymbol: "USDC",
      tokenDecimals: 6,
      currentApy: 4,
      tvl: 1,
      priceUsd: 1,
      rewards: [],
      quoteModel: emptyQueue,
      asOfBlock: 1,
      asOfTime: new Date(0),
    };
    expect(listQuoteOf(row, 100)).toMatchObject({ fits: false });
  });
});

describe("dollars into a token priced near 0", () => {
  it("converts without an exponent's text, and a price of almost nothing is not a 500", () => {
    expect(usdToUnits(1e12, 1e-10, 18)).toBe(10n ** 22n * 10n ** 18n);
    expect(usdToUnits(1e12, 5e-324, 6)).toBeGreaterThan(10n ** 300n);
  });

  it("refuses more than 10^15 tokens by amountUsd as by amount; the list leaves that quote unknown", () => {
    // 1/1024 of a dollar: exact in binary, so the conversion is too. $10^12 is 1.024 × 10^15 tokens.
    const cheap = { decimals: 18, priceUsd: 1 / 1024 };
    expect(parseQuoteAmount({ amountUsd: "1000" }, cheap).raw).toBe(1_024_000n * 10n ** 18n);
    expect(() => parseQuoteAmount({ amountUsd: "1000000000000" }, cheap)).toThrow(InvalidInput);
    const row = {
      instrumentId: "0x" + "00".repeat(32),
      tokenSymbol: "CHEAP",
      tokenDecimals: 18,
      currentApy: 4,
      tvl: 1,
      priceUsd: 1e-10,
      rewards: [],
      quoteModel: {
        kind: "compound-v3",
        supplyKink: String(85n * 10n ** 16n),
        supplyRateBase: "0",
        supplyRateSlopeLow: "1000000000",
        supplyRateSlopeHigh: "30000000000",
        totalSupply: "1000000",
        totalBorrow: "900000",
        supplyPaused: false,
        available: "100000",
        supplied: "1000000",
      } satisfies CompoundQuoteModel,
      asOfBlock: 1,
      asOfTime: new Date(0),
    };
    expect(listQuoteOf(row, 1e12)).toEqual({ apyAfter: null, apyTotalAfter: null, fits: null });
    expect(listQuoteOf({ ...row, priceUsd: 1 }, 1000).fits).toBe(true);
  });
});
