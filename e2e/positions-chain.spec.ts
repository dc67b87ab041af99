import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatUnits } from "viem";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets, devnetUnits, type DevnetMarket } from "@/devnet/plan/markets";
import { devnetPriceFeeds, devnetTokenOf } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { demoBalanceOnChain, e2eDevnetRpcUrl } from "./support/devnet";
import { connectWallet, openPositionsAsDemoWallet } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// The positions page with a wallet injected into the page that forwards chain reads to the local
// Anvil chain (scripts/e2e-server.mjs starts it beside the app): the demo wallet's real balances,
// read live, and the view following the wallet's account and network.

/** Anvil's account 5: holds nothing on the local chain. */
const EMPTY_WALLET_KEY = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";

/** As the positions table formats them (components/positions/format-amounts.ts). */
const tokenAmount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A market's underlying in US dollars at the plan's feeds: the BTC-priced Comet's WBTC at its WBTC / BTC feed × BTC / USD. */
function planPriceUsd(m: DevnetMarket): number {
  const usd = Number(devnetTokenOf(m.underlying).priceUsd8) / 1e8;
  if (m.contract !== "cometWbtc") return usd;
  return (usd * Number(devnetPriceFeeds.find((f) => f.contract === "wbtcBtcPriceFeed")!.answer)) / 1e8;
}

/** Until the e2e server's first sync of the local chain: its prices (and with them values) come from it. */
async function waitForFirstSync(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const health = (await (await request.get("/api/v1/health")).json()) as { chains: { chainId: number; lastSuccessAt: string | null }[] };
        return health.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)?.lastSuccessAt ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
}

test("shows the demo wallet on every test network at once, idle USDC beside the USDC markets that would pay it most, and follows the wallet's account and network", async ({ page, request }) => {
  await waitForFirstSync(request);
  const wallet = await injectWallet(page, { privateKey: devnetDemoWallet.privateKey, chainId: LOCAL_CHAIN_ID, rpcUrl: e2eDevnetRpcUrl() });
  await page.goto("/positions");
  await connectWallet(page, wallet);

  // The wallet is on the local chain, a test network: reading the test networks takes a signed-in session.
  await expect(page.getByText("Sign in to read test networks")).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/positions") && r.status() === 200);
  const health = page.waitForResponse((r) => r.url().endsWith("/api/v1/health"));
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  const response = await answered;
  expect(response.request().postDataJSON()).toEqual({ address: devnetDemoWallet.address, chainIds: "all" });
  const all = (await response.json()) as {
    chains: {
      chainId: number;
      status: string;
      blockNumber: number;
      usdcBalanceRaw: string;
      totalValueUsd: number;
      positions: { yieldTokenSymbol: string; balance: string; balanceRaw: string; decimals: number; valueUsd: number | null }[];
    }[];
    totals: { valueUsd: number; usdcBalanceRaw: string; complete: boolean; unavailableChainIds: number[] };
  };
  // Sepolia and Base Sepolia have no RPC in the e2e server: unavailable, beside the local chain's answer.
  expect(all.totals).toMatchObject({ usdcBalanceRaw: "10000000000", complete: false, unavailableChainIds: [11155111, 84532] });
  const body = all.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;
  expect(body).toMatchObject({ status: "ok", usdcBalanceRaw: "10000000000" });
  const raw = Object.fromEntries(body.positions.map((p) => [p.yieldTokenSymbol, p.balanceRaw]));
  // A position in every market the plan's deposits made (fEURC's found by the first sync's discovery),
  // each exactly what the market's own contract answers at the block the answer was read at: the
  // deposit with its interest, rounded as the protocol rounds, or a vault's shares converted.
  const held = devnetMarkets.filter((m) => m.demoBalance !== "0");
  expect(Object.keys(raw).sort()).toEqual(held.map((m) => m.yieldTokenSymbol).sort());
  for (const m of held) {
    const onChain = await demoBalanceOnChain(m.contract, BigInt(body.blockNumber));
    expect(raw[m.yieldTokenSymbol], m.yieldTokenSymbol).toBe(onChain.toString());
    expect(onChain, m.yieldTokenSymbol).toBeGreaterThanOrEqual(devnetUnits(m, "demoBalance") - 1n);
  }

  // What the page shows: the wallet on all test networks, its totals, and Local's positions.
  await expect(page.getByRole("heading", { name: /0x7099…79C8 on all test networks/ })).toBeVisible();
  await expect(page.getByText("10,000 USDC", { exact: true })).toBeVisible();
  await expect(page.getByText("Not counted: Sepolia, Base Sepolia could not be read right now.")).toBeVisible();
  const table = page.getByRole("table", { name: "Positions on Local" });
  for (const p of body.positions) {
    const row = table.getByRole("row", { name: new RegExp(`\\b${p.yieldTokenSymbol}\\b`) });
    // Each balance as the answer gives it, to six decimals.
    await expect(row).toContainText(tokenAmount.format(p.balance as `${number}`));
    // Every position is valued at its token's price from the sync, not only stablecoins: USDC at $1,
    // WETH at $3,412.55, EURC at $1.08, WBTC at $97,250, and WBTC in the BTC-priced Comet at 0.9998 ×
    // $97,250 (the plan's feeds), whatever its balance has grown to.
    const market = held.find((m) => m.yieldTokenSymbol === p.yieldTokenSymbol)!;
    const valueAtPlanPrice = Number(formatUnits(BigInt(p.balanceRaw), p.decimals)) * planPriceUsd(market);
    expect(Math.abs(p.valueUsd! - valueAtPlanPrice) / valueAtPlanPrice, p.yieldTokenSymbol).toBeLessThan(1e-9);
    await expect(row).toContainText(usdCents.format(p.valueUsd!));
  }
  // Each position's APY is its instrument's total with the split under it, as in the explorer:
  // aLocUSDC's base plus the AAVE its RewardsController streams.
  const instruments = (await (await request.get(`/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&limit=100`, { headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "), "X-Yieldgrid-Environment": "test" } })).json()) as {
    data: { yieldTokenSymbol: string; currentApy: number; apyTotal: number }[];
  };
  for (const p of body.positions) {
    const instrument = instruments.data.find((i) => i.yieldTokenSymbol === p.yieldTokenSymbol)!;
    await expect(table.getByRole("row", { name: new RegExp(`\\b${p.yieldTokenSymbol}\\b`) })).toContainText(`${instrument.apyTotal.toFixed(2)}%`);
  }
  const aLocUsdc = instruments.data.find((i) => i.yieldTokenSymbol === "aLocUSDC")!;
  await expect(table.getByRole("row", { name: /\baLocUSDC\b/ }).getByTestId("apy-split")).toContainText(new RegExp(`^${aLocUsdc.currentApy.toFixed(2)}% base \\+ \\d+\\.\\d{2}% AAVE to `));

  // The total over the chains read is the local chain's, its positions' values added up.
  expect(all.totals.valueUsd).toBeCloseTo(body.totalValueUsd, 6);
  await expect(page.getByRole("definition").filter({ hasText: usdCents.format(all.totals.valueUsd) })).toBeVisible();

  // Next to the idle USDC: the local chain's USDC markets that would pay the most right after the
  // 10,000 idle USDC went in (the API's quote, markets that cannot take it left out), linked, best first.
  const idle = page.getByRole("region", { name: /^Your 10,000 idle USDC on Local would earn about \$[\d,.]+ a year$/ });
  await expect(idle).toBeVisible();
  const suggested = idle.getByRole("listitem");
  await expect(suggested).toHaveCount(3);
  const list = (await (await request.get(`/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&search=USDC&isActive=true&depositAmountUsd=10000&sortBy=apyTotalAfter&sortOrder=desc&limit=50`, { headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "), "X-Yieldgrid-Environment": "test" } })).json()) as {
    data: { instrumentId: string; tokenAddress: string; quote: { apyTotalAfter: number | null; fits: boolean | null } }[];
  };
  const expected = list.data.filter((i) => i.tokenAddress.toLowerCase() === devnetAddresses.usdc.toLowerCase() && i.quote.fits === true && i.quote.apyTotalAfter !== null).slice(0, 3);
  const afterApys = expected.map((i) => i.quote.apyTotalAfter!);
  expect(afterApys).toEqual([...afterApys].sort((a, b) => b - a));
  for (const [i, instrument] of expected.entries()) {
    await expect(suggested.nth(i).getByRole("link")).toHaveAttribute("href", `/instruments/${instrument.instrumentId}`);
    await expect(suggested.nth(i)).toContainText(`${instrument.quote.apyTotalAfter!.toFixed(2)}% APY after depositing it`);
    await expect(suggested.nth(i)).toContainText(`about ${usdCents.format((10_000 * instrument.quote.apyTotalAfter!) / 100)} a year`);
  }
  await expect(idle.getByRole("heading")).toHaveText(`Your 10,000 idle USDC on Local would earn about ${usdCents.format((10_000 * expected[0]!.quote.apyTotalAfter!) / 100)} a year`);
  // The e2e server syncs the local chain: its APY and TVL are chain data, with no sample-data note.
  expect((await health).status()).toBe(200);
  await expect(page.getByRole("note")).toHaveCount(0);
  // The filled view (totals, protocol icons, links, values, suggestions) is what the other positions specs cannot show.
  await expectNoSeriousAxeViolations(page);

  // Another account chosen in the wallet: its (empty) positions, at once.
  const other = await wallet.switchAccount(EMPTY_WALLET_KEY);
  await expect(page.getByRole("heading", { name: new RegExp(`${other.slice(0, 6)}…${other.slice(-4)} on all test networks`) })).toBeVisible();
  await expect(page.getByText("Nothing on Local.")).toBeVisible();
  await expect(page.getByText("0 USDC", { exact: true })).toBeVisible();

  // One chain picked: Local alone, in the URL.
  await page.getByRole("combobox", { name: "Chain" }).selectOption({ label: "Local" });
  await expect(page).toHaveURL(/chainId=31337/);
  await expect(page.getByText("No positions on Local")).toBeVisible();

  // Another network chosen in the wallet, with no choice in the URL: every live network (none has an RPC here).
  await page.goto("/positions");
  await wallet.switchChain(1);
  await expect(page.getByRole("heading", { name: /on all live networks/ })).toBeVisible();
  await expect(page.getByText("Ethereum cannot be read right now")).toBeVisible();
});

test("says the APY and TVL are sample data while no sync has read the chain", async ({ page }) => {
  // As /health would answer before the first sync of the local chain.
  await page.route("**/api/v1/health", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { chains: { chainId: number; lastSuccessAt: string | null }[] };
    for (const chain of body.chains) if (chain.chainId === LOCAL_CHAIN_ID) chain.lastSuccessAt = null;
    await route.fulfill({ response, json: body });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/positions") && r.status() === 200);
  await openPositionsAsDemoWallet(page);
  // The balances are the chain's all the same: aLocUSDC's as its aToken answers at the block read.
  const local = ((await (await answered).json()) as { chains: { chainId: number; blockNumber: number; positions: { yieldTokenSymbol: string; balance: string; balanceRaw: string }[] }[] }).chains.find(
    (c) => c.chainId === LOCAL_CHAIN_ID,
  )!;
  const aLocUsdc = local.positions.find((p) => p.yieldTokenSymbol === "aLocUSDC")!;
  expect(aLocUsdc.balanceRaw).toBe((await demoBalanceOnChain("aUsdc", BigInt(local.blockNumber))).toString());
  await expect(page.getByRole("table", { name: "Positions on Local" }).getByRole("row", { name: /aLocUSDC/ })).toContainText(tokenAmount.format(aLocUsdc.balance as `${number}`));
  await expect(page.getByRole("note")).toHaveText(
    "Sample data on Local. No sync has read this chain yet, so the APY and TVL beside these balances (the balances themselves are read from the chain) are generated figures for the demo, not chain data.",
  );
});
