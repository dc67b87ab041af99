import { expect, test, type Page } from "@playwright/test";
import { formatPercent, formatUsdCompact } from "@/components/ui/format";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { openExplorer, shownIds } from "./support/explorer";
import { untilLocalChainSynced } from "./support/devnet";
import { connectAndSignIn } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// The explorer's deposit amount (issue 28) on the local chain, which the e2e server syncs from the
// protocols' own contracts: with it, the APY column is the total APY after that deposit, the rows
// are in the API's sortBy=apyTotalAfter order (markets that cannot take it last), and it stays in the URL.

interface Row {
  instrumentId: string;
  apyTotal: number;
  quote?: { apyAfter: number | null; apyTotalAfter: number | null; fits: boolean | null };
}

const testHeaders = { "X-Yieldgrid-Environment": "test" };
const local = `env=test&chainId=${LOCAL_CHAIN_ID}`;

async function list(page: Page, query: string): Promise<Row[]> {
  const response = await page.request.get(
    `/api/v1/instruments?chainId=${LOCAL_CHAIN_ID}&limit=100&${query}`,
    { headers: testHeaders },
  );
  expect(response.status(), query).toBe(200);
  return ((await response.json()) as { data: Row[] }).data;
}

/** Signed in, after the first sync of the local chain: an amount some markets can take and some cannot. */
async function setUp(page: Page): Promise<number> {
  await connectAndSignIn(page, await injectWallet(page));
  await untilLocalChainSynced(page.request);
  for (const amount of [2e6, 5e7, 5e8, 5e9, 5e10]) {
    const rows = await list(page, `depositAmountUsd=${amount}`);
    if (rows.some((r) => r.quote?.fits === false) && rows.some((r) => r.quote?.fits === true)) return amount;
  }
  throw new Error("no amount some local markets cannot take");
}

const depositField = (page: Page) => page.getByRole("textbox", { name: "Deposit (USD)" });

test("a deposit amount turns the APY column into the APY after it, ranked as the API ranks it, kept in the URL", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const amount = await setUp(page);
  await openExplorer(page, `/?${local}`);
  const header = `APY after ${formatUsdCompact(amount)}`;

  await depositField(page).fill(String(amount));
  await expect(page).toHaveURL(new RegExp(`depositAmountUsd=${amount}&sortBy=apyTotalAfter&sortOrder=desc$`));
  const apyAfterHeader = page.getByRole("columnheader", { name: header });
  await expect(apyAfterHeader).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("table")).toHaveAccessibleName(
    `Lending instruments, sorted by total APY after depositing ${formatUsdCompact(amount)}, descending`,
  );
  const expected = await list(page, `depositAmountUsd=${amount}&sortBy=apyTotalAfter&sortOrder=desc`);
  await expect.poll(() => shownIds(page)).toEqual(expected.slice(0, 25).map((r) => r.instrumentId));
  // Those that fit first, best first; those that do not, then those whose APY after is unknown (a
  // Vault V2's), last, each saying so in words.
  const rank = (r: (typeof expected)[number]) =>
    r.quote!.apyTotalAfter === null || r.quote!.fits === null ? 2 : r.quote!.fits ? 0 : 1;
  const ranks = expected.map(rank);
  expect(ranks.indexOf(1)).toBeGreaterThan(0);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  for (const row of expected) {
    const cell = page.locator(
      `tbody tr:has(a[href="/instruments/${row.instrumentId}"]) [data-testid="apy-after"]`,
    );
    if (row.quote!.fits === false)
      await expect(cell).toHaveText(`does not fitnow ${formatPercent(row.apyTotal)}`);
    else if (row.quote!.apyTotalAfter === null) await expect(cell).toHaveText("—not known");
    else
      await expect(cell).toHaveText(
        `${formatPercent(row.quote!.apyTotalAfter!)}${formatPercent(row.quote!.apyAfter!)} base after`,
      );
  }
  await expectNoSeriousAxeViolations(page, { bothThemes: true });

  // The other direction, by the column's header: still the API's order.
  await apyAfterHeader.getByRole("button").click();
  await expect(page).toHaveURL(/sortBy=apyTotalAfter&sortOrder=asc/);
  const ascending = await list(page, `depositAmountUsd=${amount}&sortBy=apyTotalAfter&sortOrder=asc`);
  await expect.poll(() => shownIds(page)).toEqual(ascending.slice(0, 25).map((r) => r.instrumentId));

  // A reload renders the same view on the server.
  await page.reload();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(depositField(page)).toHaveValue(String(amount));
  await expect(page.getByRole("columnheader", { name: header })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => shownIds(page)).toEqual(ascending.slice(0, 25).map((r) => r.instrumentId));

  // The CSV adds the quote of every row.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = (await (await (await downloadPromise).createReadStream()).toArray()).join("");
  const [head, ...lines] = csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const column = (name: string) => head!.indexOf(name);
  expect(head!.slice(-4)).toEqual(["depositAmountUsd", "apyAfter", "apyTotalAfter", "fits"]);
  expect(lines.map((l) => l[column("instrumentId")])).toEqual(ascending.map((r) => r.instrumentId));
  for (const [n, line] of lines.entries()) {
    const quote = ascending[n]!.quote!;
    expect(Number(line[column("depositAmountUsd")])).toBe(amount);
    expect(line[column("apyTotalAfter")]).toBe(
      quote.apyTotalAfter === null ? "" : String(quote.apyTotalAfter),
    );
    expect(line[column("fits")]).toBe(quote.fits === null ? "" : String(quote.fits));
  }

  // Emptied, the view is the plain one again: the total APY, in the same direction.
  await depositField(page).fill("");
  await expect(page).toHaveURL(new RegExp(`\\?${local}&sortBy=apyTotal&sortOrder=asc$`));
  await expect(page.getByRole("columnheader", { name: "APY", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.locator('[data-testid="apy-after"]')).toHaveCount(0);
});

test("a typed amount that is none says why under the field and leaves the view alone", async ({ page }) => {
  await openExplorer(page);
  const before = page.url();
  await depositField(page).fill("two million");
  const error = page.getByText(/^Enter US dollars above 0, at most \$1T, such as 2000000\.$/);
  await expect(error).toBeVisible();
  await expect(depositField(page)).toHaveAttribute("aria-invalid", "true");
  const errorId = await error.locator("xpath=ancestor-or-self::p").getAttribute("id");
  await expect(depositField(page)).toHaveAttribute("aria-describedby", errorId!);
  expect(page.url()).toBe(before);
  await expectNoSeriousAxeViolations(page);

  // Thousands separators are fine; the message goes as soon as the text is an amount.
  await depositField(page).fill("2,000,000");
  await expect(depositField(page)).not.toHaveAttribute("aria-invalid");
  await expect(page).toHaveURL(/depositAmountUsd=2000000&sortBy=apyTotalAfter&sortOrder=desc$/);
  await expect(page.getByRole("columnheader", { name: "APY after $2M" })).toBeVisible();
  // The live chains are sample data here: no quote is known, and the cells say so.
  await expect(page.locator('[data-testid="apy-after"]').first()).toHaveText("—not known");
});
