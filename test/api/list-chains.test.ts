import { describe, expect, it } from "vitest";
import { listChainsEndpoint } from "@/lib/api/endpoints/list-chains";
import { chainsOf } from "@/lib/facts/chains";
import { api, expectError, fixture } from "../support/api";
import { describeEndpointConventions } from "../support/endpoint-conventions";
import { serveScratchRegistry } from "../support/scratch-registry";

// GET /chains, the README's worked example ("Adding an endpoint"). It is not in the registry, so the
// built app does not serve it: this file serves it from a scratch registry in this process and runs
// on it the conventions every endpoint shares. An endpoint in the registry needs neither line: its API
// test starts at its first describe, and test/api/endpoint-conventions.test.ts covers it.
const registry = serveScratchRegistry([listChainsEndpoint]);
describeEndpointConventions(registry);

interface ChainSummary {
  chainId: number;
  name: string;
  instruments: number;
  lastSyncedAt: string | null;
}

describe("GET /chains", () => {
  it("answers an anonymous caller the live networks in order, each with its instruments, none synced yet", async () => {
    const res = await api<{ data: ChainSummary[] }>("/chains");
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.chainId)).toEqual(chainsOf("live").map((c) => c.id));
    // Seeded as on first start: the real catalog's markets, and no sync has read a chain.
    for (const chain of res.body.data) {
      expect(chain.instruments, chain.name).toBeGreaterThan(0);
      expect(chain.lastSyncedAt, chain.name).toBeNull();
    }
  });

  it("answers a test key the test networks", async () => {
    const res = await api<{ data: ChainSummary[] }>("/chains", { key: fixture().keys.A.test.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.name)).toEqual(chainsOf("test").map((c) => c.name));
  });

  it("refuses the test networks without a session, as every data endpoint does", async () => {
    expectError(
      await api("/chains", { headers: { "x-yieldgrid-environment": "test" } }),
      401,
      "UNAUTHORIZED",
    );
  });
});
