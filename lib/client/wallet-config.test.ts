import { describe, expect, it } from "vitest";
import { chains } from "@/lib/facts/chains";
import { getConfig } from "./wallet-config";

describe("the wallet configuration", () => {
  it("knows exactly the chains of lib/facts/chains.ts, as a wallet needs them to add one", () => {
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
        currency: c.nativeCurrency,
        rpc: [c.rpcUrl],
        explorer: c.explorerUrl,
        testnet: c.environment === "test",
      })),
    );
  });
});
