import { expect, type APIRequestContext, type Page } from "@playwright/test";

// The explorer at /, as the specs drive it and check its rows against what the API answers.

/** A page of GET /api/v1/instruments, with the fields a spec reads. */
export interface InstrumentPage<T extends { instrumentId: string }> {
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

/** GET /api/v1/instruments?<query>, which must answer 200. */
export async function instrumentsPage<T extends { instrumentId: string }>(request: APIRequestContext, query: string): Promise<InstrumentPage<T>> {
  const response = await request.get(`/api/v1/instruments?${query}`);
  expect(response.ok(), `GET /api/v1/instruments?${query}`).toBe(true);
  return (await response.json()) as InstrumentPage<T>;
}

export const ids = (p: { data: { instrumentId: string }[] }) => p.data.map((i) => i.instrumentId);

/** The instrument ids of the rows on screen, in order (each row links to its instrument page). */
export const shownIds = (page: Page) =>
  page
    .locator('tbody a[href^="/instruments/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.replace("/instruments/", "")));

/** Opens the explorer at `path` and waits until it is hydrated and, unless `table` is false, its rows are loaded. */
export async function openExplorer(page: Page, path = "/", { table = true } = {}) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Instrument explorer" })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  if (table) await expect(page.locator("table")).not.toHaveAttribute("aria-busy", "true");
}
