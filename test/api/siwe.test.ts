import { concat, createPublicClient, encodeFunctionData, http, numberToHex, serializeErc6492Signature } from "viem";
import { privateKeyToAccount, type LocalAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { devnetSmartWalletFactoryArtifact } from "@/devnet/generated/smart-wallet";
import { counterfactualSignature, devnetSmartWalletAddress, devnetSmartWalletOwner, devnetSmartWallets } from "@/devnet/smart-wallet";
import { api, expectError, fixture, type ApiResponse } from "../support/api";
import { testAccounts } from "../support/fixture";
import { cookieSetBy, requestNonce, siweMessage, verifySignIn } from "../support/siwe";

// Sign-In with Ethereum (EIP-4361) for the dashboard: nonce, verify, session cookie, keys of the
// signed-in account, sign-out.

const C = testAccounts.C;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const KEY_PATTERN = /^yg_sk_(test|live)_[0-9A-Za-z]{49}$/;

const host = () => new URL(fixture().baseUrl).host;

/** A fresh nonce and its binding cookie, checking the nonce's and the cookie's form. */
async function newNonce(): Promise<{ nonce: string; bindingCookie: string }> {
  const before = Date.now();
  const { nonce, bindingCookie, res } = await requestNonce();
  expect(Object.keys(res.body.data).sort()).toEqual(["expiresAt", "nonce"]);
  // EIP-4361: at least 8 alphanumeric characters; here 128 bits from node:crypto as 32 hex digits.
  expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  expect(res.body.data.expiresAt).toMatch(ISO);
  expect(Date.parse(res.body.data.expiresAt)).toBeGreaterThan(before);
  expect(Date.parse(res.body.data.expiresAt)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  const header = res.headers.getSetCookie().find((c) => c.startsWith("yg_siwe="))!;
  expect(bindingCookie).toMatch(/^yg_siwe=[A-Za-z0-9_-]{43}$/);
  expect(header.split(";").slice(1).map((a) => a.trim().toLowerCase()).sort()).toEqual(
    ["httponly", "max-age=600", "path=/api/v1/auth", "samesite=strict"],
  );
  // The binding secret is in the cookie only.
  expect(res.text).not.toContain(bindingCookie.slice("yg_siwe=".length));
  return { nonce, bindingCookie };
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

interface Signed {
  message: string;
  signature: string;
  /** The yg_siwe cookie of the client that asked for the nonce. */
  bindingCookie: string;
}

/** A signed EIP-4361 message: by default for this server, account C, chain 1, a fresh nonce of this client, issued now. */
async function signedMessage(options: MessageOptions = {}): Promise<Signed> {
  const issued = await newNonce();
  const message = createSiweMessage({
    domain: options.domain ?? host(),
    address: options.address ?? C.address,
    statement: "Sign in to Yieldgrid",
    uri: fixture().baseUrl,
    version: "1",
    chainId: options.chainId ?? 1,
    nonce: options.nonce ?? issued.nonce,
    issuedAt: options.issuedAt ?? new Date(),
    ...(options.expirationTime && { expirationTime: options.expirationTime }),
    ...(options.notBefore && { notBefore: options.notBefore }),
  });
  const signature = await (options.signer ?? C).signMessage({ message });
  return { message, signature, bindingCookie: issued.bindingCookie };
}

/** POST /auth/verify with the body, sending the binding cookie of a `Signed` as the browser would. */
const verify = (signed: Partial<Signed> | Record<string, unknown>) => {
  const { bindingCookie, ...body } = signed as Partial<Signed>;
  return verifySignIn(body, bindingCookie);
};

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
  let signed: Signed;
  const created: { id: string; key: string; type: string }[] = [];
  // Keys C already had: none on the fresh embedded database; a reused PostgreSQL database keeps earlier runs' keys.
  let earlier: { id: string; type: string }[] = [];
  /** The ids of C's keys, all of them or those of one environment. */
  const expectedIds = (type?: string) =>
    [...earlier, ...created]
      .filter((k) => type === undefined || k.type === type)
      .map((k) => k.id)
      .sort();

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
    earlier = res.body.data.map((k: { id: string; type: string }) => ({ id: k.id, type: k.type }));
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

  it("the created keys authenticate and list the account's keys of their own environment, not anyone else's", async () => {
    const { A, B } = fixture().keys;
    for (const k of created) {
      const res = await api("/auth/keys", { key: k.key });
      expect(res.status, res.text).toBe(200);
      const ids = res.body.data.map((r: { id: string }) => r.id);
      expect([...ids].sort()).toEqual(expectedIds(k.type));
      expect(res.body.data.map((r: { type: string }) => r.type)).toEqual(ids.map(() => k.type));
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

  it("a message for another domain, naming the sign-in domains of SIWE_DOMAIN", async () => {
    const port = Number(new URL(fixture().baseUrl).port);
    const error = expectRejected(await verify(await signedMessage({ domain: "evil.example.com" })));
    expect(error.message).toBe(
      `Sign-in failed: the message is for evil.example.com, which is not a sign-in domain of this server ` +
        `(SIWE_DOMAIN: localhost:${port}, 127.0.0.1:${port}, [::1]:${port})`,
    );
    // The same host on another port is another origin.
    expectRejected(await verify(await signedMessage({ domain: `127.0.0.1:${port + 1}` })));
  });

  it("a message for localhost on the serving port is accepted, as for 127.0.0.1 (loopback hosts by default)", async () => {
    const port = Number(new URL(fixture().baseUrl).port);
    const res = await verify(await signedMessage({ domain: `localhost:${port}` }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ address: C.address, chainId: 1 });
  });

  it("a verify without the nonce's cookie, or with another client's", async () => {
    const signed = await signedMessage();
    const missing = expectRejected(await verify({ message: signed.message, signature: signed.signature }));
    expect(missing.message).toBe("Sign-in failed: no yg_siwe cookie: send the cookie that POST /auth/nonce set with the nonce");
    const other = await newNonce();
    const foreign = expectRejected(await verify({ ...signed, bindingCookie: other.bindingCookie }));
    expect(foreign.message).toBe("Sign-in failed: the nonce is unknown, expired, already used or was issued to another client");
    // Neither attempt spent the nonce: its own client still signs in with it.
    expect((await verify(signed)).status).toBe(200);
  });

  it("two nonces of one client are both good (two tabs signing in at once)", async () => {
    const first = await requestNonce();
    const second = await requestNonce({ cookie: first.bindingCookie });
    expect(second.bindingCookie).toBe(first.bindingCookie);
    for (const nonce of [second.nonce, first.nonce]) {
      const message = createSiweMessage({ domain: host(), address: C.address, uri: fixture().baseUrl, version: "1", chainId: 1, nonce, issuedAt: new Date() });
      const res = await verifySignIn({ message, signature: await C.signMessage({ message }) }, first.bindingCookie);
      expect(res.status, res.text).toBe(200);
    }
  });

  it("a signature by another account", async () => {
    expectRejected(await verify(await signedMessage({ signer: testAccounts.B })));
    // B signs a message claiming to be C, and C's message claims to be B.
    expectRejected(await verify(await signedMessage({ address: testAccounts.B.address })));
  });

  it("a tampered message or signature", async () => {
    const signed = await signedMessage();
    const tamperedMessage = expectRejected(
      await verify({
        ...signed,
        message: signed.message.replace("Sign in to Yieldgrid", "Sign in to Yieldgrid!"),
      }),
    );
    expect(tamperedMessage.message).toMatch(/signature/);
    const other = await signedMessage();
    const last = other.signature.at(-3) === "0" ? "1" : "0";
    const signature = other.signature.slice(0, -3) + last + other.signature.slice(-2);
    expect(expectRejected(await verify({ ...other, signature })).message).toMatch(/signature/);
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
    ["a signature over 4 KiB", { message: `nonce ${nonce}`, signature: "0x" + "ab".repeat(4097) }],
  ];
  it.each(malformed)("a body with %s is 400", async (_label, body) => {
    const error = expectRejected(await verify(body as Record<string, unknown>), 400, "BAD_REQUEST");
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

describe("smart-contract wallets (ERC-1271, ERC-6492)", () => {
  // The local chain's wallets (devnet/smart-wallet.ts): contracts whose owner's key signs for them.
  const owner = privateKeyToAccount(devnetSmartWalletOwner.privateKey);
  const chainReader = () => createPublicClient({ transport: http(fixture().chain.proxyUrl) });

  /** A message for `address` on `chainId` with a fresh nonce, signed by the owner's key, wrapped by `wrap`. */
  async function signedAsWallet(address: `0x${string}`, chainId: number, wrap = (signature: `0x${string}`) => signature) {
    const { nonce, bindingCookie } = await requestNonce();
    const message = siweMessage({ address, nonce, chainId });
    return { message, signature: wrap(await owner.signMessage({ message })), bindingCookie };
  }

  async function expectSignedInAs(res: ApiResponse<{ data: unknown }>, address: string, chainId: number) {
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ address, chainId, expiresAt: expect.stringMatching(ISO) });
    const session = await api("/auth/session", { cookie: cookieSetBy(res, "yg_session") });
    expect(session.body.data).toMatchObject({ address, chainId });
  }

  it("a deployed wallet signs in on the local chain with its owner's signature (ERC-1271)", async () => {
    expect(await chainReader().getCode({ address: devnetSmartWallets.deployed })).toMatch(/^0x[0-9a-f]{10,}$/);
    await expectSignedInAs(await verify(await signedAsWallet(devnetSmartWallets.deployed, LOCAL_CHAIN_ID)), devnetSmartWallets.deployed, LOCAL_CHAIN_ID);
  });

  it("a wallet not deployed yet signs in with an ERC-6492 signature, and stays undeployed", async () => {
    const signed = await signedAsWallet(devnetSmartWallets.counterfactual, LOCAL_CHAIN_ID, (s) => counterfactualSignature(s));
    await expectSignedInAs(await verify(signed), devnetSmartWallets.counterfactual, LOCAL_CHAIN_ID);
    expect(await chainReader().getCode({ address: devnetSmartWallets.counterfactual })).toBeUndefined();
  });

  it("a long ERC-6492 signature, as passkey wallets make them (over a kilobyte), is read whole", async () => {
    // The factory call carries 1 KiB more calldata than it decodes, as a wallet with more owners would.
    const factoryData = encodeFunctionData({
      abi: devnetSmartWalletFactoryArtifact.abi,
      functionName: "createWallet",
      args: [owner.address, numberToHex(7, { size: 32 })],
    });
    const wallet = devnetSmartWalletAddress(owner.address, numberToHex(7, { size: 32 }));
    const signed = await signedAsWallet(wallet, LOCAL_CHAIN_ID, (signature) =>
      serializeErc6492Signature({ address: devnetSmartWallets.factory, data: concat([factoryData, `0x${"00".repeat(1024)}`]), signature }),
    );
    expect(signed.signature.length).toBeGreaterThan(2048);
    await expectSignedInAs(await verify(signed), wallet, LOCAL_CHAIN_ID);
  });

  it("another key's signature for a wallet is refused, deployed or not", async () => {
    for (const [address, wrap] of [
      [devnetSmartWallets.deployed, (s: `0x${string}`) => s],
      [devnetSmartWallets.counterfactual, (s: `0x${string}`) => counterfactualSignature(s)],
    ] as const) {
      const { nonce, bindingCookie } = await requestNonce();
      const message = siweMessage({ address, nonce, chainId: LOCAL_CHAIN_ID });
      const error = expectRejected(await verify({ message, signature: wrap(await C.signMessage({ message })), bindingCookie }));
      expect(error.message).toBe("Sign-in failed: the signature does not match the address");
    }
  });

  it("an EOA signs in on a chain without an RPC URL: its signature is recovered offline", async () => {
    for (const chainId of [1, 8453]) {
      const { nonce, bindingCookie } = await requestNonce();
      const message = siweMessage({ address: C.address, nonce, chainId });
      await expectSignedInAs(await verify({ message, signature: await C.signMessage({ message }), bindingCookie }), C.address, chainId);
    }
  });

  it("a smart wallet on a chain without an RPC URL is refused: only EOAs can sign in there", async () => {
    for (const [address, wrap] of [
      [devnetSmartWallets.deployed, (s: `0x${string}`) => s],
      [devnetSmartWallets.counterfactual, (s: `0x${string}`) => counterfactualSignature(s)],
    ] as const) {
      const error = expectRejected(await verify(await signedAsWallet(address, 1, wrap)));
      expect(error.message).toBe(
        `Sign-in failed: the signature is not ${address}'s own key's, and chain 1 has no RPC URL (RPC_URL_1) to check a ` +
          "smart-contract wallet's signature (ERC-1271, ERC-6492): on this chain only wallets with their own key (EOAs) can sign in",
      );
    }
  });

  it("a smart wallet on a chain whose RPC is down is 503 UPSTREAM_UNAVAILABLE, not a wrong signature", async () => {
    const { downChainId } = fixture().chain;
    const res = await verify(await signedAsWallet(devnetSmartWallets.deployed, downChainId));
    const error = expectRejected(res, 503, "UPSTREAM_UNAVAILABLE");
    expect(error.message).toBe(`Sign-in could not be checked: chain ${downChainId}'s RPC did not answer the smart-contract wallet check; try again`);
    expect(error.details.chainId).toBe(downChainId);
  });
});
