import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { errorTable } from "@/lib/schemas/error-codes";

// The API reference: an overview at /docs and a page per group of endpoints, checked against the
// OpenAPI document the API serves.

interface OpenApi {
  paths: Record<
    string,
    Record<string, { summary?: string; responses: Record<string, { description: string }> }>
  >;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The reference's pages: the overview, then each group's page as its contents list them. */
async function referencePages(page: Page): Promise<string[]> {
  await page.goto("/docs");
  const hrefs = await page
    .getByRole("navigation", { name: "API reference contents" })
    .first()
    .locator("a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  return ["/docs", ...new Set(hrefs.filter((h) => /^\/docs\/[a-z0-9-]+$/.test(h)))];
}

test("every operation of the OpenAPI document is on exactly one group page, with a runnable curl example", async ({
  page,
}) => {
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as OpenApi;
  const pages = await referencePages(page);
  expect(pages.length).toBeGreaterThan(4);

  const found = new Map<string, string>();
  for (const path of pages.slice(1)) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const operation of await page.locator("[data-operation]").evaluateAll((els) => els.map((e) => e.getAttribute("data-operation")!))) {
      expect(found.get(operation), `${operation} on ${path} and on ${found.get(operation)}`).toBeUndefined();
      found.set(operation, path);
    }
    for (const [apiPath, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const section = page.locator(`[data-operation="${method.toUpperCase()} ${apiPath}"]`);
        if ((await section.count()) === 0) continue;
        await expect(section.getByTestId("operation-path")).toHaveText(apiPath);
        if (op.summary) await expect(section.getByRole("heading", { level: 2 })).toHaveText(op.summary);
        for (const status of Object.keys(op.responses))
          await expect(section.locator(`[data-response="${status}"]`)).toHaveCount(1);
        // The curl command calls this path (path parameters filled in) on this deployment.
        const pathPattern = escapeRegExp(apiPath).replace(/\\\{\w+\\\}/g, '[^/?"\\s]+');
        const curl = section.getByTestId("curl-example").locator("code");
        await expect(curl).toContainText(/^(# .*\n)?curl /);
        await expect(curl).toContainText(new RegExp(`/api/v1${pathPattern}(\\?|")`));
      }
    }
  }
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(documented.length).toBeGreaterThan(10);
  expect([...found.keys()].sort()).toEqual(documented.sort());
});

test("every link within the reference has its target, on every page", async ({ page }) => {
  const pages = await referencePages(page);
  const idsOf = new Map<string, Set<string>>();
  const links: { from: string; href: string }[] = [];
  for (const path of pages) {
    await page.goto(path);
    idsOf.set(path, new Set(await page.locator("[id]").evaluateAll((els) => els.map((e) => e.id))));
    const hrefs = await page.locator("main a[href^='/docs'], main a[href^='#']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    links.push(...hrefs.map((href) => ({ from: path, href })));
  }
  // The contents, the index, the types' schema links, the error codes' links.
  expect(links.length).toBeGreaterThan(200);
  for (const { from, href } of links) {
    const [target, anchor] = href.startsWith("#") ? [from, href.slice(1)] : href.split("#");
    expect(idsOf.has(target!), `${href} (on ${from}) names a page of the reference`).toBe(true);
    if (anchor) expect(idsOf.get(target!)!.has(anchor), `${href} (on ${from}) has its target`).toBe(true);
  }
});

test("a link to an anchor of the one-page reference lands where that anchor is now", async ({ page }) => {
  await page.goto("/docs#schema-instrument");
  await expect(page).toHaveURL(/\/docs\/instruments#schema-instrument$/);
  await expect(page.getByRole("heading", { level: 3, name: "Instrument", exact: true })).toBeInViewport();

  await page.goto("/docs#get-protocols");
  await expect(page).toHaveURL(/\/docs\/protocols#get-protocols$/);
  await expect(page.getByRole("heading", { level: 2, name: "List protocol versions" })).toBeInViewport();

  await page.goto("/docs#endpoints-api-keys");
  await expect(page).toHaveURL(/\/docs\/api-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  // What the overview still holds stays on the overview.
  await page.goto("/docs#error-RATE_LIMIT_EXCEEDED");
  await expect(page.locator("tr#error-RATE_LIMIT_EXCEEDED")).toBeInViewport();
  await expect(page).toHaveURL(/\/docs#error-RATE_LIMIT_EXCEEDED$/);
});

test("the contents is a sidebar on a wide screen and folds behind a button on a phone", async ({ page }) => {
  const contents = page.getByRole("navigation", { name: "API reference contents" });
  const link = contents.getByRole("link", { name: /List instruments/ });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/docs/instruments");
  await expect(contents).toHaveCount(1);
  await expect(link).toBeVisible();
  await expect(contents.getByRole("link", { name: "Instruments", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Contents" })).toBeHidden();
  // The sidebar, taller than the window, starts at the page's own group.
  await page.goto("/docs/service");
  await expect(contents.getByRole("link", { name: "Service", exact: true })).toBeInViewport();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/docs/instruments");
  const toggle = page.getByRole("button", { name: "Contents" });
  await expect(link).toBeHidden();
  await expect(async () => {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  await link.click();
  await expect(page).toHaveURL(/\/docs\/instruments#get-instruments$/);
  await expect(page.getByRole("heading", { level: 2, name: "List instruments" })).toBeInViewport();
});

test("a group the API does not have is a 404 page that leads to the reference's pages", async ({ page }) => {
  const response = await page.goto("/docs/no-such-group");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No such page of the API reference" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "API keys", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/api-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the examples use real ids that the API answers for", async ({ page }) => {
  for (const [path, operation] of [
    ["/docs/instruments", "GET /instruments/{instrumentId}"],
    ["/docs/instruments", "GET /instruments/{instrumentId}/history"],
    ["/docs/protocols", "GET /protocols/{id}"],
  ] as const) {
    await page.goto(path);
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
  await page.goto("/docs/instruments");
  const button = page.getByRole("button", { name: "Copy curl example for GET /instruments", exact: true });
  await button.click();
  await expect(button).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('curl -H "X-API-Key: $YIELDGRID_API_KEY"');
  expect(copied).toContain("/api/v1/instruments?");
});

interface ListedTool {
  name: string;
  title: string;
  inputSchema: { properties?: Record<string, unknown> };
}

/** The MCP server's tools, as an MCP client lists them (one JSON-RPC POST; the server keeps no session). */
async function listedTools(page: Page, url = "/api/mcp"): Promise<ListedTool[]> {
  const res = await page.request.post(url, {
    headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result.tools;
}

test("the MCP page documents every tool the server lists, each with its arguments and the operation it runs as", async ({ page }) => {
  const tools = await listedTools(page);
  expect(tools.length).toBeGreaterThan(5);
  await page.goto("/docs/mcp");
  await expect(page.getByRole("heading", { level: 1, name: "MCP server" })).toBeVisible();
  const documented = await page.locator("[data-tool]").evaluateAll((els) => els.map((e) => e.getAttribute("data-tool")!));
  expect(documented).toEqual(tools.map((t) => t.name));
  for (const tool of tools) {
    const section = page.locator(`[data-tool="${tool.name}"]`);
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(tool.name);
    await expect(section).toContainText(tool.title);
    const argumentNames = await section.locator("table .docs-field-name").allInnerTexts();
    expect(argumentNames.filter((name) => !/[.[]/.test(name)).sort(), tool.name).toEqual(Object.keys(tool.inputSchema.properties ?? {}).sort());
  }
  // A tool's operation is one click away, on its group's page.
  await page.locator('[data-tool="listInstruments"]').getByRole("link", { name: "/instruments", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/instruments#get-instruments$/);
});

test("the MCP page's client configuration names this deployment's server, which answers at that URL", async ({ page, baseURL }) => {
  await page.goto("/docs/mcp");
  const config = JSON.parse(await page.getByTestId("mcp-config").locator("code").innerText());
  const server = config.mcpServers.yieldgrid;
  expect(server).toEqual({ type: "http", url: `${baseURL}/api/mcp`, headers: { "X-API-Key": "${YIELDGRID_API_KEY}" } });
  await expect(page.getByTestId("mcp-command").locator("code")).toContainText(`claude mcp add --transport http yieldgrid ${baseURL}/api/mcp`);
  expect((await listedTools(page, server.url)).map((t) => t.name)).toContain("listInstruments");
  // The overview and every page's contents lead here.
  await page.goto("/docs");
  await page.locator("main p").getByRole("link", { name: "MCP server" }).click();
  await expect(page).toHaveURL(/\/docs\/mcp$/);
});

// One test per page (each scan in both themes takes its own minute on a busy machine); the list is
// checked against the reference's contents, so a new group's page cannot go unscanned.
const scannedPages = [
  "/docs",
  "/docs/protocols",
  "/docs/instruments",
  "/docs/positions",
  "/docs/api-keys",
  "/docs/sign-in",
  "/docs/service",
  "/docs/mcp",
];

test("the axe scans below cover every page of the reference", async ({ page }) => {
  expect(await referencePages(page)).toEqual(scannedPages);
});

for (const path of scannedPages) {
  test(`${path} passes axe in both themes`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousAxeViolations(page, { bothThemes: true });
  });
}
