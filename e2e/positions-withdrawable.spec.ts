import { expect, test } from "@playwright/test";
import { createPublicClient, http, type Hex } from "viem";
import { foundry } from "viem/chains";
import { devnetClient } from "@/devnet/deploy/sender";
import * as artifacts from "@/devnet/generated/contracts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { e2eDevnetRpcUrl } from "./support/devnet";
import { openPositionsAsDemoWallet } from "./support/flows";

// Exit liquidity on the e2e server's local chain: an instrument's page, and the positions page when
// markets are borrowed (nearly) dry: what can be withdrawn now, and a warning in words. The chain's
// state is put back afterwards for the other specs.

const BORROWER: Hex = "0x000000000000000000000000000000000000b0b0";
const usdc = { address: devnetAddresses.usdc, abi: artifacts.mockERC20Artifact.abi } as const;
const comet = { address: devnetAddresses.cometUsdc, abi: artifacts.mockCometArtifact.abi } as const;

test("an instrument's page shows its available liquidity and utilization from the sync", async ({ page, request }) => {
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
  // 85 % of the reserve's supply is lent out (devnet/plan/markets.ts): the aToken holds the rest.
  await expect(page.locator('[data-field="utilization"]')).toContainText("85.00%");
  await expect(page.locator('[data-field="liquidity"]')).toContainText("$37,500,375");
  await expect(page.locator('[data-field="liquidity"]')).toContainText("What suppliers could withdraw right now.");
});

test("positions that cannot be withdrawn in full are named in a note and each row says how much can", async ({ page }) => {
  const url = e2eDevnetRpcUrl();
  const admin = devnetClient(url);
  const reader = createPublicClient({ chain: foundry, transport: http(url) });
  const send = async (call: Parameters<typeof admin.wallet.writeContract>[0]) =>
    expect((await admin.wallet.waitForTransactionReceipt({ hash: await admin.wallet.writeContract(call), pollingInterval: 20 })).status).toBe("success");
  const cashOf = (holder: Hex) => reader.readContract({ ...usdc, functionName: "balanceOf", args: [holder] }) as Promise<bigint>;

  // aLocUSDC borrowed dry; the USDC Comet down to 200 USDC, less than the demo wallet's 1,200.5.
  const aTokenCash = await cashOf(devnetAddresses.aUsdc);
  const cometCash = await cashOf(comet.address);
  const cometBorrow = (await reader.readContract({ ...comet, functionName: "totalBorrow" })) as bigint;
  await send({ address: devnetAddresses.aUsdc, abi: artifacts.mockATokenArtifact.abi, functionName: "transferUnderlyingTo", args: [BORROWER, aTokenCash] });
  await send({ ...comet, functionName: "lend", args: [BORROWER, cometCash - 200_000_000n] });
  try {
    await openPositionsAsDemoWallet(page);
    const table = page.getByRole("table", { name: "Positions on Local" });
    await expect(table.getByRole("columnheader", { name: "Withdrawable now" })).toBeVisible();
    const note = page.getByRole("note", { name: "Withdrawal limits on Local" });
    await expect(note).toContainText("2 positions cannot be withdrawn in full right now: aLocUSDC and cUSDCv3.");
    await expect(table.getByRole("row", { name: /aLocUSDC/ })).toContainText("Only 0 USDC now");
    await expect(table.getByRole("row", { name: /cUSDCv3/ })).toContainText("Only 200 USDC now");
    // A market nobody borrowed from pays the whole position.
    await expect(table.getByRole("row", { name: /aLocWETH/ })).toContainText("All of it");
    await expect(table.getByRole("row", { name: /aLocWETH/ })).not.toContainText("Only");
    await expectNoSeriousAxeViolations(page);
  } finally {
    await send({ ...usdc, functionName: "mint", args: [devnetAddresses.aUsdc, aTokenCash] });
    await send({ ...usdc, functionName: "mint", args: [comet.address, cometCash - 200_000_000n] });
    await send({ ...comet, functionName: "setTotalBorrow", args: [cometBorrow] });
  }
});
