import { expect, type Page } from "@playwright/test";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { e2eDevnetRpcUrl } from "./devnet";
import { injectWallet, type InjectedWallet } from "./injected-wallet";

/** 0x1234…abcd, as the dashboard shortens addresses. */
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Opens the connect dialog from the page ("main") or the header ("banner") and picks the injected wallet. */
export async function connectWallet(page: Page, wallet: InjectedWallet, from: "main" | "banner" = "main") {
  await page.getByRole(from).getByRole("button", { name: "Connect wallet" }).click();
  const connect = page.getByRole("dialog", { name: "Connect a wallet" });
  await connect.getByRole("button", { name: wallet.name }).click();
  await expect(connect).toBeHidden();
}

/**
 * /positions with the local chain's demo wallet injected (forwarding chain reads to the e2e chain),
 * connected and signed in, so that its balances on Local are read.
 */
export async function openPositionsAsDemoWallet(page: Page): Promise<InjectedWallet> {
  const wallet = await injectWallet(page, {
    privateKey: devnetDemoWallet.privateKey,
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: e2eDevnetRpcUrl(),
  });
  await page.goto("/positions");
  await connectWallet(page, wallet);
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  return wallet;
}

/** On Settings > API keys: connect the injected wallet (on Ethereum) and sign in with Ethereum. */
export async function connectAndSignIn(page: Page, wallet: InjectedWallet) {
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await connectWallet(page, wallet);
  // The header's wallet button now shows the short address.
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Wallet ${short(wallet.address)} on Ethereum` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in as")).toBeVisible();
}
