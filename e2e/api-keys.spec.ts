import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { connectAndSignIn, connectWallet, short } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

test("connect, sign in, create a live key shown once, use it, revoke it", async ({ page }) => {
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);

  // The wallet signed one EIP-4361 message for this site.
  expect(wallet.signed).toHaveLength(1);
  const host = new URL(page.url()).host;
  expect(wallet.signed[0]).toContain(
    `${host} wants you to sign in with your Ethereum account:\n${wallet.address}`,
  );
  expect(wallet.signed[0]).toContain("Chain ID: 1");
  // The session lives in an httpOnly cookie, out of the page's reach.
  const sessionCookie = (await page.context().cookies()).find((c) => c.name === "yg_session");
  expect(sessionCookie?.httpOnly).toBe(true);
  // So does the secret its nonce was bound to, sent back only to the sign-in endpoints.
  const bindingCookie = (await page.context().cookies()).find((c) => c.name === "yg_siwe");
  expect(bindingCookie).toMatchObject({ httpOnly: true, path: "/api/v1/auth", sameSite: "Strict" });
  await expect(page.getByText("No API keys yet")).toBeVisible();

  // Create a live key.
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create an API key" });
  await expect(create.getByRole("textbox", { name: "Name" })).toBeFocused();
  await create.getByRole("textbox", { name: "Name" }).fill("e2e backtester");
  await create.getByRole("radio", { name: "Live" }).check();
  await create.getByRole("button", { name: "Create key" }).click();

  // The full key, once, with the warning; focus is on the copy button.
  const saved = page.getByRole("dialog", { name: "Save your new key" });
  const shown = saved.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^yg_sk_live_[0-9A-Za-z]+$/);
  const key = (await shown.textContent())!;
  await expect(saved.getByText("Copy this key now. It will not be shown again.")).toBeVisible();
  await expect(saved.getByRole("button", { name: "Copy" })).toBeFocused();
  await saved.getByRole("button", { name: "Done" }).click();
  await expect(saved).toBeHidden();

  // Gone for good: not on the page, not in storage; the list shows only the prefix.
  const row = page.getByRole("row", { name: /e2e backtester/ });
  await expect(row).toContainText("live");
  await expect(row).toContainText("active");
  // Columns: name, key, type, status, created, last used, requests in 7 days, expires, actions.
  await expect(row.getByRole("cell").nth(5)).toHaveText("never");
  await expect(row.getByRole("cell").nth(6).getByRole("img")).toHaveAccessibleName("No requests in the last 7 days");
  await expect(row.getByRole("cell").nth(7)).toHaveText("never");
  const prefix = (await row.locator("code").textContent())!.replace("…", "");
  expect(key.startsWith(prefix)).toBe(true);
  await expectKeyNowhere(page, key);
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  await expect(
    page.getByRole("dialog", { name: "Create an API key" }).getByRole("textbox", { name: "Name" }),
  ).toHaveValue("");
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Create an API key" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Create key", exact: true })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("row", { name: /e2e backtester/ })).toBeVisible();
  await expectKeyNowhere(page, key);

  // The key works against the API.
  const used = await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": key } });
  expect(used.status()).toBe(200);
  await page.reload();
  await expect(
    page
      .getByRole("row", { name: /e2e backtester/ })
      .getByRole("cell")
      .nth(5),
  ).toHaveText("just now");

  // Revoke it, after a confirmation. The reloaded table is server-rendered; its buttons are disabled
  // until the page has hydrated, and the click waits for that.
  const confirm = page.getByRole("dialog", { name: "Revoke “e2e backtester”?" });
  await page
    .getByRole("row", { name: /e2e backtester/ })
    .getByRole("button", { name: "Revoke e2e backtester" })
    .click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("This cannot be undone.");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row", { name: /e2e backtester/ })).toContainText("revoked");
  await expect(page.getByRole("button", { name: "Revoke e2e backtester" })).toHaveCount(0);

  // The key is now rejected.
  const rejected = await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": key } });
  expect(rejected.status()).toBe(401);
  expect(((await rejected.json()) as { error: { code: string } }).error.code).toBe("INVALID_API_KEY");

  // Sign out: back to the sign-in step, and the keys API no longer answers this browser.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Ethereum" })).toBeVisible();
  expect((await page.request.get("/api/v1/auth/keys")).status()).toBe(401);
});

async function expectKeyNowhere(page: Page, key: string) {
  expect(await page.content()).not.toContain(key);
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(storage).not.toContain(key);
}

test("the create dialog shows validation errors at their fields", async ({ page }) => {
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create an API key" });

  // Empty name: caught in the browser with the API's own schema.
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText("Name must not be empty.")).toBeVisible();
  await expect(create.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");

  // An expiry in the past: the API answers 400 with details.issues, shown at the date field.
  await create.getByRole("textbox", { name: "Name" }).fill("expired already");
  await create.getByLabel(/Expiry date/).fill("2020-01-01");
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText("Expiry date must be in the future.")).toBeVisible();
  await expect(create.getByTestId("new-api-key")).toHaveCount(0);
});

test("a different wallet than the signed-in one is pointed out, with a way to sign in again", async ({
  page,
}) => {
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);
  // Another wallet (a different key) in a fresh page of the same browser context shares the session cookie.
  const other = await page.context().newPage();
  const otherWallet = await injectWallet(other, {
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  });
  await other.goto("/settings/api-keys");
  await connectWallet(other, otherWallet, "banner");
  await expect(
    other.getByText(
      `Your wallet is now ${short(otherWallet.address)}, but you are signed in as ${short(wallet.address)}`,
    ),
  ).toBeVisible();
  await other.getByRole("button", { name: `Sign in as ${short(otherWallet.address)}` }).click();
  await expect(other.getByText(/Your wallet is now/)).toBeHidden();
  await expect(other.getByText("Signed in as").locator("..")).toContainText(short(otherWallet.address));
});

for (const scheme of ["light", "dark"] as const) {
  test(`the API keys page passes axe in the ${scheme} theme, signed out, signed in and with the dialog open`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const wallet = await injectWallet(page);
    await page.goto("/settings/api-keys");
    await expect(page.getByRole("heading", { name: "Connect a wallet to manage API keys" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await connectAndSignIn(page, wallet);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Create key", exact: true }).click();
    const create = page.getByRole("dialog", { name: "Create an API key" });
    await create.getByRole("textbox", { name: "Name" }).fill(`axe ${scheme}`);
    await create.getByRole("button", { name: "Create key" }).click();
    const saved = page.getByRole("dialog", { name: "Save your new key" });
    await expect(saved.getByTestId("new-api-key")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saved.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`axe ${scheme}`) })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test("roll a key with a grace period: the new secret once, both secrets work and are listed; usage per hour is charted", async ({ page }) => {
  const wallet = await injectWallet(page);
  await connectAndSignIn(page, wallet);
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create an API key" });
  await create.getByRole("textbox", { name: "Name" }).fill("e2e roller");
  await create.getByRole("button", { name: "Create key" }).click();
  const saved = page.getByRole("dialog", { name: "Save your new key" });
  const oldKey = (await saved.getByTestId("new-api-key").textContent())!;
  await saved.getByRole("button", { name: "Done" }).click();

  // Three requests with it, then the chart of its row says so (it refetches on reload).
  for (let i = 0; i < 3; i++)
    expect((await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": oldKey } })).status()).toBe(200);
  await page.reload();
  const row = page.getByRole("row", { name: /e2e roller/ });
  await expect(row.getByRole("img", { name: /^3 requests in the last 7 days, 3 in the last 24 hours; busiest hour/ })).toBeVisible();

  // Roll, keeping the old secret for an hour: a confirmation with the choice, then the new secret once.
  await row.getByRole("button", { name: "Roll e2e roller" }).click();
  const confirm = page.getByRole("dialog", { name: "Roll “e2e roller”?" });
  await expect(confirm.getByRole("radio", { name: /1 hour/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await confirm.getByRole("radio", { name: /None/ }).check();
  await confirm.getByRole("radio", { name: /1 hour/ }).check();
  await confirm.getByRole("button", { name: "Roll key" }).click();
  const rolled = page.getByRole("dialog", { name: "Save the new secret" });
  const newKey = (await rolled.getByTestId("new-api-key").textContent())!;
  expect(newKey).toMatch(/^yg_sk_test_[0-9A-Za-z]+$/);
  expect(newKey).not.toBe(oldKey);
  await expect(rolled).toContainText(`The old one (${oldKey.slice(0, 17)}…) keeps working until`);
  await expect(rolled.getByText("Copy this key now. It will not be shown again.")).toBeVisible();
  await expect(rolled.getByRole("button", { name: "Copy" })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await rolled.getByRole("button", { name: "Done" }).click();
  await expect(rolled).toBeHidden();
  await expectKeyNowhere(page, newKey);

  // Both secrets work for now, and the row lists both prefixes.
  for (const key of [oldKey, newKey])
    expect((await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": key } })).status()).toBe(200);
  await expect(row.locator("code").first()).toHaveText(`${newKey.slice(0, 17)}…`);
  await expect(row).toContainText(`and ${oldKey.slice(0, 17)}… until`);
  await expectNoSeriousAxeViolations(page);

  // Rolling again with no grace period ends both earlier secrets at once.
  await row.getByRole("button", { name: "Roll e2e roller" }).click();
  await expect(page.getByRole("dialog", { name: "Roll “e2e roller”?" })).toContainText(`The secret it replaced last (${oldKey.slice(0, 17)}…) stops working now.`);
  await page.getByRole("dialog", { name: "Roll “e2e roller”?" }).getByRole("radio", { name: /None/ }).check();
  await page.getByRole("dialog", { name: "Roll “e2e roller”?" }).getByRole("button", { name: "Roll key" }).click();
  const third = (await page.getByRole("dialog", { name: "Save the new secret" }).getByTestId("new-api-key").textContent())!;
  await expect(page.getByRole("dialog", { name: "Save the new secret" })).toContainText("The old one no longer works.");
  await page.getByRole("dialog", { name: "Save the new secret" }).getByRole("button", { name: "Done" }).click();
  for (const key of [oldKey, newKey])
    expect((await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": key } })).status()).toBe(401);
  expect((await page.request.get("/api/v1/instruments?limit=1", { headers: { "X-API-Key": third } })).status()).toBe(200);
  await expect(row).not.toContainText(" until ");
  // The usage carries on across rolls: the same key, 3 + 2 + 1 requests (a refused secret counts
  // against the client's address, not the key).
  await page.reload();
  await expect(page.getByRole("row", { name: /e2e roller/ }).getByRole("img", { name: /^6 requests in the last 7 days/ })).toBeVisible();
});
