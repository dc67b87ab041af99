import { getContractAddress, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { devnetDeployer } from "./plan/accounts";
import { devnetSmartWalletAddress, devnetSmartWalletOwner, devnetSmartWallets } from "./smart-wallet";

describe("the local chain's smart-contract wallets", () => {
  it("are at the addresses the owner's first creation and the factory's CREATE2 give", () => {
    expect(privateKeyToAccount(devnetSmartWalletOwner.privateKey).address).toBe(devnetSmartWalletOwner.address);
    expect(getContractAddress({ from: devnetSmartWalletOwner.address, nonce: 0n })).toBe(devnetSmartWallets.factory);
    expect(devnetSmartWalletAddress(devnetSmartWalletOwner.address, numberToHex(0, { size: 32 }))).toBe(devnetSmartWallets.deployed);
    expect(devnetSmartWalletAddress(devnetSmartWalletOwner.address, numberToHex(1, { size: 32 }))).toBe(devnetSmartWallets.counterfactual);
  });

  it("come from a deployer of their own, so the main deployment's addresses never move", () => {
    expect(devnetSmartWalletOwner.address).not.toBe(devnetDeployer.address);
  });
});
