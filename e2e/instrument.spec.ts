import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { getChain } from "@/lib/facts/chains";
import { formatDateTime, formatPercent, formatUsd, formatUsdCompact } from "@/components/ui/format";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { catalogInstruments } from "@/lib/machinery/catalog/catalog-data";
import { formatPointTime } from "@/components/instruments/history-chart";
import { historyWindow, type HistoryRange } from "@/lib/client/queries/instrument-history";
import { createApiClient } from "@/lib/client/api-client";
import { unwrap } from "@/lib/client/api-fetch";
import { API_BASE_PATH } from "@/lib/facts/http.mjs";
import type { HistoryPoint, Instrument } from "@/lib/schemas/instruments";

// The instrument page, checked against what the API answers for the same instrument.

async function firstInstrument(page: Page): Promise<Instrument> {
  const response = await page.request.get("/api/v1/instruments?limit=1");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Instrument[] };
  return body.data[0]!;
}

/** The points the history API answers for a range (the page's own request), from the typed client. */
async function apiHistory(page: Page, instrumentId: string, range: HistoryRange): Promise<HistoryPoint[]> {
  const api = createApiClient(new URL(API_BASE_PATH, page.url()).href);
  const query = historyWindow(range);
  return unwrap(await api.GET("/instruments/{instrumentId}/history", { params: { path: { instrumentId }, query } })).data;
}

/** Points drawn by the APY chart: the vertices of its line path, and the rows of the data table. */
async function expectChartPoints(page: Page, count: number) {
  const line = page.locator('[data-testid="apy-chart"] path[data-series="APY"]');
  await expect(line).toHaveAttribute("d", /^M/);
  await expect
    .poll(async () => ((await line.getAttribute("d")) ?? "").match(/[ML]/g)?.length ?? 0)
    .toBe(count);
  await expect(page.locator('[data-testid="tvl-chart"] svg')).toHaveAttribute(
    "data-chart-points",
    String(count),
  );
  await expect(page.locator('[data-testid="history-table"] tbody tr')).toHaveCount(count);
}

test("shows every field of the API's first instrument", async ({ page }) => {
  const i = await firstInstrument(page);
  const response = await page.goto(`/instruments/${i.instrumentId}`);
  expect(response?.status()).toBe(200);
  const chain = getChain(i.chainId)!;

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${i.tokenSymbol} on ${i.protocolInfo.displayName}`,
  );
  const stat = (name: string) => page.locator(`[data-stat="${name}"]`);
  await expect(stat("apy")).toContainText(formatPercent(i.currentApy));
  await expect(stat("tvl")).toContainText(formatUsdCompact(i.tvl));
  await expect(stat("tvl")).toContainText(formatUsd(i.tvl));
  await expect(stat("chain")).toContainText(chain.name);
  await expect(stat("last-synced")).toContainText(formatDateTime(i.lastSyncedAt));
  // No sync has read the e2e server's live chains: the page says its figures are sample data.
  await expect(stat("last-synced")).toContainText("Sample data");
  await expect(page.getByRole("note")).toHaveText(
    `Sample data on ${chain.name}. No sync has read this chain yet, so this instrument’s APY, TVL and history are generated figures for the demo, not chain data.`,
  );

  const field = (name: string) => page.locator(`[data-field="${name}"] dd`);
  await expect(field("protocol")).toContainText(`${i.protocolInfo.displayName}`);
  await expect(field("protocol")).toContainText(`version ${i.protocolInfo.version}`);
  await expect(field("version-status")).toContainText(
    i.protocolInfo.deprecated ? "Deprecated" : /Latest|Supported/,
  );
  await expect(field("chain")).toContainText(`${chain.name} (id ${i.chainId})`);
  await expect(field("category")).toHaveText(i.assetCategory);
  await expect(field("stablecoin")).toHaveText(i.isStablecoin ? "Yes" : "No");
  await expect(field("active")).toContainText(i.isActive ? "Yes" : "No");
  await expect(field("description")).toHaveText(i.description);
  await expect(field("apy-exact")).toHaveText(formatPercent(i.currentApy, 4));
  await expect(field("tvl-exact")).toContainText(formatUsd(i.tvl));
  await expect(field("synced")).toContainText(formatDateTime(i.lastSyncedAt));
  await expect(field("created")).toContainText(formatDateTime(i.createdAt));
  await expect(field("updated")).toContainText(formatDateTime(i.updatedAt));
  await expect(field("token")).toContainText(i.tokenAddress);
  await expect(page.locator('[data-field="token"] dt')).toContainText(i.tokenSymbol);
  await expect(field("yield-token")).toContainText(i.yieldTokenAddress);
  await expect(page.locator('[data-field="yield-token"] dt')).toContainText(i.yieldTokenSymbol);
  await expect(field("protocol-address")).toContainText(i.protocolAddress);
  await expect(field("adapter-address")).toContainText(i.adapterAddress);
  await expect(field("market-id")).toContainText(i.marketId);
  await expect(field("instrument-id")).toContainText(i.instrumentId);

  // Block-explorer links for the four addresses (ids are not addresses: no link).
  for (const [name, address] of [
    ["token", i.tokenAddress],
    ["yield-token", i.yieldTokenAddress],
    ["protocol-address", i.protocolAddress],
    ["adapter-address", i.adapterAddress],
  ] as const) {
    await expect(page.locator(`[data-field="${name}"] a[data-explorer-link]`)).toHaveAttribute(
      "href",
      `${chain.explorerUrl}/address/${address}`,
    );
  }
  await expect(page.locator('[data-field="market-id"] a[data-explorer-link]')).toHaveCount(0);
  await expect(page.locator('[data-field="instrument-id"] a[data-explorer-link]')).toHaveCount(0);

  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});

test("the charts draw the history API's points, and the range lives in the URL", async ({ page }) => {
  const i = await firstInstrument(page);
  await page.goto(`/instruments/${i.instrumentId}`);
  const group = page.getByRole("group", { name: "History range" });
  // Each button's name begins with its visible text (WCAG 2.5.3), then says what it stands for.
  await expect(group.getByRole("button", { name: "30d (last 30 days)", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expectChartPoints(page, (await apiHistory(page, i.instrumentId, "30d")).length);

  for (const [range, label] of [
    ["7d", "7d (last 7 days)"],
    ["1y", "1y (last 1 year)"],
    ["90d", "90d (last 90 days)"],
  ] as const) {
    await group.getByRole("button", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`\\?range=${range}$`));
    await expect(group.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
    const points = await apiHistory(page, i.instrumentId, range);
    expect(points.length).toBeGreaterThan(1);
    await expectChartPoints(page, points.length);
  }

  // Back returns to the previous range; a reload renders the range from the URL on the server.
  await page.goBack();
  await expect(page).toHaveURL(/\?range=1y$/);
  await expectChartPoints(page, (await apiHistory(page, i.instrumentId, "1y")).length);
  await page.reload();
  await expect(group.getByRole("button", { name: "1y (last 1 year)" })).toHaveAttribute("aria-pressed", "true");
  await expectChartPoints(page, (await apiHistory(page, i.instrumentId, "1y")).length);

  // Keyboard: End reads the newest point out loud (and shows the tooltip).
  const points = await apiHistory(page, i.instrumentId, "1y");
  const chart = page.locator('[data-testid="apy-chart"] [aria-roledescription="chart"]');
  await chart.focus();
  await page.keyboard.press("End");
  await expect(page.locator('[data-testid="apy-chart"] [data-testid="chart-tooltip"]')).toContainText(
    formatPercent(points.at(-1)!.apy),
  );
  await expect(page.locator('[data-testid="apy-chart"] p[aria-live="polite"]')).toHaveText(
    new RegExp(`APY ${formatPercent(points.at(-1)!.apy).replace(".", "\\.")}$`),
  );
  // Hover shows a tooltip with the date and value of a point of the series.
  const box = (await page.locator('[data-testid="tvl-chart"] [aria-roledescription="chart"]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  const tooltip = page.locator('[data-testid="tvl-chart"] [data-testid="chart-tooltip"]');
  await expect(tooltip).toBeVisible();
  const shown = await tooltip.innerText();
  const candidates = points.map(
    (p) => `${formatPointTime(Date.parse(p.timestamp), false)}\nTVL ${formatUsdCompact(p.tvl)}`,
  );
  expect(candidates).toContain(shown);
});

test("copy buttons copy the full address and say so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const i = await firstInstrument(page);
  await page.goto(`/instruments/${i.instrumentId}`);
  const copy = page.getByRole("button", { name: `Copy ${i.tokenSymbol} token address` });
  await copy.click();
  await expect(copy).toContainText("Copied");
  await expect(page.locator('[data-field="token"]').getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(i.tokenAddress);

  await page.getByRole("button", { name: "Copy instrument id" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(i.instrumentId);
});

test("an unknown or malformed id is a 404 page", async ({ page }) => {
  for (const id of ["0x" + "ab".repeat(32), "0x1234", "not-an-id"]) {
    const response = await page.goto(`/instruments/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Instrument not found" })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});

test("a test-environment instrument explains why it is not shown", async ({ page }) => {
  const item = catalogInstruments.find((c) => getChain(c.chainId)?.environment === "test")!;
  const instrumentId = instrumentIdOf(item.chainId, item.protocolAddress, marketIdOf(item.marketAddress));
  // The API refuses it to anonymous callers …
  expect((await page.request.get(`/api/v1/instruments/${instrumentId}`)).status()).toBe(403);
  // … and the page says why, and how to read it.
  await page.goto(`/instruments/${instrumentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This instrument belongs to the test environment",
  );
  await expect(page.getByText("yg_sk_test_")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to see test networks" })).toHaveAttribute(
    "href",
    "/settings/api-keys",
  );
  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});
