import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { getChain } from "@/lib/facts/chains";
import type { Protocol } from "@/lib/schemas/protocols";

// The protocol browser, checked against /api/v1/protocols, …/latest and /api/v1/instruments.

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

const rowOf = (page: Page, p: Pick<Protocol, "name" | "chainId" | "version">) =>
  page.locator(`[data-version-row="${p.name}:${p.chainId}:${p.version}"]`);
const deprecatedSwitch = (page: Page) => page.getByRole("switch", { name: /Show deprecated versions/ });

test("deprecated versions are hidden until the switch shows them, with their reasons", async ({ page }) => {
  const protocols = await apiJson<Protocol[]>(page, "/api/v1/protocols");
  const deprecated = protocols.filter((p) => p.deprecated);
  expect(deprecated.length).toBeGreaterThan(0);

  await page.goto("/protocols");
  await expect(page.getByRole("heading", { level: 1, name: "Protocols" })).toBeVisible();
  // No sync has read the e2e server's live chains: their TVL figures are labelled as sample data.
  await expect(page.getByRole("note")).toContainText(
    "Sample data on Ethereum, Base, Arbitrum, Optimism and Polygon. No sync has read these chains yet",
  );
  await expect(deprecatedSwitch(page)).toHaveAttribute("aria-checked", "false");
  for (const p of protocols) await expect(rowOf(page, p)).toHaveCount(p.deprecated ? 0 : 1);
  await expect(page.getByText(deprecated[0]!.deprecationReason!)).toHaveCount(0);

  await deprecatedSwitch(page).click();
  await expect(page).toHaveURL(/\/protocols\?deprecated=1$/);
  await expect(deprecatedSwitch(page)).toHaveAttribute("aria-checked", "true");
  for (const p of deprecated) {
    await expect(rowOf(page, p).locator("[data-status]")).toHaveText("Deprecated");
    await expect(
      page.locator(`[data-deprecation-reason="${p.name}:${p.chainId}:${p.version}"]`),
    ).toContainText(p.deprecationReason!);
  }
  await expectNoSeriousAxeViolations(page, { bothThemes: true });

  // The state is in the URL: it survives a reload, and switching off hides them again.
  await page.reload();
  await expect(deprecatedSwitch(page)).toHaveAttribute("aria-checked", "true");
  await deprecatedSwitch(page).click();
  await expect(page).toHaveURL(/\/protocols$/);
  for (const p of deprecated) await expect(rowOf(page, p)).toHaveCount(0);
});

test("the Latest marker sits on the version the API calls latest on each chain", async ({ page }) => {
  const protocols = await apiJson<Protocol[]>(page, "/api/v1/protocols");
  await page.goto("/protocols?deprecated=1");
  const pairs = [...new Map(protocols.map((p) => [`${p.name}:${p.chainId}`, p])).values()];
  for (const { name, chainId } of pairs) {
    const latest = await apiJson<Protocol>(page, `/api/v1/protocols/by-name/${name}/chain/${chainId}/latest`);
    for (const p of protocols.filter((q) => q.name === name && q.chainId === chainId)) {
      const status = rowOf(page, p).locator("[data-status]");
      if (p.id === latest.id)
        await expect(status, `${name} v${p.version} on ${chainId}`).toHaveText("Latest");
      else await expect(status, `${name} v${p.version} on ${chainId}`).not.toHaveText("Latest");
    }
  }
  await expect(page.locator("[data-status]", { hasText: "Latest" })).toHaveCount(pairs.length);
});

test("instrument counts and TVL per version add up to the API's instruments of that protocol and chain", async ({
  page,
}) => {
  const protocols = await apiJson<Protocol[]>(page, "/api/v1/protocols");
  await page.goto("/protocols?deprecated=1");
  const pairs = [...new Set(protocols.map((p) => `${p.name}:${p.chainId}`))];
  for (const pair of pairs) {
    const [name, chainId] = pair.split(":");
    const versions = protocols.filter((p) => p.name === name && p.chainId === Number(chainId));
    let count = 0;
    let tvl = 0;
    for (const p of versions) {
      count += Number(
        await rowOf(page, p).locator("[data-instrument-count]").getAttribute("data-instrument-count"),
      );
      tvl += Number(await rowOf(page, p).locator("[data-tvl]").getAttribute("data-tvl"));
    }
    const api = await apiJson<{ data: { tvl: number }[]; pagination: { total: number } }>(
      page,
      `/api/v1/instruments?protocol=${name}&chainId=${chainId}&limit=100`,
    );
    expect(count, pair).toBe(api.pagination.total);
    expect(tvl, pair).toBeCloseTo(
      api.data.reduce((sum, i) => sum + i.tvl, 0),
      0,
    );
  }
});

test("a version's Explore link opens the explorer filtered to its protocol and chain", async ({ page }) => {
  await page.goto("/protocols");
  const chain = getChain(1)!;
  const link = page.getByRole("link", { name: `Explore Aave V3 instruments on ${chain.name}` });
  await expect(link).toHaveAttribute("href", "/?protocol=aave&chainId=1");
  await link.click();
  // The explorer may rewrite the query into its canonical order; what matters is the filter it holds.
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { path: url.pathname, protocol: url.searchParams.get("protocol"), chainId: url.searchParams.get("chainId"), size: [...url.searchParams].length };
    })
    .toEqual({ path: "/", protocol: "aave", chainId: "1", size: 2 });
  await expect(page.getByRole("heading", { level: 1, name: "Instrument explorer" })).toBeVisible();
});

test("a protocol's own page lists its versions and largest markets; an unknown name is a 404", async ({
  page,
}) => {
  const api = await apiJson<{
    data: { instrumentId: string; tokenSymbol: string }[];
    pagination: { total: number };
  }>(page, "/api/v1/instruments?protocol=morpho&limit=10");
  await page.goto("/protocols/morpho");
  await expect(page.getByRole("heading", { level: 1, name: "Morpho" })).toBeVisible();
  await expect(
    page.locator('table[data-protocol="morpho"] tbody tr[data-version-row]').first(),
  ).toBeVisible();
  const markets = page.getByRole("table", { name: "Largest Morpho markets by TVL" }).locator("tbody tr");
  await expect(markets).toHaveCount(api.data.length);
  await expect(markets.first().getByRole("link")).toHaveAttribute(
    "href",
    `/instruments/${api.data[0]!.instrumentId}`,
  );
  await expect(
    page.getByRole("link", { name: `All ${api.pagination.total} in the explorer` }),
  ).toHaveAttribute("href", "/?protocol=morpho");
  await expectNoSeriousAxeViolations(page, { bothThemes: true });

  const response = await page.goto("/protocols/not-a-protocol");
  expect(response?.status()).toBe(404);
});

test("the protocol browser passes axe in both themes", async ({ page }) => {
  await page.goto("/protocols");
  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});
