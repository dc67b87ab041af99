import { describe, expect, it } from "vitest";
import { MAX_QUOTE_USD } from "@/lib/schemas/quotes";
import type { Instrument } from "@/lib/schemas/instruments";
import {
  defaultExplorerQuery,
  MAX_DEPOSIT_USD,
  parseDepositUsd,
  presets,
  applyPreset,
  toExplorerSearch,
  withDeposit,
  type ExplorerQuery,
} from "./explorer-query";
import { parseExplorerQuery } from "./parse-explorer-query";
import { instrumentsToCsv } from "./instruments-csv";

// The explorer's deposit amount (issue 28): kept in the URL under the API's own name, and the sort
// that goes with it (sortBy=apyTotalAfter, which the API refuses without an amount).

const read = (search: string) => parseExplorerQuery(new URLSearchParams(search));

describe("the deposit amount of the explorer", () => {
  it("is the API's largest quoted deposit", () => {
    expect(MAX_DEPOSIT_USD).toBe(MAX_QUOTE_USD);
  });

  it("reads dollars as people type them, and refuses what is no amount", () => {
    expect(parseDepositUsd("")).toBeUndefined();
    expect(parseDepositUsd("  ")).toBeUndefined();
    expect(parseDepositUsd("2000000")).toBe(2_000_000);
    expect(parseDepositUsd("2,000,000")).toBe(2_000_000);
    expect(parseDepositUsd("$ 2 000 000.50")).toBe(2_000_000.5);
    expect(parseDepositUsd(".5")).toBe(0.5);
    for (const bad of ["0", "-5", "abc", "1e6", "0x10", "2M", "1.2.3", String(MAX_DEPOSIT_USD * 10)])
      expect(parseDepositUsd(bad), bad).toBeNull();
    expect(parseDepositUsd(String(MAX_DEPOSIT_USD))).toBe(MAX_DEPOSIT_USD);
  });

  it("is kept in the URL as depositAmountUsd, and read back", () => {
    const q = withDeposit(defaultExplorerQuery, 2_000_000);
    expect(toExplorerSearch(q)).toBe("?depositAmountUsd=2000000&sortBy=apyTotalAfter&sortOrder=desc");
    expect(read(toExplorerSearch(q).slice(1))).toEqual(q);
    expect(toExplorerSearch(defaultExplorerQuery)).toBe("");
  });

  it("a first amount ranks by the APY after it; another amount keeps the order; none goes back to the total APY", () => {
    const byTvl: ExplorerQuery = { ...defaultExplorerQuery, page: 3 };
    const first = withDeposit(byTvl, 1_000);
    expect(first).toMatchObject({
      depositAmountUsd: 1_000,
      sortBy: "apyTotalAfter",
      sortOrder: "desc",
      page: 1,
    });
    const ascending = { ...first, sortOrder: "asc" as const };
    expect(withDeposit(ascending, 5_000)).toMatchObject({
      depositAmountUsd: 5_000,
      sortBy: "apyTotalAfter",
      sortOrder: "asc",
    });
    const byTvlWithAmount = { ...first, sortBy: "tvl" as const };
    expect(withDeposit(byTvlWithAmount, 5_000).sortBy).toBe("tvl");
    const cleared = withDeposit(first, undefined);
    expect(cleared).toMatchObject({ sortBy: "apyTotal", sortOrder: "desc" });
    expect("depositAmountUsd" in cleared).toBe(false);
  });

  it("a link's sort is made to fit its amount, and a bad amount is dropped", () => {
    expect(read("sortBy=apyTotalAfter&sortOrder=asc")).toMatchObject({
      sortBy: "apyTotal",
      sortOrder: "asc",
    });
    expect(read("sortBy=apyTotal&depositAmountUsd=5000")).toMatchObject({
      sortBy: "apyTotalAfter",
      depositAmountUsd: 5000,
    });
    expect(read("depositAmountUsd=-1").depositAmountUsd).toBeUndefined();
    expect(read("depositAmountUsd=abc&search=USDC")).toMatchObject({ search: "USDC" });
  });

  it("is no filter: presets keep it", () => {
    const q = withDeposit(defaultExplorerQuery, 2_000_000);
    expect(applyPreset(q, presets.live[0]!.filters).depositAmountUsd).toBe(2_000_000);
  });
});

describe("the CSV with a deposit amount", () => {
  const row = (quote: Instrument["quote"]) =>
    ({
      instrumentId: "0x01",
      chainId: 1,
      protocol: "aave",
      protocolInfo: { version: 3 },
      tokenSymbol: "USDC",
      rewards: [],
      quote,
    }) as unknown as Instrument;

  it("adds the amount and each row's quote, empty where unknown", () => {
    const csv = instrumentsToCsv(
      [
        row({ apyAfter: 4.1, apyTotalAfter: 4.6, fits: true }),
        row({ apyAfter: null, apyTotalAfter: null, fits: null }),
      ],
      {
        depositAmountUsd: 2_000_000,
      },
    );
    const [header, first, second] = csv.split("\r\n").map((line) => line.split(","));
    expect(header!.slice(-4)).toEqual(["depositAmountUsd", "apyAfter", "apyTotalAfter", "fits"]);
    expect(first!.slice(-4)).toEqual(["2000000", "4.1", "4.6", "true"]);
    expect(second!.slice(-4)).toEqual(["2000000", "", "", ""]);
  });

  it("has no quote columns without one", () => {
    expect(instrumentsToCsv([]).split("\r\n")[0]).not.toContain("apyAfter");
  });
});
