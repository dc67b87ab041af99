import { describe, expect, it } from "vitest";
import { createSiweMessage } from "viem/siwe";
import type { LocalAccount } from "viem/accounts";
import { api, expectError, fixture, type ApiResponse } from "../support/api";
import { testAccounts } from "../support/fixture";

// Sign-In with Ethereum (EIP-4361) for the dashboard: nonce, verify, session cookie, keys of the
// signed-in account, sign-out (decisions D4).

const C = testAccounts.C;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const KEY_PATTERN = /^yg_sk_(test|live)_[0-9A-Za-z]{49}$/;

const host = () => new URL(fixture().baseUrl).host;

async function newNonce(): Promise<string> {
  const before = Date.now();
  const res = await api<{ data: { nonce: string; expiresAt: string } }>("/auth/nonce", { method: "POST" });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body.data).sort()).toEqual(["expiresAt", "nonce"]);
  // EIP-4361: at least 8 alphanumeric characters.
  expect(res.body.data.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
  expect(res.body.data.expiresAt).toMatch(ISO);
  expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(before);
  return res.body.data.nonce;
}

interface MessageOptions {
  domain?: string;
  address?: `0x${string}`;
  chainId?: number;
  nonce?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
  signer?: LocalAccount;
}

/** A signed EIP-4361 message: by default for this server, account C, chain 1, a fresh nonce, issued now. */
async function signedMessage(options: MessageOptions = {}) {
  const message = createSiweMessage({
    domain: options.domain ?? host(),
    address: options.address ?? C.address,
    statement: "Sign in to Yieldgrid",
    uri: fixture().baseUrl,
    version: "1",
    chainId: options.chainId ?? 1,
    nonce: options.nonce ?? (await newNonce()),
    issuedAt: options.issuedAt ?? new Date(),
    ...(options.expirationTime && { expirationTime: options.expirationTime }),
    ...(options.notBefore && { notBefore: options.notBefore }),
  });
  const signature = await (options.signer ?? C).signMessage({ message });
  return { message, signature };
}

const verify = (body: unknown) => api("/auth/verify", { json: body });

function sessionCookieOf(res: ApiResponse): { cookie: string; attributes: string[] } {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("yg_session="));
  expect(header, "Set-Cookie yg_session").toBeDefined();
  const [pair, ...attributes] = header!.split(";").map((p) => p.trim());
  return { cookie: pair!, attributes };
}

/** A rejected sign-in: the envelope, and no session cookie. */
function expectRejected(res: ApiResponse, status = 401, code = "UNAUTHORIZED") {
  const error = expectError(res, status, code);
  expect(
    res.headers.getSetCookie().filter((c) => c.startsWith("yg_session=") && !/max-age=0/i.test(c)),
  ).toEqual([]);
  return error;
}

describe("Sign-In with Ethereum", () => {
  let cookie = "";
  let signed: { message: string; signature: string };
  const created: { id: string; key: string; type: string }[] = [];
  // Keys C already had: none on the fresh embedded database; a reused PostgreSQL database keeps earlier runs' keys.
  let earlier: string[] = [];
  const expectedIds = () => [...earlier, ...created.map((c) => c.id)].sort();

  it("signs in with a signed EIP-4361 message and sets an httpOnly session cookie", async () => {
    signed = await signedMessage();
    const before = Date.now();
    const res = await verify(signed);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ address: C.address, chainId: 1, expiresAt: expect.stringMatching(ISO) });
    expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(before);
    const { cookie: pair, attributes } = sessionCookieOf(res);
    expect(pair).toMatch(/^yg_session=[^;\s]{20,}$/);
    const names = attributes.map((a) => a.split("=")[0]!.toLowerCase());
    expect(names).toContain("httponly");
    const sameSite = attributes.find((a) => a.toLowerCase().startsWith("samesite="));
    expect(sameSite?.split("=")[1]?.toLowerCase()).toMatch(/^(lax|strict)$/);
    expect(attributes.map((a) => a.toLowerCase())).toContain("path=/");
    // The token lives in the cookie only.
    expect(res.text).not.toContain(pair.slice("yg_session=".length));
    cookie = pair;
  });

  it("shows the signed-in address", async () => {
    const res = await api("/auth/session", { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ address: C.address, chainId: 1 });
    expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("lists the account's keys, none at first", async () => {
    const res = await api("/auth/keys", { cookie });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    earlier = res.body.data.map((k: { id: string }) => k.id);
    if (fixture().databaseKind === "pglite") expect(res.body).toEqual({ data: [] });
  });

  it("creates a test key by default and a live key on request", async () => {
    const test = await api("/auth/keys", { cookie, json: { name: "dashboard test" } });
    expect(test.status, test.text).toBe(201);
    expect(test.body.data).toMatchObject({ name: "dashboard test", type: "test", expiresAt: null });
    expect(test.body.data.key).toMatch(/^yg_sk_test_/);
    expect(test.body.data.key).toMatch(KEY_PATTERN);

    const live = await api("/auth/keys", { cookie, json: { name: "dashboard live", type: "live" } });
    expect(live.status, live.text).toBe(201);
    expect(live.body.data).toMatchObject({ name: "dashboard live", type: "live" });
    expect(live.body.data.key).toMatch(/^yg_sk_live_/);
    expect(live.body.data.key).toMatch(KEY_PATTERN);
    created.push(test.body.data, live.body.data);
  });

  it("the created keys authenticate and list the account's keys, not anyone else's", async () => {
    const { A, B } = fixture().keys;
    for (const k of created) {
      const res = await api("/auth/keys", { key: k.key });
      expect(res.status, res.text).toBe(200);
      const ids = res.body.data.map((r: { id: string }) => r.id);
      expect([...ids].sort()).toEqual(expectedIds());
      for (const other of [A.test, A.live, B.test, B.live]) expect(ids).not.toContain(other.id);
      const instruments = await api("/instruments?limit=1", { key: k.key });
      expect(instruments.status).toBe(200);
      expect(instruments.headers.get("x-ratelimit-limit")).toBe(k.type === "test" ? "unlimited" : "10000");
    }
    const listed = await api("/auth/keys", { cookie });
    expect(listed.body.data.map((r: { id: string }) => r.id).sort()).toEqual(expectedIds());
    for (const k of created) expect(listed.text).not.toContain(k.key);
  });

  it("can revoke its own key, not another account's", async () => {
    const { A } = fixture().keys;
    expectError(await api(`/auth/keys/${A.test.id}`, { method: "DELETE", cookie }), 404, "NOT_FOUND");
    expect((await api("/protocols", { key: A.test.key })).status).toBe(200);
    const res = await api(`/auth/keys/${created[1]!.id}`, { method: "DELETE", cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: created[1]!.id, status: "revoked" });
    expectError(await api("/protocols", { key: created[1]!.key }), 401, "INVALID_API_KEY");
  });

  it("rejects a replay of the same message and signature", async () => {
    expectRejected(await verify(signed));
  });

  it("signs out, after which the cookie is worthless", async () => {
    const res = await api("/auth/session", { method: "DELETE", cookie });
    expect([200, 204]).toContain(res.status);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("yg_session="));
    expect(cleared).toBeDefined();
    expect(cleared!).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
    expectError(await api("/auth/session", { cookie }), 401, "UNAUTHORIZED");
    expectError(await api("/auth/keys", { cookie }), 401, "UNAUTHORIZED");
    expectError(await api("/auth/keys", { cookie, json: { name: "after sign-out" } }), 401, "UNAUTHORIZED");
    // The keys made in the session live on.
    expect((await api("/auth/keys", { key: created[0]!.key })).status).toBe(200);
  });

  it("a later sign-in sees the keys made in an earlier session", async () => {
    const res = await verify(await signedMessage());
    expect(res.status).toBe(200);
    const { cookie } = sessionCookieOf(res);
    const listed = await api("/auth/keys", { cookie });
    expect(listed.status).toBe(200);
    const byId = new Map(
      listed.body.data.map((k: { id: string; name: string; status: string }) => [
        k.id,
        `${k.name}:${k.status}`,
      ]),
    );
    expect([...byId.keys()].sort()).toEqual(expectedIds());
    expect(created.map((c) => byId.get(c.id))).toEqual(["dashboard test:active", "dashboard live:revoked"]);
  });

  it("GET /auth/session without a cookie is 401 UNAUTHORIZED", async () => {
    expectError(await api("/auth/session"), 401, "UNAUTHORIZED");
    expectError(await api("/auth/session", { cookie: "yg_session=not-a-session" }), 401, "UNAUTHORIZED");
  });
});

describe("rejected sign-ins", () => {
  const minute = 60_000;

  it("a nonce the server never issued", async () => {
    expectRejected(await verify(await signedMessage({ nonce: "a1b2c3d4e5f6a7b8c9d0" })));
  });

  it("a nonce used twice, even by concurrent requests: exactly one wins", async () => {
    const signed = await signedMessage();
    const results = await Promise.all([verify(signed), verify(signed), verify(signed)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    for (const r of results.filter((r) => r.status === 401)) expectRejected(r);
  });

  it("a message for another domain", async () => {
    expectRejected(await verify(await signedMessage({ domain: "evil.example.com" })));
    // The same host on another port is another origin.
    const port = Number(new URL(fixture().baseUrl).port);
    expectRejected(await verify(await signedMessage({ domain: `127.0.0.1:${port + 1}` })));
  });

  it("a signature by another account", async () => {
    expectRejected(await verify(await signedMessage({ signer: testAccounts.B })));
    // B signs a message claiming to be C, and C's message claims to be B.
    expectRejected(await verify(await signedMessage({ address: testAccounts.B.address })));
  });

  it("a tampered message or signature", async () => {
    const signed = await signedMessage();
    expectRejected(
      await verify({
        ...signed,
        message: signed.message.replace("Sign in to Yieldgrid", "Sign in to Yieldgrid!"),
      }),
    );
    const last = signed.signature.at(-3) === "0" ? "1" : "0";
    const signature = signed.signature.slice(0, -3) + last + signed.signature.slice(-2);
    expectRejected(await verify({ ...signed, signature }));
  });

  it("an expired message", async () => {
    const now = Date.now();
    expectRejected(
      await verify(
        await signedMessage({ issuedAt: new Date(now - 2 * minute), expirationTime: new Date(now - minute) }),
      ),
    );
  });

  it("a message that is not valid yet", async () => {
    expectRejected(await verify(await signedMessage({ notBefore: new Date(Date.now() + 60 * minute) })));
  });

  it("a message issued long ago", async () => {
    expectRejected(await verify(await signedMessage({ issuedAt: new Date(Date.now() - 60 * minute) })));
  });

  it("an unsupported chain", async () => {
    expectRejected(await verify(await signedMessage({ chainId: 5 })));
    expectRejected(await verify(await signedMessage({ chainId: 999_999 })));
  });

  it("a message that is not EIP-4361 is 400", async () => {
    const message = "Please let me in";
    const signature = await C.signMessage({ message });
    expectRejected(await verify({ message, signature }), 400, "BAD_REQUEST");
  });

  const nonce = "0123456789abcdef";
  const malformed: [string, unknown][] = [
    ["no signature", { message: "x" }],
    ["no message", { signature: "0x1234" }],
    ["a message that is not a string", { message: 42, signature: "0x1234" }],
    ["a signature that is not hex", { message: `nonce ${nonce}`, signature: "not-hex" }],
    ["a signature that is not a string", { message: `nonce ${nonce}`, signature: 1234 }],
    ["an unknown field", { message: `nonce ${nonce}`, signature: "0x1234", address: C.address }],
  ];
  it.each(malformed)("a body with %s is 400", async (_label, body) => {
    const error = expectRejected(await verify(body), 400, "BAD_REQUEST");
    expect(Array.isArray(error.details.issues)).toBe(true);
  });

  it("a body that is not JSON is 415, malformed JSON 400", async () => {
    expectRejected(
      await api("/auth/verify", {
        rawBody: "message=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectRejected(
      await api("/auth/verify", { rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "BAD_REQUEST",
    );
  });
});
