import { describe, expect, it } from "vitest";
import { api, expectError, fixture } from "../support/api";

describe("the test server", () => {
  it("serves the seeded catalog", async () => {
    const res = await api("/health");
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("demo");
    expect(res.body.database).toBe(fixture().databaseKind);
  });

  it("lists each chain's RPCs in /health by scheme and host only", async () => {
    const chains = (await api("/health")).body.chains as { chainId: number; rpcs: unknown[] }[];
    // Base Sepolia's RPC_URL is a dead local URL; with PUBLIC_RPC=false mainnet has none.
    const [only, ...others] = chains.find((c) => c.chainId === 84532)!.rpcs;
    expect(others).toEqual([]);
    expect(only).toMatchObject({ name: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), source: "configured", rank: 1 });
    expect(chains.find((c) => c.chainId === 1)!.rpcs).toEqual([]);
  });

  it("rejects a revoked fixture key", async () => {
    expectError(await api("/instruments", { key: fixture().keys.A.revoked.key }), 401, "INVALID_API_KEY");
  });
});
