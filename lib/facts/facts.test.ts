import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogInstruments, catalogProtocols } from "@/lib/machinery/catalog/catalog-data";
import { arbitrum, base, baseSepolia, mainnet, optimism, polygon, sepolia } from "viem/chains";
import { chains, LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { chainWalletFacts } from "./chain-wallets";
import { assetCategories, isStablecoinCategory } from "./asset-categories";
import { protocolRecordFacts, protocolVersions } from "./protocol-versions";
import { protocolFacts, protocolNames } from "./protocols";

const publicFile = (...parts: string[]) => path.join(import.meta.dirname, "../../public", ...parts);

describe("the protocol table", () => {
  it("has a mark in public/ for every protocol and chain", () => {
    for (const name of protocolNames)
      expect(existsSync(publicFile("icons/protocols", `${protocolFacts[name].icon}.svg`)), name).toBe(true);
    for (const chain of chains)
      expect(existsSync(publicFile("icons/chains", `${chain.id}.svg`)), chain.name).toBe(true);
  });

  it("lists every version the catalog has records of, so the seed can label each record", () => {
    for (const p of catalogProtocols)
      expect(() => protocolRecordFacts(p.name, p.version), `${p.name} v${p.version}`).not.toThrow();
    for (const i of catalogInstruments)
      expect(() => protocolRecordFacts(i.protocol, i.version), i.description).not.toThrow();
  });

  it("labels each version with the protocol's label and its number, and marks deprecated ones with a reason", () => {
    for (const name of protocolNames)
      for (const [version, facts] of Object.entries(protocolVersions[name])) {
        expect(facts.label).toBe(`${protocolFacts[name].label} V${version}`);
        expect(new URL(facts.docsUrl).protocol).toBe("https:");
        const record = protocolRecordFacts(name, Number(version));
        expect(record.deprecated).toBe(facts.deprecationReason !== null);
        if (record.deprecated) expect(record.deprecationReason).toMatch(/^\S.*\.$/);
      }
  });

  it("throws for a version it does not list", () => {
    expect(() => protocolRecordFacts("fluid", 9)).toThrow(/no fluid version 9/);
  });
});

describe("the asset categories", () => {
  it("call exactly USD and EUR instruments stablecoins", () => {
    expect(assetCategories.filter(isStablecoinCategory)).toEqual(["USD", "EUR"]);
    expect(isStablecoinCategory("usd")).toBe(false);
  });
});

describe("the chain table", () => {
  it("tells a wallet how to add exactly the chains Yieldgrid knows", () => {
    const byId = (a: number, b: number) => a - b;
    expect(Object.keys(chainWalletFacts).map(Number).sort(byId)).toEqual(chains.map((c) => c.id).sort(byId));
  });

  it("gives each public chain viem's native currency and default RPC endpoint", () => {
    const viemChains = new Map(
      [mainnet, base, arbitrum, optimism, polygon, sepolia, baseSepolia].map((c) => [c.id as number, c]),
    );
    for (const chain of chains) {
      if (chain.id === LOCAL_CHAIN_ID) continue;
      const known = viemChains.get(chain.id);
      expect(known, chain.name).toBeDefined();
      expect(chainWalletFacts[chain.id]?.nativeCurrency, chain.name).toEqual(known!.nativeCurrency);
      expect(chainWalletFacts[chain.id]?.rpcUrl, chain.name).toBe(known!.rpcUrls.default.http[0]);
    }
  });
});
