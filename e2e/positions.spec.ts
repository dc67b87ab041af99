import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { injectWallet } from "./support/injected-wallet";

const VITALIK = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

// No RPC endpoint is configured in the e2e server for the live networks: each is unavailable. The
// page must say which chain cannot be read; one chain's 503 carries the request id.
test("a pasted address goes into the URL, every live network is asked at once, and each unreadable one is named", async ({
  page,
}) => {
  await page.goto("/positions");
  await expect(page.getByRole("heading", { level: 1, name: "Positions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Look up any address" })).toBeVisible();

  await page.getByRole("textbox", { name: "Wallet address" }).fill(VITALIK.toLowerCase());
  const answer = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/positions") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Look up" }).click();
  // The URL holds the checksummed address and the choice: all live networks, the default.
  await expect(page).toHaveURL(`/positions?address=${VITALIK}&chainId=all`);
  const response = await answer;
  expect(response.request().postDataJSON()).toEqual({ address: VITALIK, chainIds: "all" });
  // One chain down never fails the others: 200, each chain marked unavailable inside the answer.
  expect(response.status()).toBe(200);
  await expect(page.getByRole("heading", { name: new RegExp(`${short(VITALIK)} on all live networks`) })).toBeVisible();
  for (const name of ["Ethereum", "Base", "Arbitrum", "Optimism", "Polygon"])
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: `${name} cannot be read right now` })).toBeVisible();
  await expect(page.getByText("Not counted: Ethereum, Base, Arbitrum, Optimism, Polygon could not be read right now.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Chain" })).toHaveValue("all");

  // One chain: the URL follows, and its 503 is shown with the request id.
  const single = page.waitForResponse((r) => r.url().endsWith("/api/v1/positions"));
  await page.getByRole("combobox", { name: "Chain" }).selectOption({ label: "Base" });
  await expect(page).toHaveURL(`/positions?address=${VITALIK}&chainId=8453`);
  const requestId = (await single).headers()["x-request-id"]!;
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Base cannot be read right now");
  await expect(alert).toContainText(requestId);
  await expect(page.getByRole("heading", { name: new RegExp(`${short(VITALIK)} on Base`) })).toBeVisible();

  // Retry asks again.
  const retried = page.waitForResponse((r) => r.url().endsWith("/api/v1/positions"));
  await page.getByRole("button", { name: "Try again" }).click();
  expect((await retried).status()).toBe(503);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Base cannot be read right now");

  // The view survives a reload and the back button.
  await page.reload();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Base cannot be read right now");
  await page.goBack();
  await expect(page).toHaveURL(`/positions?address=${VITALIK}&chainId=all`);
  await expect(page.getByRole("heading", { name: new RegExp(`${short(VITALIK)} on all live networks`) })).toBeVisible();
});

test("an invalid address is refused in the browser with the schema's message", async ({ page }) => {
  await page.goto("/positions");
  const input = page.getByRole("textbox", { name: "Wallet address" });
  let asked = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/positions")) asked = true;
  });

  await input.fill("0x1234");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("The address must be 0x followed by 40 hex digits.")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/positions");

  // Mixed case that is not the EIP-55 checksum.
  await input.fill(VITALIK.replace("d8dA", "D8dA"));
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("The address fails the EIP-55 checksum.")).toBeVisible();
  await expect(page).toHaveURL("/positions");
  expect(asked).toBe(false);

  // The same check applies to an address arriving in a link.
  await page.goto("/positions?address=0xnothex&chainId=1");
  await expect(page.getByText("The address must be 0x followed by 40 hex digits.")).toBeVisible();
});

test("an unsupported chain in the URL shows the API's 400 at the chain field", async ({ page }) => {
  await page.goto(`/positions?address=${VITALIK}&chainId=999`);
  await expect(page.getByText(/The chain must be a supported chain id/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Chain" })).toHaveAttribute("aria-invalid", "true");
});

test("with a wallet connected and no address in the URL, the wallet's address is used", async ({ page }) => {
  const wallet = await injectWallet(page);
  await page.goto("/positions");
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  const asked = page.waitForRequest((r) => r.url().endsWith("/api/v1/positions"));
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: wallet.name })
    .click();
  // The wallet is on Ethereum, a live network: every live network at once.
  expect((await asked).postDataJSON()).toEqual({ address: wallet.address, chainIds: "all" });
  await expect(page.getByText(`Showing ${short(wallet.address)}, the connected wallet.`)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: new RegExp(`${short(wallet.address)} on all live networks`) }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert").first()).toContainText("Ethereum cannot be read right now");
  await expect(page).toHaveURL("/positions");

  // A pasted address takes over; one click goes back to the wallet.
  await page.getByRole("textbox", { name: "Wallet address" }).fill(VITALIK);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(
    page.getByRole("heading", { name: new RegExp(`${short(VITALIK)} on all live networks`) }),
  ).toBeVisible();
  await page.getByRole("link", { name: `Show my wallet (${short(wallet.address)}) instead` }).click();
  await expect(
    page.getByRole("heading", { name: new RegExp(`${short(wallet.address)} on all live networks`) }),
  ).toBeVisible();

  // Still connected after a reload (wagmi's cookie, and the wallet remembers the site).
  await page.reload();
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Wallet ${short(wallet.address)} on Ethereum` }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: new RegExp(`${short(wallet.address)} on all live networks`) }),
  ).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the positions page passes axe in the ${scheme} theme, empty, on every chain and in its error state`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/positions");
    await expect(page.getByRole("heading", { name: "Look up any address" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/positions?address=${VITALIK}`);
    await expect(page.getByText(/^Not counted: /)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/positions?address=${VITALIK}&chainId=1`);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Ethereum cannot be read right now",
    );
    await expectNoSeriousAxeViolations(page);
  });
}
