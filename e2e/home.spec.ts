import { expect, test } from "@playwright/test";

test("the home page lists the largest live markets, as the API orders them", async ({ page, request }) => {
  const api = await request.get("/api/v1/instruments?limit=25");
  expect(api.ok()).toBe(true);
  const { data, pagination } = (await api.json()) as { data: { tokenSymbol: string; protocolInfo: { displayName: string } }[]; pagination: { total: number } };

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Yieldgrid" })).toBeVisible();
  await expect(page.getByText(`The largest of ${pagination.total} live lending markets`)).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(data.length);
  await expect(rows.first().locator("td").first()).toHaveText(`${data[0]!.protocolInfo.displayName} · ${data[0]!.tokenSymbol}`);
});
