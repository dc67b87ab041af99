import { describe, expect, it } from "vitest";
import { chainWalletFacts } from "@/lib/facts/chain-wallets";
import { chains } from "@/lib/facts/chains";
import { getConfig } from "./wallet-config";

describe("the wallet configuration", () => {
  it("knows exactly the chains of lib/facts/chains.ts, and what a wallet needs to add each", () => {
    expect(
      getConfig().chains.map((c) => ({
        id: c.id,
        name: c.name,
        currency: c.nativeCurrency,
        rpc: c.rpcUrls.default.http,
        explorer: c.blockExplorers?.default.url ?? null,
        testnet: c.testnet,
      })),
    ).toEqual(
      chains.map((c) => ({
        id: c.id,
        name: c.name,
        currency: chainWalletFacts[c.id]?.nativeCurrency,
        rpc: [chainWalletFacts[c.id]?.rpcUrl],
        explorer: c.explorerUrl,
        testnet: c.environment === "test",
      })),
    );
  });
});
