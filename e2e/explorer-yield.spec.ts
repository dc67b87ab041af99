import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ids, instrumentsPage, openExplorer, shownIds } from "./support/explorer";

// Yield over time in the explorer: the 30-day sparkline per row (one history request per page), the
// sortable 7d APY, 30d APY and 7d change columns, the Min 30d APY filter, the URL and the CSV. Rows
// are checked against what the API answers for the same query.

interface ApiInstrument {
  instrumentId: string;
  currentApy: number;
  apy7d: number | null;
  apy30d: number | null;
  apyChange7d: number | null;
}
interface Series {
  instrumentId: string;
  data: { timestamp: string; apy: number }[];
}

const api = (request: APIRequestContext, query: string) => instrumentsPage<ApiInstrument>(request, query);

test("draws every row's 30-day sparkline from one history request per page, named by its trend", async ({
  page,
  request,
}) => {
  const historyRequests: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/v1/instruments/history") historyRequests.push(url);
  });
  await openExplorer(page, "/?limit=10");
  const first = await api(request, "limit=10&page=1");
  // The first page's lines come with the page itself.
  await expect(page.locator("tbody svg[role=img]")).toHaveCount(10);
  expect(historyRequests).toHaveLength(0);

  await page.getByRole("button", { name: "Next page" }).click();
  const second = await api(request, "limit=10&page=2");
  await expect.poll(() => shownIds(page)).toEqual(ids(second));
  await expect.poll(() => historyRequests.length).toBe(1);
  await page.waitForLoadState("networkidle");
  expect(historyRequests).toHaveLength(1);
  expect(historyRequests[0]!.searchParams.get("instrumentIds")!.split(",")).toEqual(ids(second));
  expect(historyRequests[0]!.searchParams.get("interval")).toBe("day");
  expect(ids(first)).not.toEqual(ids(second));

  // Each line's accessible name says what it shows: the same points /history gives, first to last.
  const batch = (await (
    await request.get(`/api/v1/instruments/history?${historyRequests[0]!.searchParams}`)
  ).json()) as { data: Series[] };
  const lines = page.locator("tbody tr");
  for (const [n, series] of batch.data.entries()) {
    const line = lines.nth(n).getByRole("img");
    const apys = series.data.map((p) => p.apy);
    await expect(line).toHaveAttribute("data-points", String(apys.length));
    const direction = apys.at(-1)! > apys[0]! ? "up" : apys.at(-1)! < apys[0]! ? "down" : "unchanged";
    await expect(line).toHaveAccessibleName(
      direction === "unchanged"
        ? new RegExp(`^30-day APY unchanged at ${apys[0]!.toFixed(2)}%`)
        : `30-day APY ${direction} from ${apys[0]!.toFixed(2)}% to ${apys.at(-1)!.toFixed(2)}% over ${apys.length} days (low ${Math.min(...apys).toFixed(2)}%, high ${Math.max(...apys).toFixed(2)}%)`,
    );
  }
});

test("sorts by 30d APY and by 7d change in both directions, kept in the URL", async ({ page, request }) => {
  await openExplorer(page);
  const header = page.getByRole("columnheader", { name: "30d APY", exact: true });
  await expect(header).toHaveAttribute("aria-sort", "none");
  await header.getByRole("button").click();
  await expect(page).toHaveURL(/\?sortBy=apy30d&sortOrder=desc$/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(() => shownIds(page))
    .toEqual(ids(await api(request, "sortBy=apy30d&sortOrder=desc&limit=25")));
  await expect(page.getByText(/sorted by 30-day APY high to low/)).toBeVisible();

  await header.getByRole("button").click();
  await expect(page).toHaveURL(/\?sortBy=apy30d&sortOrder=asc$/);
  await expect
    .poll(() => shownIds(page))
    .toEqual(ids(await api(request, "sortBy=apy30d&sortOrder=asc&limit=25")));

  const change = page.getByRole("columnheader", { name: "7d change", exact: true });
  await change.getByRole("button").click();
  await expect(page).toHaveURL(/\?sortBy=apyChange7d&sortOrder=desc$/);
  const byChange = await api(request, "sortBy=apyChange7d&sortOrder=desc&limit=25");
  await expect.poll(() => shownIds(page)).toEqual(ids(byChange));
  // The cells show the API's figures, in percentage points with a sign.
  const first = byChange.data[0]!;
  await expect(page.locator("tbody tr").first()).toContainText(
    `${Math.abs(first.apyChange7d!).toFixed(2)} pp`,
  );

  await page.reload();
  await expect(page.getByRole("columnheader", { name: "7d change", exact: true })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  expect(await shownIds(page)).toEqual(ids(byChange));
  await page.goBack();
  await expect(page).toHaveURL(/\?sortBy=apy30d&sortOrder=asc$/);
});

test("filters by a minimum 30-day APY, shown as a removable chip and kept on reload", async ({
  page,
  request,
}) => {
  await openExplorer(page);
  await page.getByLabel("Min 30d APY (%)").fill("5");
  await expect(page).toHaveURL(/\?minApy30d=5$/);
  const filtered = await api(request, "minApy30d=5&limit=25");
  expect(filtered.pagination.total).toBeGreaterThan(0);
  expect(filtered.data.every((i) => i.apy30d !== null && i.apy30d >= 5)).toBe(true);
  await expect.poll(() => shownIds(page)).toEqual(ids(filtered));
  await expect(page.getByText(new RegExp(`^${filtered.pagination.total} instruments match`))).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Min 30d APY (%)")).toHaveValue("5");
  expect(await shownIds(page)).toEqual(ids(filtered));
  await page.getByRole("button", { name: "30d APY ≥ 5%, remove filter" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByLabel("Min 30d APY (%)")).toHaveValue("");
});

test("the CSV holds apy7d, apy30d and apyChange7d of every row of the filtered, sorted view", async ({
  page,
  request,
}) => {
  await openExplorer(page, "/?minApy30d=4&sortBy=apy7d&sortOrder=asc&limit=10");
  const expected: ApiInstrument[] = [];
  for (let n = 1; ; n++) {
    const result = await api(request, `minApy30d=4&sortBy=apy7d&sortOrder=asc&limit=100&page=${n}`);
    expected.push(...result.data);
    if (!result.pagination.hasMore) break;
  }
  expect(expected.length).toBeGreaterThan(10);
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const text = await (
    await downloadPromise
  )
    .createReadStream()
    .then((stream) => stream.toArray())
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  const [header, ...rows] = text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  const col = (name: string) => header!.indexOf(name);
  expect(col("apy7d")).toBeGreaterThan(0);
  expect(rows).toHaveLength(expected.length);
  rows.forEach((row, n) => {
    const i = expected[n]!;
    expect(row[col("instrumentId")]).toBe(i.instrumentId);
    for (const field of ["apy7d", "apy30d", "apyChange7d"] as const)
      expect(row[col(field)], field).toBe(i[field] === null ? "" : String(i[field]));
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`the yield columns, sparklines and 30-day filter pass axe (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await openExplorer(page, "/?minApy30d=3&sortBy=apy30d&sortOrder=desc");
    await expect(page.getByRole("button", { name: "30d APY ≥ 3%, remove filter" })).toBeVisible();
    await expect(page.locator("tbody svg[role=img]").first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test("at 375 px the new columns scroll inside the table and the 30-day filter folds into Filters", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openExplorer(page, "/?sortBy=apy7d&sortOrder=desc");
  await expect(page.getByLabel("Min 30d APY (%)")).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByLabel("Min 30d APY (%)")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page);
});
