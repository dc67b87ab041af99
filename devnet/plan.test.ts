import { getContractAddress } from "viem";
import { describe, expect, it } from "vitest";
import { getChain } from "@/lib/facts/chains";
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
