import { readFileSync } from "node:fs";
import path from "node:path";
import { getContractAddress } from "viem";
import { describe, expect, it } from "vitest";
import { getChain } from "@/lib/chains";
import { generatedModules } from "@/scripts/lib/solidity.mjs";
import { devnetAddresses, devnetDeployer } from "./plan";

describe("the local chain's plan", () => {
  it("lists each contract at the address the deployer's n-th creation gets", () => {
    Object.entries(devnetAddresses).forEach(([name, address], nonce) => {
      expect(getContractAddress({ from: devnetDeployer.address, nonce: BigInt(nonce) }), name).toBe(address);
    });
  });

  it("makes the devnet USDC chain 31337's USDC", () => {
    expect(getChain(31337)?.usdcAddress).toBe(devnetAddresses.usdc);
  });
});

describe("the committed contract artifacts", () => {
  it("are what `npm run contracts` compiles from the Solidity sources", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    for (const [file, text] of Object.entries(generatedModules(root))) {
      expect(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run contracts`).toBe(text);
    }
  });
});
