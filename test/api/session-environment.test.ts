import { beforeAll, describe, expect, it } from "vitest";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { api, expectError, fixture } from "../support/api";
import { testAccounts } from "../support/fixture";
import { signInAs } from "../support/siwe";

// A dashboard session reads the test environment of the public endpoints when it asks for it with
// `X-Yieldgrid-Environment: test` (the positions page and explorer do); without it, it is anonymous.

const TEST_CHAINS = [11155111, 84532, 31337];
const asTest = { "x-yieldgrid-environment": "test" };
let cookie = "";

beforeAll(async () => {
  cookie = (await signInAs(testAccounts.C)).cookie;
});

describe("X-Yieldgrid-Environment with a dashboard session", () => {
  it("test: lists the test environment's instruments and reads positions on the local chain", async () => {
    const list = await api("/instruments?limit=100", { cookie, headers: asTest });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const i of list.body.data) expect(TEST_CHAINS).toContain(i.chainId);

    const positions = await api("/positions", { cookie, headers: asTest, json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID } });
    expect(positions.status, positions.text).toBe(200);
    expect(positions.body.usdcBalance).toBe("10000");
    // The default chain of the test environment applies, as for a test key.
    const sepolia = expectError(await api("/positions", { cookie, headers: asTest, json: { address: devnetDemoWallet.address } }), 503, "UPSTREAM_UNAVAILABLE");
    expect(sepolia.details.chainId).toBe(11155111);
    expectError(await api("/positions", { cookie, headers: asTest, json: { address: devnetDemoWallet.address, chainId: 1 } }), 403, "FORBIDDEN");
  });

  it("live or no header: the session is not used, the caller is anonymous (live environment)", async () => {
    for (const headers of [{}, { "x-yieldgrid-environment": "live" }] as Record<string, string>[]) {
      const list = await api("/instruments?limit=100", { cookie, headers });
      expect(list.status).toBe(200);
      for (const i of list.body.data) expect(TEST_CHAINS).not.toContain(i.chainId);
      expectError(await api("/positions", { cookie, headers, json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID } }), 403, "FORBIDDEN");
    }
  });

  it("test without a session is 401 UNAUTHORIZED; an unknown value is 400", async () => {
    expectError(await api("/instruments", { headers: asTest }), 401, "UNAUTHORIZED");
    expectError(await api("/positions", { headers: asTest, json: { address: devnetDemoWallet.address, chainId: LOCAL_CHAIN_ID } }), 401, "UNAUTHORIZED");
    expectError(await api("/instruments", { cookie: "yg_session=not-a-session", headers: asTest }), 401, "UNAUTHORIZED");
    const bad = expectError(await api("/instruments", { cookie, headers: { "x-yieldgrid-environment": "staging" } }), 400, "BAD_REQUEST");
    expect(bad.message).toMatch(/x-yieldgrid-environment/i);
  });

  it("an API key decides the environment by itself, whatever the header says", async () => {
    const list = await api("/instruments?limit=100", { key: fixture().keys.A.live.key, headers: asTest });
    expect(list.status).toBe(200);
    for (const i of list.body.data) expect(TEST_CHAINS).not.toContain(i.chainId);
  });
});
