import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { openPositionsAsDemoWallet } from "./support/flows";

// Every page at a phone's 375 px: the page itself never scrolls sideways (wide tables scroll inside
// their own box), every item of the main navigation is in view without scrolling, and axe finds
// nothing serious in the layout phones get (folded filters, columns moved into other cells).

const width = 375;

async function expectFitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    const href = (await link.getAttribute("href")) ?? "";
    expect(box.x, href).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, href).toBeLessThanOrEqual(width);
  }
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width, height: 800 });
});

test("the explorer keeps token, APY and TVL in view, and the chain on the protocol's icon", async ({
  page,
}) => {
  await page.goto("/");
  const table = page.getByRole("table", { name: /Lending instruments/ });
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow).toBeVisible();
  await expectFitsTheScreen(page);
  await expectNoSeriousAxeViolations(page);
  for (const header of ["Token", "APY", "TVL"]) {
    const box = (await table.getByRole("columnheader", { name: header, exact: true }).boundingBox())!;
    expect(box.x + box.width, header).toBeLessThanOrEqual(width);
  }
  // The Chain column folds away; the row's link still names the chain.
  await expect(table.getByRole("columnheader", { name: "Chain" })).toBeHidden();
  await expect(firstRow.getByRole("link")).toHaveAccessibleName(
    / on (Ethereum|Base|Arbitrum|Optimism|Polygon)$/,
  );
});

for (const path of ["/protocols", "/protocols/aave", "/positions", "/settings/api-keys", "/docs", "/docs/instruments", "/docs/mcp"]) {
  test(`${path} fits the screen`, async ({ page }) => {
    // The API reference is the longest page: its accessibility scan alone takes most of the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFitsTheScreen(page);
    await expectNoSeriousAxeViolations(page);
  });
}

test("an instrument page fits the screen", async ({ page, request }) => {
  const list = (await (await request.get("/api/v1/instruments?limit=1")).json()) as {
    data: { instrumentId: string }[];
  };
  await page.goto(`/instruments/${list.data[0]!.instrumentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsTheScreen(page);
  await expectNoSeriousAxeViolations(page);
});

test("positions keep the balance and APY in view, the protocol on the instrument's icon", async ({
  page,
}) => {
  await openPositionsAsDemoWallet(page);
  const table = page.getByRole("table", { name: "Positions on Local" });
  const row = table.getByRole("row", { name: /aLocUSDC/ });
  // The demo wallet's 2,500.123456 USDC deposit with the interest the reserve has paid since (the
  // specs before this one move the chain's clock), to six decimals.
  await expect(row).toContainText(/2,50\d\.\d{1,6}\s*USDC/);
  await expectFitsTheScreen(page);
  await expectNoSeriousAxeViolations(page);
  for (const header of ["Instrument", "Balance", "APY"]) {
    const box = (await table.getByRole("columnheader", { name: header, exact: true }).boundingBox())!;
    expect(box.x + box.width, header).toBeLessThanOrEqual(width);
  }
  await expect(table.getByRole("columnheader", { name: "Protocol" })).toBeHidden();
  await expect(row.getByRole("img", { name: "Aave V3" })).toBeVisible();
});
