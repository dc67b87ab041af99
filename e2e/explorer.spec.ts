import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ids, instrumentsPage, openExplorer, shownIds } from "./support/explorer";

// The explorer at /, driven with real clicks against the built app and its real database.
// Every expectation about rows is checked against what /api/v1/instruments answers for the same query.

interface ApiInstrument {
  instrumentId: string;
  chainId: number;
  protocol: string;
  protocolInfo: { version: number };
  tokenSymbol: string;
  yieldTokenSymbol: string;
  currentApy: number;
  apyReward: number;
  apyTotal: number;
  rewardsComplete: boolean;
  tvl: number;
  assetCategory: string;
  isActive: boolean;
  lastSyncedAt: string;
}

const api = (request: APIRequestContext, query: string) => instrumentsPage<ApiInstrument>(request, query);

async function allRows(request: APIRequestContext, query: string): Promise<ApiInstrument[]> {
  const rows: ApiInstrument[] = [];
  for (let page = 1; ; page++) {
    const result = await api(request, `${query}&limit=100&page=${page}`);
    rows.push(...result.data);
    if (!result.pagination.hasMore) return rows;
  }
}

const columnTexts = (page: Page, index: number) =>
  page.locator(`tbody tr td:nth-child(${index})`).allInnerTexts();
const percent = (text: string) => Number(text.replace("%", ""));
const searchOf = (page: Page) => new URL(page.url()).search;


test("filters by one chain, then by two chains at once", async ({ page, request }) => {
  await openExplorer(page);
  await page.getByRole("checkbox", { name: "Base", exact: true }).check();
  await expect(page).toHaveURL(/\?chainId=8453$/);
  const base = await api(request, "chainId=8453&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(base));
  expect(new Set(await columnTexts(page, 2))).toEqual(new Set(["Base"]));

  await page.getByRole("checkbox", { name: "Ethereum", exact: true }).check();
  await expect(page).toHaveURL(/\?chainId=1,8453$/);
  const both = await api(request, "chainId=1,8453&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(both));
  expect(new Set(await columnTexts(page, 2))).toEqual(new Set(["Ethereum", "Base"]));
  await expect(page.getByTestId("pagination-range")).toHaveText(
    `1–${Math.min(25, both.pagination.total)} of ${both.pagination.total}`,
  );
});

test("filters by protocol and by a preset", async ({ page, request }) => {
  await openExplorer(page);
  await page.getByLabel("Protocol").selectOption("morpho");
  await expect(page).toHaveURL(/\?protocol=morpho$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "protocol=morpho&limit=25")));
  for (const name of await page.locator("tbody a").allInnerTexts()) expect(name).toMatch(/^Morpho\b/);

  // A preset replaces the filters in place.
  const preset = page.getByRole("button", { name: "USD stablecoins over $1M TVL" });
  await preset.click();
  await expect(preset).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\?assetCategory=USD&minTvl=1000000$/);
  const usd = await api(request, "assetCategory=USD&minTvl=1000000&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(usd));
  expect(usd.data.every((i) => i.assetCategory === "USD" && i.tvl >= 1_000_000)).toBe(true);
  await expect(page.getByLabel("Protocol")).toHaveValue("");
});

test("sorts by APY in both directions", async ({ page, request }) => {
  await openExplorer(page);
  const apyHeader = page.getByRole("columnheader", { name: "APY", exact: true });
  await expect(apyHeader).toHaveAttribute("aria-sort", "none");
  await expect(page.getByRole("columnheader", { name: "TVL" })).toHaveAttribute("aria-sort", "descending");

  await apyHeader.getByRole("button").click();
  await expect(page).toHaveURL(/sortBy=apyTotal&sortOrder=desc/);
  await expect(apyHeader).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(() => shownIds(page))
    .toEqual(ids(await api(request, "sortBy=apyTotal&sortOrder=desc&limit=25")));
  const desc = (await columnTexts(page, 5)).map(percent);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));

  await apyHeader.getByRole("button").click();
  await expect(page).toHaveURL(/sortBy=apyTotal&sortOrder=asc/);
  await expect(apyHeader).toHaveAttribute("aria-sort", "ascending");
  await expect
    .poll(() => shownIds(page))
    .toEqual(ids(await api(request, "sortBy=apyTotal&sortOrder=asc&limit=25")));
  const asc = (await columnTexts(page, 5)).map(percent);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(asc[0]).toBeLessThan(desc[0]!);
});

test("pages through the results and changes the page size", async ({ page, request }) => {
  const first = await api(request, "limit=25&page=1");
  const second = await api(request, "limit=25&page=2");
  const total = first.pagination.total;
  expect(total).toBeGreaterThan(25);

  await openExplorer(page);
  expect(await shownIds(page)).toEqual(ids(first));
  await expect(page.getByTestId("pagination-range")).toHaveText(`1–25 of ${total}`);
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(second));
  await expect(page.getByTestId("pagination-range")).toHaveText(`26–${Math.min(50, total)} of ${total}`);

  await page.getByLabel("Rows per page").selectOption("10");
  await expect(page).toHaveURL(/\?limit=10$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "limit=10&page=1")));
  await expect(page.getByTestId("pagination-range")).toHaveText(`1–10 of ${total}`);

  await page.getByRole("button", { name: "Last page" }).click();
  const lastPage = Math.ceil(total / 10);
  await expect(page).toHaveURL(new RegExp(`\\?limit=10&page=${lastPage}$`));
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, `limit=10&page=${lastPage}`)));
  await expect(page.getByTestId("pagination-range")).toHaveText(
    `${(lastPage - 1) * 10 + 1}–${total} of ${total}`,
  );
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
});

test("keeps the view in the URL: reload restores it and Back returns to the previous one", async ({
  page,
  request,
}) => {
  await openExplorer(page);
  await page.getByLabel("Asset category").selectOption("ETH");
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
  const eth = await api(request, "assetCategory=ETH&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(eth));

  await page.getByRole("columnheader", { name: "TVL" }).getByRole("button").click();
  await expect(page).toHaveURL(/\?assetCategory=ETH&sortBy=tvl&sortOrder=asc$/);
  const ethAsc = await api(request, "assetCategory=ETH&sortBy=tvl&sortOrder=asc&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(ethAsc));

  await page.reload();
  await expect(page).toHaveURL(/\?assetCategory=ETH&sortBy=tvl&sortOrder=asc$/);
  await expect(page.getByLabel("Asset category")).toHaveValue("ETH");
  await expect(page.getByRole("columnheader", { name: "TVL" })).toHaveAttribute("aria-sort", "ascending");
  expect(await shownIds(page)).toEqual(ids(ethAsc));

  await page.goBack();
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
  await expect(page.getByRole("columnheader", { name: "TVL" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => shownIds(page)).toEqual(ids(eth));
  // After a reload the router refetches the entry's server render; let it land before going on,
  // as a person reading the page would (Next can apply a late answer over a quicker second Back).
  await page.waitForLoadState("networkidle");

  await page.goBack();
  expect(searchOf(page)).toBe("");
  await expect(page.getByLabel("Asset category")).toHaveValue("");
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "limit=25")));

  await page.goForward();
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(eth));
});

test("Back pressed while a reloaded explorer is still loading goes back, and the rows follow", async ({ page, request }) => {
  await openExplorer(page);
  await page.getByLabel("Asset category").selectOption("ETH");
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
  await page.getByRole("columnheader", { name: "TVL" }).getByRole("button").click();
  await expect(page).toHaveURL(/\?assetCategory=ETH&sortBy=tvl&sortOrder=asc$/);

  // Hold the page's scripts after the reload, so Back comes before the explorer has hydrated.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: "commit" });
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
  release();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(page.getByLabel("Asset category")).toHaveValue("ETH");
  await expect(page.getByRole("columnheader", { name: "TVL" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "assetCategory=ETH&limit=25")));
  await expect(page).toHaveURL(/\?assetCategory=ETH$/);
});

test("a link to the explorer from the explorer itself resets the view", async ({ page, request }) => {
  await openExplorer(page, "/?chainId=1&search=usd");
  await expect(page.getByRole("checkbox", { name: "Ethereum", exact: true })).toBeChecked();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explorer" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("checkbox", { name: "Ethereum", exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Token symbol")).toHaveValue("");
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "limit=25")));
  await page.goBack();
  await expect(page).toHaveURL(/\?chainId=1&search=usd$/);
  await expect(page.getByRole("checkbox", { name: "Ethereum", exact: true })).toBeChecked();
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "chainId=1&search=usd&limit=25")));
});

test("searches by token symbol after a pause in typing, without a history entry per key", async ({
  page,
  request,
}) => {
  await openExplorer(page);
  await page.getByLabel("Token symbol").pressSequentially("usdc", { delay: 40 });
  await expect(page).toHaveURL(/\?search=usdc$/);
  const usdc = await api(request, "search=usdc&limit=25");
  expect(usdc.pagination.total).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page)).toEqual(ids(usdc));
  // Typing replaced the entry instead of pushing one per keystroke: Back leaves the explorer's first view.
  await page.goBack();
  expect(searchOf(page)).not.toContain("search=");
});

test("cleans invalid parameters instead of failing", async ({ page, request }) => {
  await openExplorer(page, "/?chainId=abc&limit=7&minApy=lots&sortBy=apy&foo=bar&page=0");
  await expect(page).toHaveURL(/\/\?sortBy=apy&sortOrder=desc$/);
  expect(await shownIds(page)).toEqual(ids(await api(request, "sortBy=apy&limit=25")));
});

test("exports every matching row, not only the page, as the API returns them", async ({ page, request }) => {
  await openExplorer(page, "/?assetCategory=USD&limit=10&sortBy=apy&sortOrder=asc");
  const expected = await allRows(request, "assetCategory=USD&sortBy=apy&sortOrder=asc");
  expect(expected.length).toBeGreaterThan(10);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^yieldgrid-instruments-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));

  const [header, ...rows] = parseCsv(text);
  const col = (name: string) => {
    const index = header!.indexOf(name);
    expect(index, `CSV column ${name}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  expect(rows).toHaveLength(expected.length);
  rows.forEach((row, n) => {
    const i = expected[n]!;
    expect(row[col("instrumentId")]).toBe(i.instrumentId);
    expect(Number(row[col("chainId")])).toBe(i.chainId);
    expect(row[col("protocol")]).toBe(i.protocol);
    expect(Number(row[col("version")])).toBe(i.protocolInfo.version);
    expect(row[col("token")]).toBe(i.tokenSymbol);
    expect(row[col("yieldToken")]).toBe(i.yieldTokenSymbol);
    expect(Number(row[col("apy")])).toBe(i.currentApy);
    expect(Number(row[col("apyReward")])).toBe(i.apyReward);
    expect(Number(row[col("apyTotal")])).toBe(i.apyTotal);
    expect(row[col("rewardsComplete")]).toBe(String(i.rewardsComplete));
    expect(Number(row[col("tvlUsd")])).toBe(i.tvl);
    expect(row[col("assetCategory")]).toBe(i.assetCategory);
    expect(row[col("isActive")]).toBe(String(i.isActive));
    expect(row[col("lastSyncedAt")]).toBe(i.lastSyncedAt);
  });
});

test("an impossible filter shows an empty state that names it, with one click to remove it", async ({
  page,
  request,
}) => {
  await openExplorer(page, "/?minApy=1000&chainId=10");
  await expect(page.getByText("No instrument matches these filters")).toBeVisible();
  const table = page.locator("table");
  await expect(table.getByRole("button", { name: "APY ≥ 1000%, remove filter" })).toBeVisible();
  await expect(table.getByRole("button", { name: "Chain: Optimism, remove filter" })).toBeVisible();

  await table.getByRole("button", { name: "APY ≥ 1000%, remove filter" }).click();
  await expect(page).toHaveURL(/\?chainId=10$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "chainId=10&limit=25")));
});

test("an API error shows its message and request id, and Try again recovers", async ({ page, request }) => {
  await openExplorer(page);
  await page.route("**/api/v1/instruments?*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      headers: { "X-Request-Id": "req_e2eFailure" },
      body: JSON.stringify({
        error: {
          code: "SERVICE_UNAVAILABLE",
          message: "The database is busy.",
          details: { timestamp: new Date().toISOString(), requestId: "req_e2eFailure" },
        },
      }),
    }),
  );
  await page.getByRole("checkbox", { name: "Polygon", exact: true }).check();
  // Scoped to the table: Next's route announcer is an alert too.
  const alert = page.locator("table").getByRole("alert");
  await expect(alert).toContainText("The database is busy.", { timeout: 15_000 });
  await expect(alert).toContainText("req_e2eFailure");

  await page.unroute("**/api/v1/instruments?*");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "chainId=137&limit=25")));
});

test("labels the rows of chains no sync has read as sample data, and says so above the table", async ({
  page,
  request,
}) => {
  // The e2e server has no RPC for the live chains: their figures are the seeded sample data.
  const health = (await (await request.get("/api/v1/health")).json()) as {
    chains: { chainId: number; lastSuccessAt: string | null }[];
  };
  expect(health.chains.find((c) => c.chainId === 8453)?.lastSuccessAt).toBeNull();
  await openExplorer(page, "/?chainId=8453");
  await expect(page.getByRole("note")).toHaveText(
    "Sample data on Base. No sync has read this chain yet, so the APYs (current, 7 and 30 days, and their trend) and TVL in rows marked “sample data” are generated figures for the demo, not chain data.",
  );
  const ages = await page.locator("tbody tr td:nth-child(12)").allInnerTexts();
  expect(ages.length).toBe((await api(request, "chainId=8453&limit=25")).data.length);
  for (const age of ages) expect(age.trim()).toBe("sample data");
  // Sample data never claims a sync, so it is never stale either (see the test networks' spec).
  await expect(page.locator("tbody").getByText(/^synced /)).toHaveCount(0);
  await expect(page.locator("tbody").getByText("stale", { exact: true })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await openExplorer(page, "/?chainId=1,8453&minTvl=1000000");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expectNoSeriousAxeViolations(page);
  });
}

test("is usable at 375 px: filters fold away and the table scrolls inside its box", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openExplorer(page);
  const protocol = page.getByLabel("Protocol");
  await expect(protocol).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await protocol.selectOption("aave");
  await expect(page).toHaveURL(/\?protocol=aave$/);
  await expect.poll(() => shownIds(page)).toEqual(ids(await api(request, "protocol=aave&limit=25")));
  // The page itself never scrolls sideways; the table's own box does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const scroller = page.getByRole("region", { name: /Lending instruments/ });
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

/** RFC 4180 reader: quoted fields, doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
