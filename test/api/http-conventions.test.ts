import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { api, expectError, fixture, freshIp, type ApiInit, type ApiResponse } from "../support/api";

// The HTTP conventions every endpoint shares: request ids, security and CORS
// headers, 405/404 envelopes, rate-limit headers on every response, keys from the header only,
// and the request log.

const ADDRESS = "0xd8da6bf26964af9d7eed9e03e53415d37aa96045";
const MAX_BODY = 16 * 1024;
const INSTRUMENT_ID = "0x" + "ab".repeat(32);
const KEY_IN_TEXT = /yg_sk_(test|live)_[0-9A-Za-z]{49}/;

const keys = () => fixture().keys;
const listOf = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** A request for each kind of answer, anonymous unless a key is given. */
const samples = (): [string, string, ApiInit, number][] => [
  ["list", "/instruments?limit=2", {}, 200],
  ["protocols", "/protocols", {}, 200],
  ["health", "/health", {}, 200],
  ["keyed list", "/instruments?limit=2", { key: keys().A.test.key }, 200],
  ["account keys", "/auth/keys", { key: keys().B.test.key }, 200],
  ["HEAD", "/instruments?limit=1", { method: "HEAD" }, 200],
  ["400 bad query", "/instruments?limit=0", {}, 400],
  ["400 bad body", "/positions", { json: { address: "0x123" } }, 400],
  ["401 missing key", "/auth/keys", {}, 401],
  ["401 invalid key", "/instruments", { key: keys().A.revoked.key }, 401],
  ["403 other environment", "/instruments?chainId=11155111", {}, 403],
  ["404 unknown instrument", `/instruments/${INSTRUMENT_ID}`, {}, 404],
  ["404 unknown path", "/no-such-endpoint", {}, 404],
  ["405", "/instruments", { method: "PUT" }, 405],
  [
    "413",
    "/positions",
    { rawBody: "x".repeat(MAX_BODY + 1), headers: { "content-type": "application/json" } },
    413,
  ],
  ["415", "/positions", { rawBody: "{}", headers: { "content-type": "text/plain" } }, 415],
  ["503", "/positions", { json: { address: ADDRESS } }, 503],
];

describe("request ids", () => {
  it("every response carries a unique X-Request-Id, equal to details.requestId on errors", async () => {
    const seen = new Set<string>();
    for (const [label, path, init, status] of samples()) {
      const res = await api(path, init);
      expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(status);
      const id = res.headers.get("x-request-id");
      expect(id, label).toMatch(/^\S{8,}$/);
      expect(seen.has(id!), `${label}: ids are unique`).toBe(false);
      seen.add(id!);
      if (status >= 400 && init.method !== "HEAD") {
        const code = (res.body as { error: { code: string } }).error.code;
        expectError(res, status, code);
      }
    }
  });

  it("a CORS preflight carries one too", async () => {
    const res = await api("/instruments", { method: "OPTIONS", headers: { origin: "https://app.example" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("x-request-id")).toMatch(/^\S{8,}$/);
  });
});

describe("security and caching headers", () => {
  it("API responses are no-store and nosniff, errors included", async () => {
    for (const [label, path, init] of samples()) {
      const res = await api(path, init);
      expect(listOf(res.headers.get("cache-control")), label).toContain("no-store");
      expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
      if (init.method !== "HEAD")
        expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
    }
  });

  it("openapi.json is JSON with nosniff, and may be cacheable", async () => {
    const res = await api("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/no-store|max-age=\d+/);
  });
});

describe("CORS", () => {
  it("allows any origin without credentials and exposes the request id and rate-limit headers", async () => {
    for (const [label, path, init] of samples()) {
      const res = await api(path, { ...init, headers: { ...init.headers, origin: "https://app.example" } });
      expect(res.headers.get("access-control-allow-origin"), label).toBe("*");
      expect(res.headers.get("access-control-allow-credentials"), label).toBeNull();
      const exposed = listOf(res.headers.get("access-control-expose-headers"));
      for (const h of ["x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
        expect(exposed, `${label} exposes ${h}`).toContain(h);
    }
  });

  const preflights: [string, string, string[]][] = [
    ["/instruments", "GET", ["GET"]],
    ["/instruments/" + INSTRUMENT_ID, "GET", ["GET"]],
    ["/protocols", "GET", ["GET"]],
    ["/positions", "POST", ["POST"]],
    ["/auth/keys", "POST", ["GET", "POST"]],
    ["/auth/keys/00000000-0000-4000-8000-000000000000", "DELETE", ["DELETE"]],
  ];
  it.each(preflights)("OPTIONS %s answers a preflight for %s", async (path, method, allowed) => {
    const res = await api(path, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": method,
        "access-control-request-headers": "x-api-key, content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const methods = listOf(res.headers.get("access-control-allow-methods"));
    for (const m of allowed) expect(methods).toContain(m.toLowerCase());
    const headers = listOf(res.headers.get("access-control-allow-headers"));
    expect(headers).toContain("x-api-key");
    expect(headers).toContain("content-type");
  });
});

describe("405 METHOD_NOT_ALLOWED", () => {
  const cases: [string, string, string[]][] = [
    ["PUT", "/instruments", ["GET"]],
    ["DELETE", "/instruments", ["GET"]],
    ["POST", "/protocols", ["GET"]],
    ["GET", "/positions", ["POST"]],
    ["PATCH", "/auth/keys", ["GET", "POST"]],
    ["PUT", "/auth/keys", ["GET", "POST"]],
    ["GET", "/auth/keys/00000000-0000-4000-8000-000000000000", ["DELETE"]],
    ["GET", "/auth/nonce", ["POST"]],
    ["GET", "/auth/verify", ["POST"]],
    ["POST", "/auth/session", ["GET", "DELETE"]],
    ["DELETE", `/instruments/${INSTRUMENT_ID}`, ["GET"]],
    ["PATCH", "/protocols/by-name/aave/chain/1/latest", ["GET"]],
  ];
  it.each(cases)("%s %s", async (method, path, allowed) => {
    const res = await api(path, { method, ...(method !== "GET" && { json: {} }) });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    const allow = listOf(res.headers.get("allow"));
    for (const m of allowed) expect(allow).toContain(m.toLowerCase());
    expect(allow).not.toContain(method.toLowerCase());
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
  });
});

describe("unknown paths under /api/v1", () => {
  const paths = ["/nope", "/instruments/" + INSTRUMENT_ID + "/nope", "/v2/instruments", "/auth"];
  it.each(paths)("GET and POST %s are a 404 envelope in JSON", async (path) => {
    for (const init of [{}, { json: { address: ADDRESS } }] as ApiInit[]) {
      const res = await api(path, init);
      expectError(res, 404, "NOT_FOUND");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.text).not.toMatch(/<html|<!DOCTYPE/i);
      expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    }
  });
});

describe("rate-limit headers", () => {
  function expectReset(res: ApiResponse, label: string) {
    const reset = res.headers.get("x-ratelimit-reset");
    expect(reset, label).toMatch(/^\d+$/);
    const now = Date.now() / 1000;
    expect(Number(reset), label).toBeGreaterThan(now);
    expect(Number(reset), label).toBeLessThanOrEqual(Math.ceil(now) + 3600);
  }

  it("anonymous: 1000 per window, on every response including errors", async () => {
    for (const [label, path, init] of samples()) {
      if (init.key) continue;
      const res = await api(path, init);
      expect(res.headers.get("x-ratelimit-limit"), label).toBe("1000");
      expect(res.headers.get("x-ratelimit-remaining"), label).toMatch(/^\d+$/);
      expect(Number(res.headers.get("x-ratelimit-remaining")), label).toBeLessThan(1000);
      expectReset(res, label);
    }
  });

  it("anonymous: Remaining counts down per client address", async () => {
    const ip = freshIp();
    const first = await api("/protocols", { ip });
    const second = await api("/instruments?limit=1", { ip });
    const third = await api("/instruments?limit=0", { ip });
    expect(first.headers.get("x-ratelimit-remaining")).toBe("999");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("998");
    expect(third.headers.get("x-ratelimit-remaining")).toBe("997");
    expect(second.headers.get("x-ratelimit-reset")).toBe(first.headers.get("x-ratelimit-reset"));
  });

  it("live key: 10000 per window, counted per key", async () => {
    const created = await api("/auth/keys", { key: keys().A.live.key, json: { name: "rate headers" } });
    expect(created.status).toBe(201);
    const key = created.body.data.key as string;
    const responses = [
      await api("/instruments?limit=1", { key }),
      await api("/instruments?limit=0", { key }),
      await api(`/instruments/${INSTRUMENT_ID}`, { key }),
      await api("/positions", { key, json: { address: "0x123" } }),
      await api("/positions", { key, rawBody: "{}", headers: { "content-type": "text/plain" } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 404, 400, 415]);
    responses.forEach((res, i) => {
      expect(res.headers.get("x-ratelimit-limit")).toBe("10000");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(9999 - i));
      expectReset(res, `live #${i}`);
    });
  });

  it("test key: unlimited, with a Reset in the coming hour", async () => {
    const key = keys().A.test.key;
    const responses = [
      await api("/instruments?limit=1", { key }),
      await api("/instruments?limit=0", { key }),
      await api("/nope", { key }),
      await api("/instruments", { key, method: "PUT" }),
      await api("/positions", {
        key,
        rawBody: "x".repeat(MAX_BODY + 1),
        headers: { "content-type": "application/json" },
      }),
      await api("/positions", { key, rawBody: "{}", headers: { "content-type": "text/plain" } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 404, 405, 413, 415]);
    for (const res of responses) {
      expect(res.headers.get("x-ratelimit-limit")).toBe("unlimited");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("unlimited");
      expectReset(res, "test key");
    }
  });

  it("401 for an invalid key carries the anonymous bucket's headers", async () => {
    const ip = freshIp();
    const res = await api("/instruments", { key: keys().A.expired.key, ip });
    expectError(res, 401, "INVALID_API_KEY");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("999");
    expectReset(res, "invalid key");
  });
});

describe("API keys are read from the X-API-Key header only", () => {
  const names = ["apiKey", "api_key", "x-api-key", "key"];

  it.each(names)("?%s=… does not authenticate an account endpoint", async (name) => {
    const key = keys().A.test.key;
    const res = await api(`/auth/keys?${name}=${encodeURIComponent(key)}`);
    expect(res.status).not.toBe(200);
    expect(res.text).not.toContain(keys().A.test.id);
    expect([400, 401]).toContain(res.status);
    expectError(res, res.status, res.status === 400 ? "BAD_REQUEST" : "UNAUTHORIZED");
  });

  it.each(names)(
    "?%s=… on /instruments is an unknown parameter (400), never a test-key caller",
    async (name) => {
      const res = await api(`/instruments?${name}=${encodeURIComponent(keys().A.test.key)}`);
      expect(res.headers.get("x-ratelimit-limit")).not.toBe("unlimited");
      const error = expectError(res, 400, "BAD_REQUEST");
      expect((error.details.issues as { path: string }[]).map((i) => i.path)).toContain(name);
      // The key is not echoed back either.
      expect(res.text).not.toContain(keys().A.test.key);
    },
  );

  it("Authorization: Bearer is not a way in", async () => {
    expectError(
      await api("/auth/keys", { headers: { authorization: `Bearer ${keys().A.test.key}` } }),
      401,
      "UNAUTHORIZED",
    );
  });
});

describe("500 INTERNAL_ERROR", () => {
  // A malformed %-escape in the path is the one 500 a client can cause (Next answers it before any handler).
  it("never leaks a stack trace or internals", async () => {
    const res = await api("/instruments/%zz");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|Error:|SELECT |stack/i);
  });

  it("answers it in the envelope with a request id", async () => {
    const res = await api("/instruments/%zz");
    const status = res.status;
    expect([400, 404, 500]).toContain(status);
    expectError(
      res,
      status,
      { 400: "BAD_REQUEST", 404: "NOT_FOUND", 500: "INTERNAL_ERROR" }[status as 400 | 404 | 500],
    );
  });
});

describe("the request log", () => {
  async function logLines(): Promise<Record<string, unknown>[]> {
    const text = await readFile(fixture().logFile, "utf8");
    return text
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  async function linesFor(requestId: string) {
    // The server writes its log asynchronously: wait briefly for the line to arrive.
    for (let i = 0; i < 40; i++) {
      const found = (await logLines()).filter((l) => l.requestId === requestId);
      if (found.length > 0) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    return [];
  }

  it("has one JSON line per request with requestId, route, status, durationMs and keyPrefix for keyed requests", async () => {
    const { A, B } = keys();
    const made: [ApiResponse, string | undefined][] = [
      [await api("/instruments?limit=1"), undefined],
      [await api("/instruments?limit=1", { key: A.test.key }), A.test.prefix],
      [await api("/protocols", { key: B.live.key }), B.live.prefix],
      [await api("/auth/keys", { key: A.live.key }), A.live.prefix],
      [await api("/nope"), undefined],
      [await api("/positions", { json: { address: ADDRESS } }), undefined],
      [await api("/instruments", { method: "PUT" }), undefined],
    ];
    for (const [res, prefix] of made) {
      const id = res.headers.get("x-request-id")!;
      const lines = await linesFor(id);
      expect(lines, `one line for ${id}`).toHaveLength(1);
      const line = lines[0]!;
      expect(line.status).toBe(res.status);
      expect(typeof line.route).toBe("string");
      expect((line.route as string).length).toBeGreaterThan(0);
      expect(typeof line.durationMs).toBe("number");
      expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
      if (prefix) expect(line.keyPrefix).toBe(prefix);
      else expect(line.keyPrefix).toBeUndefined();
    }
    // Distinct routes are told apart.
    const routeOf = async (res: ApiResponse) => (await linesFor(res.headers.get("x-request-id")!))[0]!.route;
    expect(await routeOf(made[0]![0])).not.toBe(await routeOf(made[2]![0]));
  });

  it("never holds a full API key", async () => {
    const { A, B } = keys();
    const created = await api("/auth/keys", { key: A.test.key, json: { name: "log check" } });
    expect(created.status).toBe(201);
    const createdKey = created.body.data.key as string;
    // Use it, present invalid keys and a key in the query string, so each had a chance to be logged.
    await api("/instruments?limit=1", { key: createdKey });
    await api("/instruments", { key: A.revoked.key });
    await api("/instruments", { key: createdKey + "x" });
    await api(`/instruments?apiKey=${A.live.key}`);
    const marker = await api("/health");
    await linesFor(marker.headers.get("x-request-id")!);

    const text = await readFile(fixture().logFile, "utf8");
    for (const key of [A.test, A.live, A.limited, A.expired, A.revoked, B.test, B.live]
      .map((k) => k.key)
      .concat(createdKey))
      expect(text.includes(key), `log holds ${key.slice(0, 17)}…`).toBe(false);
    expect(text).not.toMatch(KEY_IN_TEXT);
  });
});

describe("keep-alive connections", () => {
  // Last in this file: a failure here leaves a broken connection in this worker's fetch pool.
  it("survive a chunked body rejected with 413", async () => {
    let answered413 = 0;
    // At least ten rounds, and more (up to 50) until one 413 was read: a loaded machine may show
    // the client the close first many times in a row.
    for (let i = 0; i < 10 || (answered413 === 0 && i < 50); i++) {
      const filler = new TextEncoder().encode("x".repeat(1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 20 * 1024) return controller.close();
          controller.enqueue(filler);
          sent += filler.byteLength;
        },
      });
      const init = {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        body,
        duplex: "half",
      };
      // The server answers 413 and closes the connection (Connection: close) while the client may
      // still be uploading: on a busy machine the client then sees the close (EPIPE/ECONNRESET)
      // before it reads the answer. Either way the next request must be served at once.
      const rejected = await fetch(`${fixture().baseUrl}/api/v1/positions`, init as RequestInit).catch((error: unknown) => {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== "EPIPE" && code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
        return undefined;
      });
      if (rejected) {
        expect(rejected.status).toBe(413);
        await rejected.text();
        answered413++;
      }
      const started = Date.now();
      const next = await fetch(`${fixture().baseUrl}/api/v1/health`, {
        headers: { "x-forwarded-for": freshIp() },
      });
      expect(next.status).toBe(200);
      await next.text();
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(answered413).toBeGreaterThan(0);
  });
});
