import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomInt } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { openMigratedDatabase } from "@/lib/api/services";
import { api, expectError, fixture, type ApiResponse } from "../support/api";
import { startServer, type RunningServer } from "../support/server";

// fixed one-hour windows per key (anonymous: per client address), exact under concurrency.

const WINDOW_SECONDS = 3600;
/** Addresses from the benchmarking range, so they never meet the 10.x addresses other tests use. */
const ownIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const header = (res: ApiResponse, name: string) => res.headers.get(name);

/** X-RateLimit-Reset is Unix seconds of the window's end: in the future, at most one window away. */
function expectReset(res: ApiResponse) {
  const reset = header(res, "x-ratelimit-reset");
  expect(reset).toMatch(/^\d+$/);
  expect(Number(reset)).toBeGreaterThan(nowSeconds() - 1);
  expect(Number(reset)).toBeLessThanOrEqual(nowSeconds() + WINDOW_SECONDS + 1);
  return Number(reset);
}

/** A 429 as documented: the envelope with details.limit and details.resetAt, Retry-After, Remaining 0. */
function expectRateLimited(res: ApiResponse, limit: number) {
  const error = expectError(res, 429, "RATE_LIMIT_EXCEEDED");
  expect(error.details.limit).toBe(limit);
  const resetAt = error.details.resetAt;
  expect(typeof resetAt).toBe("string");
  expect(resetAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  const reset = expectReset(res);
  expect(Date.parse(resetAt as string)).toBe(reset * 1000);
  const retryAfter = header(res, "retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
  // Retry-After points at the window's end (give or take the second the request took).
  expect(Math.abs(nowSeconds() + Number(retryAfter) - reset)).toBeLessThanOrEqual(2);
  expect(header(res, "x-ratelimit-limit")).toBe(String(limit));
  expect(header(res, "x-ratelimit-remaining")).toBe("0");
}

const descending = (from: number) => Array.from({ length: from + 1 }, (_, i) => String(from - i));

describe("a live key with its own limit", () => {
  // keys.A.limited is reserved for this test: its whole window of 25 is spent here.
  it("admits exactly 25 of 60 parallel requests; the other 35 get a complete 429", async () => {
    const { key } = fixture().keys.A.limited;
    const responses = await Promise.all(
      Array.from({ length: 60 }, () => api("/instruments?limit=1", { key })),
    );
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(25);
    expect(limited).toHaveLength(35);
    for (const res of limited) expectRateLimited(res, 25);
    for (const res of ok) {
      expect(header(res, "x-ratelimit-limit")).toBe("25");
      expect(res.body.data).toHaveLength(1);
    }
    // Every admitted request saw its own count: 24, 23, …, 0, each exactly once.
    const remaining = ok.map((r) => header(r, "x-ratelimit-remaining")).sort((a, b) => Number(b) - Number(a));
    expect(remaining).toEqual(descending(24));
    // One window for all of them.
    expect(new Set(responses.map((r) => header(r, "x-ratelimit-reset"))).size).toBe(1);
    expectReset(ok[0]!);

    // Still limited afterwards, on other endpoints too: the limit is per key, not per path.
    expectRateLimited(await api("/protocols", { key }), 25);
  });
});

describe("anonymous callers", () => {
  it("are limited to 1000 per window per client address, counting down by one per request", async () => {
    const ip = ownIp();
    for (let i = 1; i <= 4; i++) {
      const res = await api("/instruments?limit=1", { ip });
      expect(res.status).toBe(200);
      expect(header(res, "x-ratelimit-limit")).toBe("1000");
      expect(header(res, "x-ratelimit-remaining")).toBe(String(1000 - i));
      expectReset(res);
    }
    // Any endpoint counts against the same bucket, error responses included.
    expectError(await api("/instruments/not-an-id", { ip }), 400, "BAD_REQUEST");
    const after = await api("/protocols", { ip });
    expect(header(after, "x-ratelimit-remaining")).toBe("994");
  });

  it("have one bucket per address", async () => {
    const first = ownIp();
    const second = ownIp();
    await api("/instruments", { ip: first });
    await api("/instruments", { ip: first });
    const other = await api("/instruments", { ip: second });
    expect(header(other, "x-ratelimit-remaining")).toBe("999");
    const again = await api("/instruments", { ip: first });
    expect(header(again, "x-ratelimit-remaining")).toBe("997");
  });

  it("are counted by the right-most X-Forwarded-For entry (the one the trusted proxy appended)", async () => {
    const spoofed = ownIp();
    const real = ownIp();
    const res = await api("/instruments", { ip: `${spoofed}, ${real}` });
    expect(res.status).toBe(200);
    expect(header(res, "x-ratelimit-remaining")).toBe("999");
    // The request counted for the right-most address…
    expect(header(await api("/instruments", { ip: real }), "x-ratelimit-remaining")).toBe("998");
    // …and not for the left-most one, which a client can write freely.
    expect(header(await api("/instruments", { ip: spoofed }), "x-ratelimit-remaining")).toBe("999");
  });

  it("pay for failed authentication from their address's bucket", async () => {
    const ip = ownIp();
    expect(header(await api("/instruments", { ip }), "x-ratelimit-remaining")).toBe("999");
    const unknownKey = `yg_sk_live_${"x".repeat(43)}000000`;
    for (const [i, key] of [
      unknownKey,
      "not-a-key",
      fixture().keys.A.revoked.key,
      fixture().keys.A.expired.key,
    ].entries()) {
      const res = await api("/instruments", { ip, key });
      expectError(res, 401, "INVALID_API_KEY");
      expect(header(res, "x-ratelimit-limit")).toBe("1000");
      expect(header(res, "x-ratelimit-remaining")).toBe(String(998 - i));
      expectReset(res);
    }
    // A missing key where one is required counts too.
    const missing = await api("/auth/keys", { ip });
    expectError(missing, 401, "UNAUTHORIZED");
    expect(header(missing, "x-ratelimit-remaining")).toBe("994");
    expect(header(await api("/instruments", { ip }), "x-ratelimit-remaining")).toBe("993");
  });
});

describe("test keys", () => {
  it("are unlimited: 50 parallel requests all pass with Limit and Remaining 'unlimited'", async () => {
    const { key } = fixture().keys.A.test;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => api("/instruments?limit=1", { key })),
    );
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(header(res, "x-ratelimit-limit")).toBe("unlimited");
      expect(header(res, "x-ratelimit-remaining")).toBe("unlimited");
      expectReset(res);
    }
  });
});

describe.skipIf(fixture().databaseKind !== "postgres")("two instances sharing PostgreSQL", () => {
  let second: RunningServer;
  let workDir: string;
  let limitedKey: string;
  let managerKey: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), "yieldgrid-rate-limit-"));
    const databaseUrl = fixture().databaseUrl!;
    // A fresh account, so that no other test sees these keys.
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const database = await openMigratedDatabase(databaseUrl);
    try {
      const now = new Date();
      limitedKey = (
        await createApiKey({
          db: database.db,
          account,
          name: "shared limit",
          type: "live",
          rateLimit: 40,
          now,
        })
      ).key;
      managerKey = (await createApiKey({ db: database.db, account, name: "manager", type: "live", now })).key;
    } finally {
      await database.close();
    }
    second = await startServer({
      env: { DATABASE_URL: databaseUrl, TRUSTED_PROXY_HOPS: "1" },
      logFile: path.join(workDir, "second.log"),
    });
  });

  afterAll(async () => {
    await second?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** A request to the second instance (the first is the one `api` talks to). */
  async function onSecond(path: string, key: string) {
    const res = await fetch(`${second.baseUrl}/api/v1${path}`, {
      headers: { "x-api-key": key, "x-forwarded-for": ownIp() },
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as unknown) : null,
      text,
    } as ApiResponse;
  }

  it("count one limit: 100 parallel requests over both admit exactly 40", async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? api("/instruments?limit=1", { key: limitedKey })
          : onSecond("/instruments?limit=1", limitedKey),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(40);
    for (const res of responses.filter((r) => r.status !== 200)) expectRateLimited(res, 40);
    expect(ok.map((r) => header(r, "x-ratelimit-remaining")).sort((a, b) => Number(b) - Number(a))).toEqual(
      descending(39),
    );
  });

  it("honour a revocation at once on the instance that made it and within 5 seconds on the other", async () => {
    const created = await api("/auth/keys", { key: managerKey, json: { name: "to revoke", type: "live" } });
    expect(created.status).toBe(201);
    const { id, key } = created.body.data as { id: string; key: string };
    // Both instances have seen (and cached) the key as active.
    expect((await api("/instruments?limit=1", { key })).status).toBe(200);
    expect((await onSecond("/instruments?limit=1", key)).status).toBe(200);

    const revoked = await api(`/auth/keys/${id}`, { method: "DELETE", key: managerKey });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe("revoked");
    const revokedAt = Date.now();
    expectError(await api("/instruments?limit=1", { key }), 401, "INVALID_API_KEY");

    let rejected: ApiResponse | undefined;
    while (Date.now() - revokedAt < 6_000) {
      const res = await onSecond("/instruments?limit=1", key);
      if (res.status !== 200) {
        rejected = res;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(rejected, "the second instance still accepted the key 6 s after the revocation").toBeDefined();
    expectError(rejected!, 401, "INVALID_API_KEY");
    // Once rejected, it stays rejected on both.
    expectError(await onSecond("/instruments?limit=1", key), 401, "INVALID_API_KEY");
    expectError(await api("/instruments?limit=1", { key }), 401, "INVALID_API_KEY");
  });
});
