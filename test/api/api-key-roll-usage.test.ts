import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, expectError, fixture } from "../support/api";
import { testAccounts } from "../support/fixture";
import { signInAs } from "../support/siwe";

// POST /auth/keys/:id/roll and GET /auth/keys/:id/usage (issue 12: keys people can watch and roll).

interface Created {
  id: string;
  key: string;
  prefix: string;
}
const keys = () => fixture().keys;
const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function createKey(callerKey: string, body: Record<string, unknown>): Promise<Created> {
  const res = await api<{ data: Created }>("/auth/keys", { key: callerKey, json: body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}
const opens = async (key: string) => (await api("/instruments?limit=1", { key })).status === 200;
const listed = async (callerKey: string, id: string) =>
  (await api<{ data: { id: string; prefix: string; rolledAt: string | null; previousKey: { prefix: string; expiresAt: string } | null }[] }>("/auth/keys", { key: callerKey })).body.data.find(
    (k) => k.id === id,
  )!;

describe("POST /auth/keys/:id/roll", () => {
  it("answers a new secret once, same id, name and type; without a grace period the old secret stops at once", async () => {
    const { A } = keys();
    const name = uniqueName("roll now");
    const created = await createKey(A.live.key, { name });
    expect(await opens(created.key)).toBe(true);

    const res = await api(`/auth/keys/${created.id}/roll`, { key: A.live.key, json: {} });
    expect(res.status, res.text).toBe(200);
    const rolled = res.body.data;
    expect(rolled).toMatchObject({ id: created.id, name, type: "live", status: "active", previousKey: null });
    expect(rolled.key).toMatch(/^yg_sk_live_[0-9A-Za-z]{49}$/);
    expect(rolled.key).not.toBe(created.key);
    expect(Date.parse(rolled.rolledAt)).not.toBeNaN();

    expectError(await api("/instruments?limit=1", { key: created.key }), 401, "INVALID_API_KEY");
    expect(await opens(rolled.key)).toBe(true);
    const row = await listed(A.live.key, created.id);
    expect(row).toMatchObject({ prefix: rolled.prefix, previousKey: null, rolledAt: rolled.rolledAt });
    // The listing never holds a secret.
    expect(JSON.stringify(await api("/auth/keys", { key: A.live.key }))).not.toContain(rolled.key);
  });

  it("keeps the old secret working for the grace period asked, and lists both until then", async () => {
    const { A } = keys();
    const created = await createKey(A.test.key, { name: uniqueName("roll with grace") });
    const before = Date.now();
    const res = await api(`/auth/keys/${created.id}/roll`, { key: A.test.key, json: { gracePeriodSeconds: 3600 } });
    expect(res.status, res.text).toBe(200);
    const rolled = res.body.data;
    expect(rolled.previousKey.prefix).toBe(created.prefix);
    const ends = Date.parse(rolled.previousKey.expiresAt);
    expect(ends).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);

    expect(await opens(created.key)).toBe(true);
    expect(await opens(rolled.key)).toBe(true);
    expect((await listed(A.test.key, created.id)).previousKey).toEqual(rolled.previousKey);

    // Rolling again ends the earlier grace period at once; the 24-hour grace now covers the second secret.
    const again = await api(`/auth/keys/${created.id}/roll`, { key: A.test.key, json: { gracePeriodSeconds: 86_400 } });
    expect(again.status, again.text).toBe(200);
    expectError(await api("/instruments?limit=1", { key: created.key }), 401, "INVALID_API_KEY");
    expect(await opens(rolled.key)).toBe(true);
    expect(await opens(again.body.data.key)).toBe(true);
    expect(again.body.data.previousKey.prefix).toBe(rolled.prefix);

    // Revoking the key stops both of its secrets.
    expect((await api(`/auth/keys/${created.id}`, { method: "DELETE", key: A.test.key })).status).toBe(200);
    expectError(await api("/instruments?limit=1", { key: rolled.key }), 401, "INVALID_API_KEY");
    expectError(await api("/instruments?limit=1", { key: again.body.data.key }), 401, "INVALID_API_KEY");
    expect((await listed(A.test.key, created.id)).previousKey).toBeNull();
  });

  it("refuses a revoked or expired key with 409 CONFLICT, and changes nothing", async () => {
    const { A } = keys();
    for (const gone of [A.revoked, A.expired]) {
      const res = await api(`/auth/keys/${gone.id}/roll`, { cookie: (await signInAs(testAccounts.A)).cookie, json: { gracePeriodSeconds: 0 } });
      expectError(res, 409, "CONFLICT");
      expectError(await api("/instruments?limit=1", { key: gone.key }), 401, "INVALID_API_KEY");
    }
  });

  it("answers 404 for another account's key, another environment's key (for a key caller) and an unknown id", async () => {
    const { A, B } = keys();
    const created = await createKey(A.live.key, { name: uniqueName("not yours to roll") });
    expectError(await api(`/auth/keys/${created.id}/roll`, { key: B.live.key, json: {} }), 404, "NOT_FOUND");
    expectError(await api(`/auth/keys/${created.id}/roll`, { key: A.test.key, json: {} }), 404, "NOT_FOUND");
    expectError(await api(`/auth/keys/${randomUUID()}/roll`, { key: A.live.key, json: {} }), 404, "NOT_FOUND");
    expectError(await api(`/auth/keys/not-a-uuid/roll`, { key: A.live.key, json: {} }), 400, "BAD_REQUEST");
    expect(await opens(created.key)).toBe(true);
  });

  it("rejects a grace period outside 0 to 7 days, a fraction, a string or an unknown field", async () => {
    const { A } = keys();
    const created = await createKey(A.live.key, { name: uniqueName("bad grace") });
    for (const body of [{ gracePeriodSeconds: -1 }, { gracePeriodSeconds: 604_801 }, { gracePeriodSeconds: 1.5 }, { gracePeriodSeconds: "3600" }, { grace: 3600 }]) {
      const error = expectError(await api(`/auth/keys/${created.id}/roll`, { key: A.live.key, json: body }), 400, "BAD_REQUEST");
      expect(error.details.issues, JSON.stringify(body)).toBeDefined();
    }
    expectError(await api(`/auth/keys/${created.id}/roll`, { key: A.live.key, rawBody: "{}", headers: { "content-type": "text/plain" } }), 415, "UNSUPPORTED_MEDIA_TYPE");
    const atMost = await api(`/auth/keys/${created.id}/roll`, { key: A.live.key, json: { gracePeriodSeconds: 604_800 } });
    expect(atMost.status, atMost.text).toBe(200);
    expect(await opens(created.key)).toBe(true);
  });

  it("needs an account, and the method is POST only", async () => {
    const { A } = keys();
    expectError(await api(`/auth/keys/${A.live.id}/roll`, { json: {} }), 401, "UNAUTHORIZED");
    const res = await api(`/auth/keys/${A.live.id}/roll`, { key: A.live.key });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toContain("POST");
  });
});

describe("GET /auth/keys/:id/usage", () => {
  it("counts the key's requests in the current hour, of 168 hourly points, for live and (unlimited) test keys", async () => {
    const { A } = keys();
    for (const type of ["live", "test"] as const) {
      const caller = type === "live" ? A.live.key : A.test.key;
      const created = await createKey(caller, { name: uniqueName(`usage ${type}`), type });
      for (let i = 0; i < 4; i++) expect(await opens(created.key)).toBe(true);
      const res = await api(`/auth/keys/${created.id}/usage`, { key: caller });
      expect(res.status, res.text).toBe(200);
      const usage = res.body.data;
      expect(usage).toMatchObject({ id: created.id, interval: "hour", total: 4 });
      expect(usage.points).toHaveLength(168);
      const currentHour = Math.floor(Date.now() / 3600_000) * 3600_000;
      expect(Date.parse(usage.points.at(-1).timestamp)).toBe(currentHour);
      expect(usage.points.at(-1).requests).toBe(4);
      expect(Date.parse(usage.from)).toBe(currentHour - 167 * 3600_000);
      expect(Date.parse(usage.to)).toBe(currentHour + 3600_000);
      for (let i = 1; i < 168; i++) expect(Date.parse(usage.points[i].timestamp) - Date.parse(usage.points[i - 1].timestamp)).toBe(3600_000);
    }
  });

  it("keeps counting across a roll (same key, same usage), and a session sees it too", async () => {
    const { A } = keys();
    const created = await createKey(A.live.key, { name: uniqueName("usage across roll") });
    await opens(created.key);
    const rolled = (await api(`/auth/keys/${created.id}/roll`, { key: A.live.key, json: { gracePeriodSeconds: 3600 } })).body.data;
    await opens(rolled.key);
    await opens(created.key);
    const { cookie } = await signInAs(testAccounts.A);
    const usage = (await api(`/auth/keys/${created.id}/usage`, { cookie })).body.data;
    expect(usage.total).toBe(3);
  });

  it("answers 404 for another account's key and another environment's key, 400 for a malformed id", async () => {
    const { A, B } = keys();
    expectError(await api(`/auth/keys/${A.live.id}/usage`, { key: B.live.key }), 404, "NOT_FOUND");
    expectError(await api(`/auth/keys/${A.live.id}/usage`, { key: A.test.key }), 404, "NOT_FOUND");
    expectError(await api(`/auth/keys/nope/usage`, { key: A.live.key }), 400, "BAD_REQUEST");
    expectError(await api(`/auth/keys/${A.live.id}/usage?hours=3`, { key: A.live.key }), 400, "BAD_REQUEST");
    expectError(await api(`/auth/keys/${A.live.id}/usage`), 401, "UNAUTHORIZED");
  });
});
