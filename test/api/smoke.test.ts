import { describe, expect, it } from "vitest";
import { api, expectError, fixture } from "../support/api";

describe("the test server", () => {
  it("serves the seeded catalog", async () => {
    const res = await api("/health");
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("demo");
    expect(res.body.database).toBe(fixture().databaseKind);
  });

  it("rejects a revoked fixture key", async () => {
    expectError(await api("/instruments", { key: fixture().keys.A.revoked.key }), 401, "INVALID_API_KEY");
  });
});
