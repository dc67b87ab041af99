import { expect, test, type APIRequestContext } from "@playwright/test";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { e2eDevnetRpcUrl } from "./support/devnet";
import { connectWallet, openPositionsAsDemoWallet } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// The positions page with a wallet injected into the page that forwards chain reads to the local
// Anvil chain (scripts/e2e-server.mjs starts it beside the app): the demo wallet's real balances,
// read live, and the view following the wallet's account and network.

/** Anvil's account 5: holds nothing on the local chain. */
const EMPTY_WALLET_KEY = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";

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

test("shows the demo wallet on every test network at once, idle USDC beside the best USDC markets, and follows the wallet's account and network", async ({ page, request }) => {
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
    chains: { chainId: number; status: string; usdcBalanceRaw: string; totalValueUsd: number; positions: { yieldTokenSymbol: string; balanceRaw: string; valueUsd: number | null }[] }[];
    totals: { valueUsd: number; usdcBalanceRaw: string; complete: boolean; unavailableChainIds: number[] };
  };
  // Sepolia and Base Sepolia have no RPC in the e2e server: unavailable, beside the local chain's answer.
  expect(all.totals).toMatchObject({ usdcBalanceRaw: "10000000000", complete: false, unavailableChainIds: [11155111, 84532] });
  const body = all.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;
  expect(body).toMatchObject({ status: "ok", usdcBalanceRaw: "10000000000" });
  const raw = Object.fromEntries(body.positions.map((p) => [p.yieldTokenSymbol, p.balanceRaw]));
  expect(raw).toMatchObject({ aLocUSDC: "2500123456", aLocWETH: "1500000000000000000", cUSDCv3: "1200500000", cWETHv3: "750000000000000000", cWBTCv3: "5000000" });
  expect(BigInt(raw.steakUSDC!)).toBeGreaterThanOrEqual(2_999_999_999n);
  expect(BigInt(raw.fUSDC!)).toBeGreaterThanOrEqual(799_999_999n);

  // What the page shows: the wallet on all test networks, its totals, and Local's positions.
  await expect(page.getByRole("heading", { name: /0x7099…79C8 on all test networks/ })).toBeVisible();
  await expect(page.getByText("10,000 USDC", { exact: true })).toBeVisible();
  await expect(page.getByText("Not counted: Sepolia, Base Sepolia could not be read right now.")).toBeVisible();
  const table = page.getByRole("table", { name: "Positions on Local" });
  for (const symbol of Object.keys(raw)) await expect(table.getByRole("row", { name: new RegExp(symbol) })).toBeVisible();
  await expect(table.getByRole("row", { name: /aLocUSDC/ })).toContainText("2,500.123456");
  await expect(table.getByRole("row", { name: /cWETHv3/ })).toContainText("0.75");
  // Every position is valued at its token's price from the sync, not only stablecoins: WETH at
  // $3,412.55, WBTC in a BTC-priced Comet at 0.9998 × $97,250, EURC at $1.08.
  for (const p of body.positions) expect(p.valueUsd, p.yieldTokenSymbol).not.toBeNull();
  await expect(table.getByRole("row", { name: /aLocUSDC/ })).toContainText("$2,500.12");
  await expect(table.getByRole("row", { name: /aLocWETH/ })).toContainText("$5,118.83");
  await expect(table.getByRole("row", { name: /cWETHv3/ })).toContainText("$2,559.41");
  await expect(table.getByRole("row", { name: /cWBTCv3/ })).toContainText("$4,861.53");
  await expect(table.getByRole("row", { name: /fEURC/ })).toContainText(/\$16\d\.\d\d/);
  const usd = (v: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(v);
  // The total over the chains read is the local chain's, its positions' values added up.
  expect(all.totals.valueUsd).toBeCloseTo(body.totalValueUsd, 6);
  await expect(page.getByRole("definition").filter({ hasText: usd(all.totals.valueUsd) })).toBeVisible();

  // Next to the idle USDC: the local chain's best USDC markets by 30-day APY, linked, best first.
  const idle = page.getByRole("region", { name: /^Your 10,000 idle USDC on Local would earn about \$[\d,.]+ a year$/ });
  await expect(idle).toBeVisible();
  const suggested = idle.getByRole("listitem");
  await expect(suggested).toHaveCount(3);
  const list = (await (await request.get(`/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&search=USDC&isActive=true&sortBy=apy30d&sortOrder=desc&limit=50`, { headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "), "X-Yieldgrid-Environment": "test" } })).json()) as {
    data: { instrumentId: string; tokenSymbol: string; tokenAddress: string; apy30d: number | null }[];
  };
  const expected = list.data.filter((i) => i.tokenAddress.toLowerCase() === "0x700b6a60ce7eaaea56f065753d8dcb9653dbad35" && i.apy30d !== null).slice(0, 3);
  for (const [i, instrument] of expected.entries()) {
    await expect(suggested.nth(i).getByRole("link")).toHaveAttribute("href", `/instruments/${instrument.instrumentId}`);
    await expect(suggested.nth(i)).toContainText(`${instrument.apy30d!.toFixed(2)}% 30-day APY`);
  }
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
  await openPositionsAsDemoWallet(page);

  await expect(page.getByRole("table", { name: "Positions on Local" }).getByRole("row", { name: /aLocUSDC/ })).toContainText("2,500.123456");
  await expect(page.getByRole("note")).toHaveText(
    "Sample data on Local. No sync has read this chain yet, so the APY and TVL beside these balances (the balances themselves are read from the chain) are generated figures for the demo, not chain data.",
  );
});
