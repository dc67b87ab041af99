import { randomBytes, randomUUID } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { api, fixture, freshIp, rawRequest, type ApiResponse } from "../support/api";
import { testAccounts } from "../support/fixture";
import { cookieSetBy, requestNonce, signInAs, siweMessage, verifySignIn } from "../support/siwe";

// Security suite of issue 9, items 1–3: sign-in, session writes and pages, keys by environment. Each
// test sends the request an attacker would, and checks the whole answer.

const port = () => Number(new URL(fixture().baseUrl).port);
const signInDomains = () => `SIWE_DOMAIN: localhost:${port()}, 127.0.0.1:${port()}, [::1]:${port()}`;
/** What a 401 for a domain outside SIWE_DOMAIN lists in its details, for the dashboard to point to. */
const domainDetails = () => ({ signInDomains: [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`] });
const EVIL = "evil.example";
const EVIL_ORIGIN = `https://${EVIL}`;

/** The whole error envelope: code, message, and in details the timestamp, the request id and `details`. */
function expectEnvelope(res: ApiResponse, status: number, code: string, message: string, details: Record<string, unknown> = {}) {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: {
      error: {
        code,
        message,
        details: { ...details, timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), requestId: res.headers.get("x-request-id") },
      },
    },
  });
  expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  expect(res.headers.get("x-ratelimit-limit")).not.toBeNull();
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
}

const noSessionSet = (res: ApiResponse) => expect(cookieSetBy(res, "yg_session")).toBeUndefined();

describe("1. sign-in", () => {
  it("a message signed for evil.example, relayed with a forged Host and X-Forwarded-Host, gets no session", async () => {
    // The phishing site asks the real server for a nonce, has the victim sign a message for its own
    // domain, and relays it claiming to be that domain.
    const victim = testAccounts.C;
    const forged = { host: EVIL, "x-forwarded-host": EVIL, "x-forwarded-proto": "https" };
    const nonce = await rawRequest("/auth/nonce", { method: "POST", headers: forged });
    expect(nonce.status, nonce.text).toBe(200);
    const bindingCookie = cookieSetBy(nonce, "yg_siwe")!;
    const message = siweMessage({ address: victim.address, nonce: (nonce.body as { data: { nonce: string } }).data.nonce, domain: EVIL });
    const body = JSON.stringify({ message, signature: await victim.signMessage({ message }) });
    const res = await rawRequest("/auth/verify", {
      method: "POST",
      headers: { ...forged, cookie: bindingCookie, "content-type": "application/json" },
      body,
    });
    expectEnvelope(
      res,
      401,
      "UNAUTHORIZED",
      `Sign-in failed: the message is for ${EVIL}, which is not a sign-in domain of this server (${signInDomains()})`,
      domainDetails(),
    );
    noSessionSet(res);

    // Relayed from the victim's browser on the phishing page, it carries that page's Origin: refused
    // before anything is read, for the nonce as for the verification.
    const pageRefused = `Sign-in failed: a page at ${EVIL_ORIGIN} cannot sign in here; sign-in is open to pages of ${signInDomains()}`;
    const fromPage = await rawRequest("/auth/verify", {
      method: "POST",
      headers: { ...forged, origin: EVIL_ORIGIN, cookie: bindingCookie, "content-type": "application/json" },
      body,
    });
    expectEnvelope(fromPage, 401, "UNAUTHORIZED", pageRefused, domainDetails());
    noSessionSet(fromPage);
    const nonceFromPage = await rawRequest("/auth/nonce", { method: "POST", headers: { ...forged, origin: EVIL_ORIGIN } });
    expectEnvelope(nonceFromPage, 401, "UNAUTHORIZED", pageRefused, domainDetails());
    expect(cookieSetBy(nonceFromPage, "yg_siwe")).toBeUndefined();
    const crossSite = await api("/auth/nonce", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expectEnvelope(
      crossSite,
      401,
      "UNAUTHORIZED",
      `Sign-in failed: a cross-site request cannot sign in here; sign-in is open to pages of ${signInDomains()}`,
      domainDetails(),
    );
  });

  it("nonces cannot be guessed or predicted from earlier ones", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 20; i++) nonces.push((await requestNonce()).nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // viem's generateSiweNonce handed out a sliding window: each nonce was the previous one shifted by
    // one character. Consecutive nonces here share no run of 12 characters (random: about 1e-12).
    for (let i = 1; i < nonces.length; i++) {
      const [previous, next] = [nonces[i - 1]!, nonces[i]!];
      for (let at = 0; at + 12 <= next.length; at++) expect(previous).not.toContain(next.slice(at, at + 12));
    }

    // The attacker's guesses, with a cookie of its own: a random 128-bit value, and the next nonce
    // as the sliding window would have made it.
    const attacker = privateKeyToAccount(generatePrivateKey());
    const own = await requestNonce();
    const last = nonces.at(-1)!;
    for (const guess of [randomBytes(16).toString("hex"), last.slice(1) + "0", last.slice(1) + "f", last]) {
      const message = siweMessage({ address: attacker.address, nonce: guess });
      const res = await verifySignIn({ message, signature: await attacker.signMessage({ message }) }, own.bindingCookie);
      expectEnvelope(res, 401, "UNAUTHORIZED", "Sign-in failed: the nonce is unknown, expired, already used or was issued to another client");
      noSessionSet(res);
    }
  });

  it("a nonce taken by one client is useless to another, and the other's tries do not spend it", async () => {
    const victim = await requestNonce();
    const attacker = privateKeyToAccount(generatePrivateKey());
    const attackerNonce = await requestNonce();
    const message = siweMessage({ address: attacker.address, nonce: victim.nonce });
    const body = { message, signature: await attacker.signMessage({ message }) };
    const foreign = await verifySignIn(body, attackerNonce.bindingCookie);
    expectEnvelope(foreign, 401, "UNAUTHORIZED", "Sign-in failed: the nonce is unknown, expired, already used or was issued to another client");
    noSessionSet(foreign);
    const withoutCookie = await verifySignIn(body, undefined);
    expectEnvelope(withoutCookie, 401, "UNAUTHORIZED", "Sign-in failed: no yg_siwe cookie: send the cookie that POST /auth/nonce set with the nonce");
    const forgedCookie = await verifySignIn(body, `yg_siwe=${randomBytes(32).toString("base64url")}`);
    expectEnvelope(forgedCookie, 401, "UNAUTHORIZED", "Sign-in failed: the nonce is unknown, expired, already used or was issued to another client");

    // The victim's own sign-in still works with it.
    const own = siweMessage({ address: testAccounts.C.address, nonce: victim.nonce });
    const res = await verifySignIn({ message: own, signature: await testAccounts.C.signMessage({ message: own }) }, victim.bindingCookie);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.address).toBe(testAccounts.C.address);
  });

  it("a replayed sign-in is refused, whoever sends it", async () => {
    const { nonce, bindingCookie } = await requestNonce();
    const message = siweMessage({ address: testAccounts.C.address, nonce });
    const body = { message, signature: await testAccounts.C.signMessage({ message }) };
    expect((await verifySignIn(body, bindingCookie)).status).toBe(200);
    for (const cookie of [bindingCookie, (await requestNonce()).bindingCookie]) {
      const replay = await verifySignIn(body, cookie);
      expectEnvelope(replay, 401, "UNAUTHORIZED", "Sign-in failed: the nonce is unknown, expired, already used or was issued to another client");
      noSessionSet(replay);
    }
  });
});

describe("2. session writes and pages", () => {
  const refused = (method: string) =>
    `Cross-site request refused: a ${method} with the dashboard session must come from a page of ${signInDomains()}; from anywhere else, use an API key`;
  const crossSiteHeaders: Record<string, string>[] = [
    { origin: EVIL_ORIGIN },
    { origin: EVIL_ORIGIN, "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "cross-site" },
    { origin: "null" },
    // The right host on another port is another site.
    { origin: `http://127.0.0.1:${port() + 1}` },
  ];

  it("every write with the session cookie from another site is 403 FORBIDDEN and changes nothing", async () => {
    const { cookie } = await signInAs(privateKeyToAccount(generatePrivateKey()));
    const kept = await api("/auth/keys", { cookie, json: { name: "kept" } });
    expect(kept.status, kept.text).toBe(201);
    const writes: [string, string, { json?: unknown }][] = [
      ["POST", "/auth/keys", { json: { name: "planted" } }],
      ["DELETE", `/auth/keys/${kept.body.data.id}`, {}],
      ["DELETE", "/auth/session", {}],
    ];
    for (const headers of crossSiteHeaders)
      for (const [method, path, init] of writes) {
        const res = await api(path, { method, cookie, headers, ...init });
        expectEnvelope(res, 403, "FORBIDDEN", refused(method));
        expect(res.headers.get("set-cookie")).toBeNull();
      }
    // Nothing happened: the session lives, no key was planted, the key is active.
    const listed = await api("/auth/keys", { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((k: { name: string; status: string }) => `${k.name}:${k.status}`)).toEqual(["kept:active"]);

    // The dashboard's own pages, and clients that are not browsers (no Origin, no Sec-Fetch-Site), may write.
    const sameSite = { origin: fixture().baseUrl, "sec-fetch-site": "same-origin" };
    expect((await api("/auth/keys", { cookie, headers: sameSite, json: { name: "from the dashboard" } })).status).toBe(201);
    expect((await api(`/auth/keys/${kept.body.data.id}`, { method: "DELETE", cookie, headers: { origin: `http://localhost:${port()}` } })).status).toBe(200);
    expect((await api("/auth/keys", { cookie, json: { name: "from curl" } })).status).toBe(201);
    expect((await api("/auth/session", { method: "DELETE", cookie, headers: sameSite })).status).toBe(204);
    expect((await api("/auth/session", { cookie })).status).toBe(401);
  });

  it("reads with the session cookie and API-key writes from other sites are unaffected", async () => {
    const { cookie } = await signInAs(privateKeyToAccount(generatePrivateKey()));
    for (const headers of crossSiteHeaders) expect((await api("/auth/keys", { cookie, headers })).status).toBe(200);
    const { A } = fixture().keys;
    const created = await api("/auth/keys", { key: A.test.key, headers: { origin: EVIL_ORIGIN, "sec-fetch-site": "cross-site" }, json: { name: "from a script elsewhere" } });
    expect(created.status, created.text).toBe(201);
    const revoked = await api(`/auth/keys/${created.body.data.id}`, { method: "DELETE", key: A.test.key, headers: { origin: EVIL_ORIGIN } });
    expect(revoked.status, revoked.text).toBe(200);
  });

  it("pages may not be framed, leak no path to other sites and are never sniffed", async () => {
    for (const path of ["/", "/settings/api-keys", "/positions", "/docs"]) {
      const res = await fetch(`${fixture().baseUrl}${path}`, { headers: { "x-forwarded-for": freshIp() } });
      expect(res.status, path).toBe(200);
      expect(
        Object.fromEntries(["content-security-policy", "x-frame-options", "referrer-policy", "x-content-type-options"].map((h) => [h, res.headers.get(h)])),
        path,
      ).toEqual({
        "content-security-policy": "frame-ancestors 'none'",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
        "x-content-type-options": "nosniff",
      });
    }
  });
});

describe("3. keys by environment", () => {
  it("a test key neither lists nor revokes a live key of its own account: 404 as for another account's", async () => {
    const { A, B } = fixture().keys;
    const listed = await api("/auth/keys", { key: A.test.key });
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((k: { id: string }) => k.id);
    for (const live of [A.live, A.limited, A.expired, A.revoked]) expect(ids).not.toContain(live.id);

    for (const id of [A.live.id, B.live.id, B.test.id]) {
      const res = await api(`/auth/keys/${id}`, { method: "DELETE", key: A.test.key });
      expectEnvelope(res, 404, "NOT_FOUND", `No API key ${id}`);
    }
    expect((await api("/protocols", { key: A.live.key })).status).toBe(200);

    // And the other way round: a live key cannot touch a test key.
    const target = await api("/auth/keys", { key: A.test.key, json: { name: `target ${randomUUID().slice(0, 8)}` } });
    expect(target.status).toBe(201);
    expectEnvelope(await api(`/auth/keys/${target.body.data.id}`, { method: "DELETE", key: A.live.key }), 404, "NOT_FOUND", `No API key ${target.body.data.id}`);
    expect((await api("/auth/keys", { key: A.live.key })).body.data.map((k: { id: string }) => k.id)).not.toContain(target.body.data.id);
    expect((await api("/protocols", { key: target.body.data.key })).status).toBe(200);
  });

  it("a dashboard session lists and revokes its account's keys of both environments", async () => {
    const { cookie } = await signInAs(privateKeyToAccount(generatePrivateKey()));
    const test = await api("/auth/keys", { cookie, json: { name: "t", type: "test" } });
    const live = await api("/auth/keys", { cookie, json: { name: "l", type: "live" } });
    const listed = await api("/auth/keys", { cookie });
    expect(listed.body.data.map((k: { id: string; type: string }) => `${k.type}:${k.id}`).sort()).toEqual(
      [`live:${live.body.data.id}`, `test:${test.body.data.id}`].sort(),
    );
    for (const created of [test, live]) {
      const res = await api(`/auth/keys/${created.body.data.id}`, { method: "DELETE", cookie });
      expect(res.body.data).toMatchObject({ id: created.body.data.id, status: "revoked" });
    }
  });
});
