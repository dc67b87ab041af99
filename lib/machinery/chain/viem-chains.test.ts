import { describe, expect, it } from "vitest";
import { chains, LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { viemChainOf } from "./viem-chains";

describe("viem's chains", () => {
  it("define every chain Yieldgrid knows but the local one, each with a public RPC", () => {
    const publicChainIds = chains.map((c) => c.id).filter((id) => id !== LOCAL_CHAIN_ID);
    expect(publicChainIds.length).toBeGreaterThan(0);
    for (const id of publicChainIds) {
      expect(viemChainOf(id)?.id, `chain ${id}`).toBe(id);
      expect(viemChainOf(id)?.rpcUrls.default.http[0], `chain ${id}`).toMatch(/^https:\/\//);
    }
    expect(viemChainOf(LOCAL_CHAIN_ID)).toBeUndefined();
    expect(viemChainOf(56)).toBeUndefined();
  });
});
