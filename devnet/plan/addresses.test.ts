import { getContractAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { getChain } from "@/lib/facts/chains";
import { devnetDemoWallet, devnetDeployer, discoveryDeployer } from "./accounts";
import { devnetAddresses } from "./addresses";
import { discoveryAddresses } from "./discovery-vaults";

describe("the local chain's plan", () => {
  it("lists each contract at the address the deployer's n-th creation gets", () => {
    Object.entries(devnetAddresses).forEach(([name, address], nonce) => {
      expect(getContractAddress({ from: devnetDeployer.address, nonce: BigInt(nonce) }), name).toBe(address);
    });
  });

  it("lists each of Morpho's factories at the address the discovery deployer's n-th creation gets", () => {
    Object.entries(discoveryAddresses).forEach(([name, address], nonce) => {
      expect(getContractAddress({ from: discoveryDeployer.address, nonce: BigInt(nonce) }), name).toBe(address);
    });
  });

  it("gives each account the address of its private key", () => {
    for (const account of [devnetDeployer, discoveryDeployer, devnetDemoWallet])
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
  });

  it("makes the devnet USDC chain 31337's USDC", () => {
    expect(getChain(31337)?.usdcAddress).toBe(devnetAddresses.usdc);
  });
});
