import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { openExplorer as openExplorerAt } from "./support/explorer";
import { connectAndSignIn } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// The explorer's "Live networks | Test networks" switch. The test networks (Sepolia, Base Sepolia and
// the local chain 31337, which the e2e server's devnet provides and the app syncs every 15 s) are read
// with a dashboard session; values may still be the demo ones on first load, so rows and chain names
// are checked, not numbers.

const liveChains = ["Ethereum", "Base", "Arbitrum", "Optimism", "Polygon"];
const testChains = ["Sepolia", "Base Sepolia", "Local"];

interface ApiPage {
  data: { instrumentId: string; chainId: number; yieldTokenSymbol: string }[];
  pagination: { total: number };
}

// The test view may show a sign-in prompt instead of the table: wait for the page only.
const openExplorer = (page: Page, path: string) => openExplorerAt(page, path, { table: false });

const networks = (page: Page) => page.getByRole("navigation", { name: "Networks" });
const chainColumn = (page: Page) => page.locator("tbody tr td:nth-child(2)").allInnerTexts();
const chainLabels = async (page: Page) =>
  (await page.getByRole("group", { name: "Chains" }).locator("label").allInnerTexts()).map((t) => t.trim());

test("the test view without a session asks to sign in, and leads back to live networks", async ({ page }) => {
  // The API itself: the test environment needs a session.
  const refused = await page.request.get("/api/v1/instruments", {
    headers: { "X-Yieldgrid-Environment": "test" },
  });
  expect(refused.status()).toBe(401);

  await openExplorer(page, "/?env=test");
  await expect(
    page.getByRole("heading", { level: 2, name: "Sign in to browse test networks" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in on the API keys page" })).toHaveAttribute(
    "href",
    "/settings/api-keys",
  );
  // No table pretending there is nothing to show.
  await expect(page.locator("table")).toHaveCount(0);
  await expect(networks(page).getByRole("link", { name: "Test networks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page).toHaveURL(/\/\?env=test$/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Back to live networks" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(networks(page).getByRole("link", { name: "Live networks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(await chainLabels(page)).toEqual(liveChains);
});

test("signed in, the test view lists the test networks' instruments and survives a reload", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);

  // From the live view, by the switch.
  await openExplorer(page, "/");
  await networks(page).getByRole("link", { name: "Test networks" }).click();
  await expect(page).toHaveURL(/\/\?env=test$/);
  await expect(
    page.getByText("Test networks: the lending markets Yieldgrid tracks on Sepolia, Base Sepolia and Local"),
  ).toBeVisible();
  expect(await chainLabels(page)).toEqual(testChains);

  // What the API gives the same session for the test environment.
  const response = await page.request.get("/api/v1/instruments?limit=100", {
    headers: { "X-Yieldgrid-Environment": "test" },
  });
  expect(response.status()).toBe(200);
  const expected = (await response.json()) as ApiPage;
  expect(expected.data.some((i) => i.chainId === 31337 && i.yieldTokenSymbol === "aLocUSDC")).toBe(true);
  await expect(page.getByText(`${expected.pagination.total} instruments`)).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  for (const name of await chainColumn(page)) expect(testChains).toContain(name);

  // The local chain, by the chain filter: its aLocUSDC market is there.
  await page.getByRole("checkbox", { name: "Local", exact: true }).check();
  await expect(page).toHaveURL(/\/\?env=test&chainId=31337$/);
  await expect.poll(async () => new Set(await chainColumn(page))).toEqual(new Set(["Local"]));
  await expect(page.getByRole("row", { name: /aLocUSDC/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A reload renders the same view on the server (with the session), rows included.
  await page.reload();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(page).toHaveURL(/\/\?env=test&chainId=31337$/);
  await expect(networks(page).getByRole("link", { name: "Test networks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("checkbox", { name: "Local", exact: true })).toBeChecked();
  await expect(page.getByRole("row", { name: /aLocUSDC/ })).toBeVisible();

  // The CSV is the test view too.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^yieldgrid-test-instruments-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await (await download.createReadStream()).toArray()).join("");
  const rows = csv.trim().split("\r\n").slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.split(",")[1]).toBe("31337");
  expect(csv).toContain("aLocUSDC");

  // A test instrument's page shows the instrument to the session, and leads back to the test view.
  await page
    .getByRole("row", { name: /aLocUSDC/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("on Aave");
  await expect(page.getByText("Test network", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: /on Local$/ }),
  ).toHaveAttribute("href", "/?env=test&protocol=aave&chainId=31337");
  // Another range of its history is fetched by the browser, with the session too.
  const history = page.waitForResponse((r) => r.url().includes("/history?"));
  await page.getByRole("button", { name: "7d (last 7 days)" }).click();
  await expect(page).toHaveURL(/range=7d$/);
  expect((await history).status()).toBe(200);
  await expect(page.getByText(/^Data table \(\d+ hourly snapshots\)$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("synced rows show their age and turn stale after twice the interval; unsynced chains are sample data", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The e2e server syncs the local chain (its devnet) every 15 s; Sepolia has no RPC.
  await expect
    .poll(async () => {
      const health = (await (await page.request.get("/api/v1/health")).json()) as {
        chains: { chainId: number; lastSuccessAt: string | null }[];
      };
      return health.chains.find((c) => c.chainId === 31337)?.lastSuccessAt ?? null;
    })
    .not.toBeNull();
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);
  const ages = () => page.locator("tbody tr td:nth-child(12)").allInnerTexts();

  await openExplorer(page, "/?env=test&chainId=31337");
  await expect(page.getByRole("row", { name: /aLocUSDC/ })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  for (const age of await ages()) expect(age).toMatch(/^synced (just now|\d+ (seconds?|minutes?) ago)$/);
  await expect(page.locator("tbody").getByText("stale", { exact: true })).toHaveCount(0);

  // Three hours later (the default interval is an hour), every row's data is stale.
  await page.clock.install({ time: Date.now() + 3 * 3_600_000 });
  await openExplorer(page, "/?env=test&chainId=31337");
  const rowCount = await page.locator("tbody tr").count();
  expect(rowCount).toBeGreaterThan(0);
  await expect(page.locator("tbody").getByText("stale", { exact: true })).toHaveCount(rowCount);
  for (const age of await ages()) expect(age).toMatch(/^synced 3 hours ago\s*stale$/);

  await openExplorer(page, "/?env=test&chainId=11155111");
  await expect(page.getByRole("note")).toContainText("Sample data on Sepolia.");
  for (const age of await ages()) expect(age.trim()).toBe("sample data");
});

test("the live view is unchanged, with or without a session", async ({ page }) => {
  const anonymous = (await (await page.request.get("/api/v1/instruments?limit=25")).json()) as ApiPage;
  await openExplorer(page, "/");
  await expect(networks(page).getByRole("link", { name: "Live networks" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.getByText(
      "Supply APY and TVL of every lending market Yieldgrid tracks on Ethereum, Base, Arbitrum, Optimism and Polygon.",
    ),
  ).toBeVisible();
  expect(await chainLabels(page)).toEqual(liveChains);
  await expect(page.getByText(`${anonymous.pagination.total} instruments`)).toBeVisible();
  await expect(page.getByRole("button", { name: "USD stablecoins over $1M TVL" })).toBeVisible();

  // A session changes nothing here: without the header the API treats the browser as anonymous.
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);
  await openExplorer(page, "/");
  await expect(page.getByText(`${anonymous.pagination.total} instruments`)).toBeVisible();
  for (const name of await chainColumn(page)) expect(liveChains).toContain(name);
  // A test chain in a live link is dropped, not shown.
  await openExplorer(page, "/?chainId=31337");
  await expect(page).toHaveURL(/\/$/);
});
