import { metaMorphoFactoryAbi, vaultV2FactoryAbi } from "@morpho-org/morpho-ts/abis";
import { toEventSelector } from "viem";
import { describe, expect, it } from "vitest";
import { createMetaMorphoEvent, createVaultV2Event, vaultFactoriesOf } from "./vault-discovery-factories";

describe("Morpho's vault factories", () => {
  it("emit the events discovery reads, as Morpho's own published ABIs have them", () => {
    const published = (abi: readonly { type: string; name?: string }[], name: string) =>
      toEventSelector(abi.find((item) => item.type === "event" && item.name === name) as never);
    expect(toEventSelector(createMetaMorphoEvent)).toBe(published(metaMorphoFactoryAbi, "CreateMetaMorpho"));
    expect(toEventSelector(createVaultV2Event)).toBe(published(vaultV2FactoryAbi, "CreateVaultV2"));
  });

  it("are MetaMorpho v1.0 and v1.1 and Vault V2 on Ethereum and Base, v1.1 and Vault V2 on the other live chains, none on the test networks", () => {
    const releases = (chainId: number) => vaultFactoriesOf(chainId).map((f) => f.release);
    for (const chainId of [1, 8453]) expect(releases(chainId)).toEqual(["MetaMorpho v1.0", "MetaMorpho v1.1", "Vault V2"]);
    for (const chainId of [42161, 10, 137]) expect(releases(chainId)).toEqual(["MetaMorpho v1.1", "Vault V2"]);
    for (const chainId of [11155111, 84532]) expect(releases(chainId)).toEqual([]);
    // Each factory has its own first block: v1.0 before v1.1 before Vault V2.
    const [v1_0, v1_1, v2] = vaultFactoriesOf(1);
    expect(v1_0!.fromBlock).toBeLessThan(v1_1!.fromBlock);
    expect(v1_1!.fromBlock).toBeLessThan(v2!.fromBlock);
    expect(vaultFactoriesOf(1).map((f) => f.kind)).toEqual(["metamorpho", "metamorpho", "vault-v2"]);
  });
});
