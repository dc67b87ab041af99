import { describe, expect, it } from "vitest";
import { keccak256 } from "viem";
import { instrumentIdOf, marketIdOf } from "./instrument-id";

describe("instrument ids", () => {
  it("left-pads the market address to 32 bytes", () => {
    expect(marketIdOf("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")).toBe(
      "0x000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    );
  });

  it("hashes the ABI encoding of (uint256 chainId, address protocolAddress, bytes32 marketId)", () => {
    const pool = "0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2";
    const marketId = marketIdOf("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    // The encoding written out by hand: three 32-byte words.
    const encoded = ("0x" +
      (1).toString(16).padStart(64, "0") +
      pool.slice(2).toLowerCase().padStart(64, "0") +
      marketId.slice(2)) as `0x${string}`;
    expect(instrumentIdOf(1, pool, marketId)).toBe(keccak256(encoded));
    expect(instrumentIdOf(8453, pool, marketId)).not.toBe(instrumentIdOf(1, pool, marketId));
  });
});
