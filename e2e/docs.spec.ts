import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { errorTable } from "@/lib/schemas/error-codes";

// The API reference at /docs, checked against the OpenAPI document the API serves.

interface OpenApi {
  paths: Record<
    string,
    Record<string, { summary?: string; responses: Record<string, { description: string }> }>
  >;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("every operation of the OpenAPI document is documented with a runnable curl example", async ({
  page,
}) => {
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as OpenApi;
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  let operations = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations++;
      const section = page.locator(`[data-operation="${method.toUpperCase()} ${path}"]`);
      await expect(section, `${method} ${path}`).toHaveCount(1);
      await expect(section.getByTestId("operation-path")).toHaveText(path);
      if (op.summary) await expect(section.getByRole("heading", { level: 3 })).toHaveText(op.summary);
      for (const status of Object.keys(op.responses))
        await expect(section.locator(`[data-response="${status}"]`)).toHaveCount(1);
      // The curl command calls this path (path parameters filled in) on this deployment.
      const pathPattern = escapeRegExp(path).replace(/\\\{\w+\\\}/g, '[^/?"\\s]+');
      const curl = section.getByTestId("curl-example").locator("code");
      await expect(curl).toContainText(/^(# .*\n)?curl /);
      await expect(curl).toContainText(new RegExp(`/api/v1${pathPattern}(\\?|")`));
    }
  }
  expect(operations).toBeGreaterThan(10);
  // Each operation is in the table of contents, and each contents link has a target.
  const hrefs = await page
    .getByRole("navigation", { name: "API reference contents" })
    .first()
    .locator("a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(operations);
  for (const href of hrefs) await expect(page.locator(href), href).toHaveCount(1);
});

test("the examples use real ids that the API answers for", async ({ page }) => {
  await page.goto("/docs");
  for (const operation of [
    "GET /instruments/{instrumentId}",
    "GET /protocols/{id}",
    "GET /instruments/{instrumentId}/history",
  ]) {
    const code = await page
      .locator(`[data-operation="${operation}"]`)
      .getByTestId("curl-example")
      .locator("code")
      .innerText();
    const url = new URL(code.match(/"(http[^"]+)"/)![1]!);
    expect((await page.request.get(url.pathname + url.search)).status(), operation).toBe(200);
  }
});

test("the error table lists every error code", async ({ page }) => {
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as OpenApi;
  const documented = new Set(
    Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) =>
        Object.values(op.responses).flatMap((r) =>
          [...r.description.matchAll(/\b([A-Z][A-Z_]{2,}):/g)].map((m) => m[1]!),
        ),
      ),
    ),
  );
  await page.goto("/docs");
  const rows = page.getByRole("table", { name: "Error codes" }).locator("tbody tr");
  await expect(rows).toHaveCount(errorTable.length);
  for (const [status, code, when] of errorTable) {
    const row = page.locator(`tr[data-error-code="${code}"]`);
    await expect(row).toContainText(String(status));
    await expect(row).toContainText(when);
  }
  for (const code of documented)
    await expect(page.locator(`tr[data-error-code="${code}"]`), code).toHaveCount(1);
});

test("a curl example can be copied", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs");
  const button = page.getByRole("button", { name: "Copy curl example for GET /instruments", exact: true });
  await button.click();
  await expect(button).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('curl -H "X-API-Key: $YIELDGRID_API_KEY"');
  expect(copied).toContain("/api/v1/instruments?");
});

test("the docs page passes axe in both themes", async ({ page }) => {
  await page.goto("/docs");
  await expectNoSeriousAxeViolations(page, { bothThemes: true });
});
