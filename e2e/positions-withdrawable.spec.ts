import { expect, test } from "@playwright/test";
import { erc20Abi, maxUint256, type Hex } from "viem";
import type { DeployContext, RoleSender } from "@/devnet/deploy/context";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { aaveActions } from "@/devnet/protocols/aave";
import * as compound from "@/devnet/protocols/compound/actions";
import { fundToken } from "@/devnet/protocols/tokens";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { e2eChainReader, e2eDevnetContext } from "./support/devnet";
import { openPositionsAsDemoWallet } from "./support/flows";

// Exit liquidity on the e2e server's local chain: an instrument's page, and the positions page when
// markets are borrowed (nearly) dry by real borrowers: what can be withdrawn now, and a warning in
// words. The borrows are repaid afterwards, which gives the other specs their liquidity back.

const usdc = devnetAddresses.usdc;
const aUsdc = devnetAddresses.aUsdc;
const cometUsdc = devnetAddresses.cometUsdc;
const aavePool = devnetAddresses.aavePool;
const weth = devnetAddresses.weth;

/** As the instrument page formats them (components/ui/format.ts formatUsd, formatPercent). */
const wholeUsd = (value: number) => `$${new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(Math.round(value))}`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/** WETH worth twice `usdcAmount` at the plan's prices: collateral that keeps a borrow of it far from liquidation. */
const wethCollateralFor = (usdcAmount: bigint) => (2n * usdcAmount * 10n ** 12n * 100_000_000n) / devnetTokenOf("weth").priceUsd8;

test("an instrument's page shows its available liquidity and utilization from the sync, as the reserve holds them", async ({ page, request }) => {
  // Until the e2e server's first sync of the local chain: before it, liquidity is unknown.
  await expect
    .poll(async () => {
      const health = (await (await request.get("/api/v1/health")).json()) as { chains: { chainId: number; lastSuccessAt: string | null }[] };
      return health.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)?.lastSuccessAt ?? null;
    }, { timeout: 30_000 })
    .not.toBeNull();
  await openPositionsAsDemoWallet(page);
  await page.getByRole("table", { name: "Positions on Local" }).getByRole("link", { name: /aLocUSDC/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("USDC on Aave V3");

  // The reserve itself: the USDC its aToken holds is what suppliers could withdraw, the rest of its
  // supply is lent out. The plan's borrowers took 85 % of it (devnet/plan/aave.ts); interest since has
  // moved the share a little. Cash moves only with supplies and borrows, not with time.
  const reader = e2eChainReader();
  const [cash, supplied] = await Promise.all([
    reader.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [aUsdc] }),
    reader.readContract({ address: aUsdc, abi: erc20Abi, functionName: "totalSupply" }),
  ]);
  const utilization = 1 - Number(cash) / Number(supplied);
  expect(utilization).toBeCloseTo(0.85, 3);
  await expect(page.locator('[data-field="utilization"]')).toContainText(percent(utilization));
  await expect(page.locator('[data-field="liquidity"]')).toContainText(wholeUsd(Number(cash) / 1e6));
  await expect(page.locator('[data-field="liquidity"]')).toContainText("What suppliers could withdraw right now.");
});

test("positions that cannot be withdrawn in full are named in a note and each row says how much can", async ({ page }) => {
  test.setTimeout(90_000);
  const ctx = await e2eDevnetContext();
  const reader = e2eChainReader();
  const cashOf = (holder: Hex) => reader.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
  const aaveBorrower = await ctx.sender("e2e aave borrower");
  const cometBorrower = await ctx.sender("e2e comet borrower");

  // aLocUSDC borrowed dry by Pool.borrow against WETH; the USDC Comet borrowed (Comet.withdraw beyond
  // a balance, against WETH) down to 200 USDC, less than the demo wallet's 1,200.5.
  const aaveBorrow = await cashOf(aUsdc);
  const cometBorrow = (await cashOf(cometUsdc)) - 200_000_000n;
  await borrowAgainstWeth(ctx, aaveBorrower, aaveBorrow, async (collateral) => {
    await aaveActions.approve(aaveBorrower, weth, aavePool);
    await aaveActions.supply(aaveBorrower, aavePool, weth, collateral);
    await aaveActions.borrow(aaveBorrower, aavePool, usdc, aaveBorrow);
  });
  await borrowAgainstWeth(ctx, cometBorrower, cometBorrow, async (collateral) => {
    await compound.supply(cometBorrower, cometUsdc, weth, collateral);
    await compound.borrow(cometBorrower, cometUsdc, usdc, cometBorrow);
  });
  try {
    expect(await cashOf(aUsdc)).toBe(0n);
    expect(await cashOf(cometUsdc)).toBe(200_000_000n);
    await openPositionsAsDemoWallet(page);
    const table = page.getByRole("table", { name: "Positions on Local" });
    await expect(table.getByRole("columnheader", { name: "Withdrawable now" })).toBeVisible();
    const note = page.getByRole("note", { name: "Withdrawal limits on Local" });
    await expect(note).toContainText("2 positions cannot be withdrawn in full right now: aLocUSDC and cUSDCv3.");
    await expect(table.getByRole("row", { name: /aLocUSDC/ })).toContainText("Only 0 USDC now");
    await expect(table.getByRole("row", { name: /cUSDCv3/ })).toContainText("Only 200 USDC now");
    // A market whose borrowers left enough pays the whole position.
    await expect(table.getByRole("row", { name: /aLocWETH/ })).toContainText("All of it");
    await expect(table.getByRole("row", { name: /aLocWETH/ })).not.toContainText("Only");
    await expectNoSeriousAxeViolations(page);
  } finally {
    // Both borrows paid back in full, interest included: Pool.repay and Comet.supply of uint256 max.
    const aaveDebt = aaveBorrow + aaveBorrow / 100n;
    await fundToken(ctx, "usdc", aaveBorrower.address, aaveDebt);
    await aaveActions.approve(aaveBorrower, usdc, aavePool);
    await aaveActions.repay(aaveBorrower, aavePool, usdc, maxUint256);
    await fundToken(ctx, "usdc", cometBorrower.address, cometBorrow + cometBorrow / 100n);
    await cometBorrower.call(compound.approveCall(usdc, cometUsdc, maxUint256));
    await cometBorrower.call(compound.supplyCall(cometUsdc, usdc, maxUint256));
  }
});

/** Funds `borrower` with WETH worth twice `usdcAmount` and runs `borrow` with it as collateral. */
async function borrowAgainstWeth(ctx: DeployContext, borrower: RoleSender, usdcAmount: bigint, borrow: (collateral: bigint) => Promise<void>) {
  const collateral = wethCollateralFor(usdcAmount);
  await fundToken(ctx, "weth", borrower.address, collateral);
  await borrow(collateral);
}
