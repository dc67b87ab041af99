import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { api, chunkedPost, expectError, fixture } from "../support/api";

// GET/POST /auth/keys and DELETE /auth/keys/:id with an API key as the account.

interface ListedKey {
  id: string;
  name: string;
  prefix: string;
  type: "test" | "live";
  lastUsed: string | null;
  createdAt: string;
  expiresAt: string | null;
  status: "active" | "revoked" | "expired";
}
interface CreatedKey {
  id: string;
  name: string;
  key: string;
  prefix: string;
  type: "test" | "live";
  createdAt: string;
  expiresAt: string | null;
}

const LISTED_FIELDS = ["createdAt", "expiresAt", "id", "lastUsed", "name", "prefix", "previousKey", "rolledAt", "status", "type"];
const CREATED_FIELDS = ["createdAt", "expiresAt", "id", "key", "name", "prefix", "type"];
const KEY_PATTERN = {
  test: /^yg_sk_test_[0-9A-Za-z]{43}[0-9A-Za-z]{6}$/,
  live: /^yg_sk_live_[0-9A-Za-z]{43}[0-9A-Za-z]{6}$/,
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_BODY = 16 * 1024;

const keys = () => fixture().keys;

/** the last 6 characters are the CRC32 of everything before them, in base62 (0-9, A-Z, a-z), zero-padded. */
function expectedChecksum(body: string): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let value = crc32(body);
  let out = "";
  for (let i = 0; i < 6; i++) {
    out = alphabet[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}
const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function listKeys(key: string): Promise<ListedKey[]> {
  const res = await api<{ data: ListedKey[] }>("/auth/keys", { key });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body)).toEqual(["data"]);
  return res.body.data;
}

async function createKey(callerKey: string, body: Record<string, unknown>): Promise<CreatedKey> {
  const res = await api<{ data: CreatedKey }>("/auth/keys", { key: callerKey, json: body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}


function expectIsoNear(value: unknown, from: number, to: number) {
  expect(value).toMatch(ISO);
  const t = Date.parse(value as string);
  // One second of slack on each side: server and test share the machine's clock, not its instant.
  expect(t).toBeGreaterThanOrEqual(from - 1000);
  expect(t).toBeLessThanOrEqual(to + 1000);
}

describe("GET /auth/keys", () => {
  it("lists exactly the calling key's account's keys of its own environment, with metadata and never a secret", async () => {
    const { A, B } = keys();
    const liveRes = await api<{ data: ListedKey[] }>("/auth/keys", { key: A.live.key });
    const testRes = await api<{ data: ListedKey[] }>("/auth/keys", { key: A.test.key });
    for (const res of [liveRes, testRes]) {
      expect(res.status).toBe(200);
      for (const k of res.body.data) {
        expect(Object.keys(k).sort()).toEqual(LISTED_FIELDS);
        expect(k.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(k.prefix).toMatch(/^yg_sk_(test|live)_[0-9A-Za-z]{6}$/);
        expect(k.prefix.startsWith(`yg_sk_${k.type}_`)).toBe(true);
        expect(k.createdAt).toMatch(ISO);
        if (k.expiresAt !== null) expect(k.expiresAt).toMatch(ISO);
        if (k.lastUsed !== null) expect(k.lastUsed).toMatch(ISO);
        expect(["active", "revoked", "expired"]).toContain(k.status);
      }
      // No full key (of any account) and no hash-like value anywhere in the body.
      for (const k of [A.test, A.live, A.limited, A.expired, A.revoked, B.test, B.live])
        expect(res.text).not.toContain(k.key);
      expect(res.text).not.toMatch(/yg_sk_(test|live)_[0-9A-Za-z]{49}/);
      expect(res.text).not.toMatch(/[0-9a-f]{64}/);
    }

    // A live key: the account's live keys, not its test keys, not B's.
    const live = liveRes.body.data;
    const liveIds = live.map((k) => k.id);
    for (const k of [A.live, A.limited, A.expired, A.revoked]) expect(liveIds).toContain(k.id);
    for (const k of [A.test, B.test, B.live]) expect(liveIds).not.toContain(k.id);
    expect(new Set(live.map((k) => k.type))).toEqual(new Set(["live"]));
    const byId = new Map(live.map((k) => [k.id, k]));
    expect(byId.get(A.live.id)).toMatchObject({
      name: "A live",
      prefix: A.live.prefix,
      type: "live",
      status: "active",
      expiresAt: null,
    });
    expect(byId.get(A.revoked.id)).toMatchObject({
      name: "A revoked",
      prefix: A.revoked.prefix,
      type: "live",
      status: "revoked",
    });
    const expired = byId.get(A.expired.id)!;
    expect(expired).toMatchObject({
      name: "A expired",
      prefix: A.expired.prefix,
      type: "live",
      status: "expired",
    });
    expect(Date.parse(expired.expiresAt!)).toBeLessThan(Date.now());
    // The calling key was just used.
    expect(byId.get(A.live.id)!.lastUsed).not.toBeNull();

    // A test key: the account's test keys only.
    const test = testRes.body.data;
    const testIds = test.map((k) => k.id);
    expect(testIds).toContain(A.test.id);
    for (const k of [A.live, A.limited, A.expired, A.revoked, B.test, B.live]) expect(testIds).not.toContain(k.id);
    expect(new Set(test.map((k) => k.type))).toEqual(new Set(["test"]));
    expect(test.find((k) => k.id === A.test.id)).toMatchObject({
      name: "A test",
      prefix: A.test.prefix,
      type: "test",
      status: "active",
      expiresAt: null,
    });
  });

  it("shows another account only its own keys", async () => {
    const { A, B } = keys();
    const created = await createKey(B.live.key, { name: uniqueName("B only") });
    const listed = (await listKeys(B.live.key)).map((k) => k.id);
    expect(listed).toEqual(expect.arrayContaining([B.live.id, created.id]));
    for (const k of [A.test, A.live, A.limited, A.expired, A.revoked, B.test]) expect(listed).not.toContain(k.id);
    expect((await listKeys(B.test.key)).map((k) => k.id)).toEqual(expect.arrayContaining([B.test.id]));
    expect((await listKeys(A.live.key)).map((k) => k.id)).not.toContain(created.id);
  });

  it("keeps lastUsed null until first use, then records each use", async () => {
    const { A } = keys();
    const created = await createKey(A.test.key, { name: uniqueName("last used") });
    const find = async () => (await listKeys(A.test.key)).find((k) => k.id === created.id)!;
    expect((await find()).lastUsed).toBeNull();

    const before = Date.now();
    expect((await api("/instruments?limit=1", { key: created.key })).status).toBe(200);
    const after = Date.now();
    const first = (await find()).lastUsed;
    expectIsoNear(first, before, after);

    // Past the one-second write-back, a second use moves lastUsed forward.
    await new Promise((r) => setTimeout(r, 1200));
    expect((await api("/protocols", { key: created.key })).status).toBe(200);
    const second = (await find()).lastUsed;
    expect(second).toMatch(ISO);
    expect(Date.parse(second!)).toBeGreaterThan(Date.parse(first!));
    expect(Date.parse(second!) - Date.parse(first!)).toBeGreaterThanOrEqual(1000);
  });
});

describe("POST /auth/keys", () => {
  it("creates a key of the caller's type, trims the name, and returns the full key once", async () => {
    const { A } = keys();
    const name = uniqueName("ci key");
    const before = Date.now();
    const res = await api<{ data: CreatedKey }>("/auth/keys", {
      key: A.test.key,
      json: { name: `   ${name}  ` },
    });
    const after = Date.now();
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const created = res.body.data;
    expect(Object.keys(created).sort()).toEqual(CREATED_FIELDS);
    expect(created.name).toBe(name);
    expect(created.type).toBe("test");
    expect(created.key).toMatch(KEY_PATTERN.test);
    expect(created.key.slice(-6)).toBe(expectedChecksum(created.key.slice(0, -6)));
    expect(created.prefix).toBe(created.key.slice(0, "yg_sk_test_".length + 6));
    expect(created.expiresAt).toBeNull();
    expectIsoNear(created.createdAt, before, after);

    // It works at once, and sees the test environment.
    const instruments = await api("/instruments?limit=100", { key: created.key });
    expect(instruments.status).toBe(200);
    expect(instruments.headers.get("x-ratelimit-limit")).toBe("unlimited");
    for (const i of instruments.body.data) expect([11155111, 84532, 31337]).toContain(i.chainId);

    // Listed with its metadata, never with the key itself.
    const list = await api<{ data: ListedKey[] }>("/auth/keys", { key: A.test.key });
    expect(list.text).not.toContain(created.key);
    expect(list.body.data.find((k) => k.id === created.id)).toEqual({
      id: created.id,
      name,
      prefix: created.prefix,
      type: "test",
      lastUsed: expect.stringMatching(ISO),
      createdAt: created.createdAt,
      expiresAt: null,
      status: "active",
      rolledAt: null,
      previousKey: null,
    });
  });

  it("creates a live key by default for a live caller", async () => {
    const { A } = keys();
    const created = await createKey(A.live.key, { name: uniqueName("live default") });
    expect(created.type).toBe("live");
    expect(created.key).toMatch(KEY_PATTERN.live);
    expect(created.key.slice(-6)).toBe(expectedChecksum(created.key.slice(0, -6)));
    expect(created.prefix).toBe(created.key.slice(0, "yg_sk_live_".length + 6));
    const res = await api("/instruments?limit=1", { key: created.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("10000");
  });

  it("lets a live key create a test key, which the test keys then list and manage", async () => {
    const { A } = keys();
    const created = await createKey(A.live.key, { name: uniqueName("test from live"), type: "test" });
    expect(created.type).toBe("test");
    expect(created.key).toMatch(KEY_PATTERN.test);
    expect((await api("/protocols", { key: created.key })).status).toBe(200);
    expect((await listKeys(A.test.key)).map((k) => k.id)).toContain(created.id);
    expect((await listKeys(A.live.key)).map((k) => k.id)).not.toContain(created.id);
  });

  it("forbids a test key to create a live key, and creates nothing", async () => {
    const { A } = keys();
    const name = uniqueName("escalation");
    const error = expectError(await api("/auth/keys", { key: A.test.key, json: { name, type: "live" } }), 403, "FORBIDDEN");
    expect(error.message).toBe("A test key cannot create a live key");
    expect((await listKeys(A.live.key)).filter((k) => k.name === name)).toEqual([]);
  });

  it("generates a different key every time", async () => {
    const { A } = keys();
    const [a, b] = await Promise.all([
      createKey(A.test.key, { name: "twin" }),
      createKey(A.test.key, { name: "twin" }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(a.key).not.toBe(b.key);
  });

  it("rejects a key with a mistyped character", async () => {
    const created = await createKey(keys().A.test.key, { name: uniqueName("typo") });
    const last = created.key.at(-1)!;
    const typo = created.key.slice(0, -1) + (last === "a" ? "b" : "a");
    expectError(await api("/instruments", { key: typo }), 401, "INVALID_API_KEY");
  });

  it("accepts names of 1 and 64 characters after trimming", async () => {
    const { A } = keys();
    const n64 = "n".repeat(56) + randomUUID().slice(0, 8);
    expect((await createKey(A.test.key, { name: n64 })).name).toBe(n64);
    expect((await createKey(A.test.key, { name: `  ${n64}\t ` })).name).toBe(n64);
    expect((await createKey(A.test.key, { name: " x " })).name).toBe("x");
  });

  it("accepts an expiresAt in the future and rejects the key once it has passed", async () => {
    const { A } = keys();
    const expiresAt = new Date(Date.now() + 2500);
    const created = await createKey(A.test.key, {
      name: uniqueName("short-lived"),
      expiresAt: expiresAt.toISOString(),
    });
    expect(Date.parse(created.expiresAt!)).toBe(expiresAt.getTime());
    expect((await api("/protocols", { key: created.key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 300));
    expectError(await api("/protocols", { key: created.key }), 401, "INVALID_API_KEY");
    const listed = (await listKeys(A.test.key)).find((k) => k.id === created.id);
    expect(listed?.status).toBe("expired");
  });

  it("accepts an expiresAt with a UTC offset", async () => {
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await createKey(keys().A.test.key, {
      name: uniqueName("offset"),
      expiresAt: `${day}T14:30:00+02:00`,
    });
    expect(Date.parse(created.expiresAt!)).toBe(Date.parse(`${day}T12:30:00Z`));
  });

  describe("rejects invalid bodies with 400 and creates nothing", () => {
    const long = "x".repeat(65);
    const cases: [string, unknown, string][] = [
      ["a missing name", {}, "name"],
      ["a blank name", { name: "   " }, "name"],
      ["an empty name", { name: "" }, "name"],
      ["a name of 65 characters", { name: long }, "name"],
      ["a name that is not a string", { name: 42 }, "name"],
      ["a null name", { name: null }, "name"],
      ["an unknown type", { name: "bad type", type: "prod" }, "type"],
      ["a type that is not a string", { name: "bad type", type: 1 }, "type"],
      [
        "an expiresAt in the past",
        { name: "past", expiresAt: new Date(Date.now() - 60_000).toISOString() },
        "expiresAt",
      ],
      ["an expiresAt that is not ISO 8601", { name: "not iso", expiresAt: "next tuesday" }, "expiresAt"],
      ["an impossible expiresAt", { name: "impossible", expiresAt: "2031-13-45T25:61:00Z" }, "expiresAt"],
      ["an expiresAt that is a number", { name: "number", expiresAt: 1893456000 }, "expiresAt"],
      ["an unknown field", { name: "scoped", scopes: ["read"] }, "scopes"],
      [
        "an account field",
        { name: "other account", account: "0x0000000000000000000000000000000000000001" },
        "account",
      ],
    ];
    it.each(cases)("%s", async (_label, body, path) => {
      const res = await api("/auth/keys", { key: keys().A.test.key, json: body });
      const error = expectError(res, 400, "BAD_REQUEST");
      const issues = error.details.issues as { path: string; message: string }[];
      expect(issues.map((i) => i.path)).toContain(path);
      for (const issue of issues) expect(typeof issue.message).toBe("string");
    });

    it("and none of them created a key", async () => {
      const names = new Set([
        "bad type",
        "past",
        "not iso",
        "impossible",
        "number",
        "scoped",
        "other account",
        "x".repeat(65),
      ]);
      expect((await listKeys(keys().A.test.key)).filter((k) => names.has(k.name))).toEqual([]);
    });

    const bodies: [string, string][] = [
      ["malformed JSON", '{"name": "broken"'],
      ["an array", '[{"name":"array"}]'],
      ["a string", '"name"'],
      ["a number", "42"],
      ["null", "null"],
      ["an empty body", ""],
    ];
    it.each(bodies)("a body that is %s", async (_label, raw) => {
      const res = await api("/auth/keys", {
        key: keys().A.test.key,
        rawBody: raw,
        headers: { "content-type": "application/json" },
      });
      expectError(res, 400, "BAD_REQUEST");
    });
  });

  describe("checks media type, then size, then content", () => {
    const big = JSON.stringify({ name: "x".repeat(MAX_BODY) });

    it("415 for a body that is not JSON", async () => {
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
      ]) {
        const res = await api("/auth/keys", {
          key: keys().A.test.key,
          rawBody: JSON.stringify({ name: "plain" }),
          headers: { "content-type": type },
        });
        expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
      }
    });

    it("accepts application/json with a charset", async () => {
      const res = await api("/auth/keys", {
        key: keys().A.test.key,
        rawBody: JSON.stringify({ name: uniqueName("charset") }),
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      expect(res.status, res.text).toBe(201);
    });

    it("413 for a body over 16 KiB, 400 (not 413) at exactly 16 KiB", async () => {
      const over = '{"name":"' + "x".repeat(MAX_BODY - 10) + '"}';
      expect(Buffer.byteLength(over)).toBe(MAX_BODY + 1);
      expectError(
        await api("/auth/keys", {
          key: keys().A.test.key,
          rawBody: over,
          headers: { "content-type": "application/json" },
        }),
        413,
        "PAYLOAD_TOO_LARGE",
      );
      const exact = over.slice(0, 9) + over.slice(10);
      expect(Buffer.byteLength(exact)).toBe(MAX_BODY);
      // Within the limit, so the name's length is what fails.
      const res = await api("/auth/keys", {
        key: keys().A.test.key,
        rawBody: exact,
        headers: { "content-type": "application/json" },
      });
      expect(expectError(res, 400, "BAD_REQUEST").details.issues).toEqual([
        expect.objectContaining({ path: "name" }),
      ]);
    });

    it("413 for an oversized body sent chunked, without Content-Length", async () => {
      const headers = { "content-type": "application/json", "x-api-key": keys().A.test.key };
      const res = await chunkedPost("/auth/keys", headers, '{"name":"', 20 * 1024);
      expectError(res, 413, "PAYLOAD_TOO_LARGE");
      // A chunked body within the limit is read and validated as usual.
      const small = await chunkedPost("/auth/keys", headers, '{"name":"', 2 * 1024);
      expectError(small, 400, "BAD_REQUEST");
    });

    it("415 before 413", async () => {
      const res = await api("/auth/keys", {
        key: keys().A.test.key,
        rawBody: big,
        headers: { "content-type": "text/plain" },
      });
      expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
    });

    it("413 before 400", async () => {
      const res = await api("/auth/keys", {
        key: keys().A.test.key,
        rawBody: "{" + "x".repeat(MAX_BODY + 10),
        headers: { "content-type": "application/json" },
      });
      expectError(res, 413, "PAYLOAD_TOO_LARGE");
    });
  });
});

describe("DELETE /auth/keys/:id", () => {
  it("revokes the key, which is rejected at once", async () => {
    const { A } = keys();
    const name = uniqueName("to revoke");
    const created = await createKey(A.test.key, { name });
    expect((await api("/instruments?limit=1", { key: created.key })).status).toBe(200);

    const res = await api<{ data: ListedKey }>(`/auth/keys/${created.id}`, {
      method: "DELETE",
      key: A.test.key,
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(Object.keys(res.body.data).sort()).toEqual(LISTED_FIELDS);
    expect(res.body.data).toMatchObject({
      id: created.id,
      name,
      prefix: created.prefix,
      type: "test",
      status: "revoked",
      createdAt: created.createdAt,
    });
    expect(res.text).not.toContain(created.key);

    const rejected = expectError(
      await api("/instruments?limit=1", { key: created.key }),
      401,
      "INVALID_API_KEY",
    );
    // A revoked key gets the same answer as a key that never existed.
    const typo = created.key.slice(0, 20) + (created.key[20] === "a" ? "b" : "a") + created.key.slice(21);
    expect(
      expectError(await api("/instruments?limit=1", { key: typo }), 401, "INVALID_API_KEY").message,
    ).toBe(rejected.message);
    expectError(await api("/auth/keys", { key: created.key }), 401, "INVALID_API_KEY");
    expect((await listKeys(A.test.key)).find((k) => k.id === created.id)?.status).toBe("revoked");
  });

  it("answers 404 for another account's key and leaves it active", async () => {
    const { A, B } = keys();
    const created = await createKey(A.test.key, { name: uniqueName("not yours") });
    expectError(
      await api(`/auth/keys/${created.id}`, { method: "DELETE", key: B.test.key }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await api(`/auth/keys/${created.id}`, { method: "DELETE", key: B.live.key }),
      404,
      "NOT_FOUND",
    );
    expect((await api("/instruments?limit=1", { key: created.key })).status).toBe(200);
    expect((await listKeys(A.test.key)).find((k) => k.id === created.id)?.status).toBe("active");
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const key = keys().A.test.key;
    expectError(await api(`/auth/keys/${randomUUID()}`, { method: "DELETE", key }), 404, "NOT_FOUND");
    for (const bad of ["not-a-uuid", "123", randomUUID().slice(0, 35) + "z"]) {
      const error = expectError(
        await api(`/auth/keys/${bad}`, { method: "DELETE", key }),
        400,
        "BAD_REQUEST",
      );
      expect((error.details.issues as { path: string }[]).map((i) => i.path)).toContain("id");
    }
  });

  it("needs an account", async () => {
    const created = await createKey(keys().A.test.key, { name: uniqueName("anonymous revoke") });
    expectError(await api(`/auth/keys/${created.id}`, { method: "DELETE" }), 401, "UNAUTHORIZED");
    expect((await api("/protocols", { key: created.key })).status).toBe(200);
  });
});

describe("authentication of /auth/keys", () => {
  it("401 UNAUTHORIZED without a key or a session", async () => {
    expectError(await api("/auth/keys"), 401, "UNAUTHORIZED");
    expectError(await api("/auth/keys", { json: { name: "anonymous" } }), 401, "UNAUTHORIZED");
    expectError(await api("/auth/keys", { cookie: "yg_session=" + "a".repeat(43) }), 401, "UNAUTHORIZED");
    expectError(await api("/auth/keys", { cookie: "yg_session=garbage" }), 401, "UNAUTHORIZED");
  });

  it("401 INVALID_API_KEY, with one and the same body, for invalid, expired and revoked keys", async () => {
    const { A } = keys();
    const presented = [
      A.expired.key,
      A.revoked.key,
      "garbage",
      "yg_sk_test_" + "a".repeat(49),
      A.test.key.replace("yg_sk_test_", "yg_sk_live_"),
      A.live.key + "x",
    ];
    const messages = new Set<string>();
    for (const key of presented) {
      for (const init of [{ key }, { key, json: { name: "should not exist" } }]) {
        const error = expectError(await api("/auth/keys", init), 401, "INVALID_API_KEY");
        messages.add(error.message);
        expect(Object.keys(error.details).sort()).toEqual(["requestId", "timestamp"]);
      }
    }
    expect(messages.size).toBe(1);
    const all = [...(await listKeys(A.test.key)), ...(await listKeys(A.live.key))];
    expect(all.filter((k) => k.name === "should not exist")).toEqual([]);
  });

  it("reads the key from X-API-Key only", async () => {
    const { A } = keys();
    expectError(
      await api("/auth/keys", { headers: { authorization: `Bearer ${A.test.key}` } }),
      401,
      "UNAUTHORIZED",
    );
    // A revoked key in X-API-Key is not rescued by a valid one elsewhere.
    const res = await api("/auth/keys", {
      key: A.revoked.key,
      headers: { authorization: `Bearer ${A.test.key}` },
    });
    expectError(res, 401, "INVALID_API_KEY");
  });
});
