import { expect, test } from "@playwright/test";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { devnetSmartWalletOwner, devnetSmartWallets } from "@/devnet/smart-wallet";
import { e2eDevnetRpcUrl } from "./support/devnet";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { connectWallet, short } from "./support/flows";
import { injectWallet } from "./support/injected-wallet";

// Sign-in as issue 9 hardened it: a smart-contract wallet signs in on the local chain, and a page
// opened on a host outside SIWE_DOMAIN is told why it cannot sign in.

// The app under test can also be reached by another name: Chromium resolves it to the same server.
const foreignHost = "yieldgrid.test";
test.use({
  // The project's Chromium and flags, and one more: a name for the server.
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${foreignHost} 127.0.0.1`] }),
    { scope: "worker" },
  ],
});

test("a smart-contract wallet signs in on the local chain through the dashboard (ERC-1271)", async ({ page }) => {
  // The wallet reports the contract as its account and signs with the owner's key, as Safe does.
  const wallet = await injectWallet(page, {
    privateKey: devnetSmartWalletOwner.privateKey,
    account: devnetSmartWallets.deployed,
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: e2eDevnetRpcUrl(),
  });
  await page.goto("/settings/api-keys");
  await connectWallet(page, wallet);
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Wallet ${short(devnetSmartWallets.deployed)} on Local` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in as").locator("..")).toContainText(short(devnetSmartWallets.deployed));

  // One message, for the contract's address on the local chain, signed by the owner's key.
  expect(wallet.signed).toHaveLength(1);
  expect(wallet.signed[0]).toContain(`${new URL(page.url()).host} wants you to sign in with your Ethereum account:\n${devnetSmartWallets.deployed}`);
  expect(wallet.signed[0]).toContain(`Chain ID: ${LOCAL_CHAIN_ID}`);
  const session = await page.request.get("/api/v1/auth/session");
  expect((await session.json()).data).toMatchObject({ address: devnetSmartWallets.deployed, chainId: LOCAL_CHAIN_ID });

  // The contract's account manages its keys like any other.
  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create an API key" });
  await create.getByRole("textbox", { name: "Name" }).fill("safe key");
  await create.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("dialog", { name: "Save your new key" }).getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row", { name: /safe key/ })).toContainText("test");
});

test.describe("on a host outside SIWE_DOMAIN", () => {
  test("sign-in says which domains may sign in, before the wallet is asked to sign anything", async ({ page }) => {
    const port = process.env.E2E_PORT ?? "3210";
    const wallet = await injectWallet(page);
    await page.goto(`http://${foreignHost}:${port}/settings/api-keys`);
    await connectWallet(page, wallet);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toHaveText(
      `Signing in does not work at ${foreignHost}:${port}` +
        `This server signs in only pages at localhost:${port} or 127.0.0.1:${port}. ` +
        `Open Yieldgrid there, or have ${foreignHost}:${port} added to the server's SIWE_DOMAIN.`,
    );
    await expect(alert.getByRole("link", { name: `localhost:${port}` })).toHaveAttribute("href", `http://localhost:${port}/settings/api-keys`);
    expect(wallet.signed).toEqual([]);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
  });
});
