import path from "node:path";
import { and, count, eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, openPglite, type Database } from "@/lib/machinery/db/client";
import { rateLimitWindows } from "@/lib/machinery/db/schema";
import { ADDRESS_TALLY_BUCKET, OVERFLOW_BUCKETS, windowOf } from "@/lib/machinery/rate-limit/rate-limiter";
import { api, expectError, fixture, type ApiResponse } from "../support/api";
import { rawExchange, requestFrom, type RawResponse } from "../support/raw-http";
import { serversOfFile, type RunningServer } from "../support/server";
import { createThrowawayDatabase } from "../support/test-database";

/*
 * Issue 9, items 4 and 5, as an attacker would try them. Most run against a server of this file's own,
 * started with the defaults a deployment gets (TRUSTED_PROXY_HOPS=0), a small anonymous limit and a
 * small cap on counted addresses; clients at different addresses are made by binding the connection
 * to different loopback addresses (127.0.0.0/8), never by X-Forwarded-For. The NUL and control
 * character cases run against the shared API server.
 */

const ANON_LIMIT = 20;
const MAX_ADDRESSES = 30;

const servers = serversOfFile("security");
let server: RunningServer;
/** The database of this file's server: its own folder, or its own PostgreSQL database. */
let databaseUrl: string | undefined;
let dataDir: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  const shared = fixture().databaseUrl;
  if (shared) ({ url: databaseUrl, drop: dropDatabase } = await createThrowawayDatabase(shared, "yg_security"));
  else dataDir = path.join(servers.workDir, "pglite");
  server = await servers.start("server", {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir }),
    TRUSTED_PROXY_HOPS: "",
    RATE_LIMIT_ANON: String(ANON_LIMIT),
    RATE_LIMIT_MAX_ADDRESSES: String(MAX_ADDRESSES),
  });
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase();
});

let nextAddress = 10;
/** A loopback address no other test of this file uses: a client of its own. */
const newClient = () => {
  const n = nextAddress++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const remaining = (res: RawResponse | ApiResponse) => res.headers.get("x-ratelimit-remaining");

function expectEnvelope(res: RawResponse, status: number, code: string) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body?.error?.code).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.details.requestId).toBe(res.headers.get("x-request-id"));
  expect(Date.parse(res.body.error.details.timestamp)).not.toBeNaN();
  return res.body.error as { code: string; message: string; details: Record<string, unknown> };
}

describe("item 4: a client cannot choose its rate-limit bucket (TRUSTED_PROXY_HOPS=0, the default)", () => {
  it("ignores a spoofed X-Forwarded-For, and the header the server writes the address into", async () => {
    const client = newClient();
    const url = `${server.baseUrl}/api/v1/protocols`;
    const answers: RawResponse[] = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await requestFrom(client, url, {
          headers: {
            "x-forwarded-for": `203.0.113.${i}, 198.51.100.${i}`,
            "x-real-ip": `192.0.2.${i}`,
            "x-yieldgrid-client-address": `192.0.2.${100 + i}`,
          },
        }),
      );
    // One bucket, the connection's: each request counts against the one before.
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map(remaining)).toEqual([19, 18, 17, 16].map(String));
    // Another address is another bucket.
    expect(remaining(await requestFrom(newClient(), url))).toBe(String(ANON_LIMIT - 1));
  });

  it("ignores a spoofed X-Yieldgrid-Method: the request is what the client sent", async () => {
    const res = await requestFrom(newClient(), `${server.baseUrl}/api/v1/protocols`, { headers: { "x-yieldgrid-method": "DELETE" } });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it("does not count CORS preflights, and answers them with the headers even when the budget is spent", async () => {
    const client = newClient();
    const preflight = () =>
      requestFrom(client, `${server.baseUrl}/api/v1/instruments`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "GET", "access-control-request-headers": "x-api-key" },
      });
    for (let i = 0; i < 5; i++) {
      const res = await preflight();
      expect(res.status).toBe(204);
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(ANON_LIMIT));
      expect(remaining(res)).toBe(String(ANON_LIMIT));
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    }
    const get = () => requestFrom(client, `${server.baseUrl}/api/v1/instruments?limit=1`);
    for (let i = 1; i <= ANON_LIMIT; i++) expect(remaining(await get())).toBe(String(ANON_LIMIT - i));
    const limited = await get();
    expectEnvelope(limited, 429, "RATE_LIMIT_EXCEEDED");
    // A browser preflights first: it must pass, so that the page can read the 429 of the request itself.
    const after = await preflight();
    expect(after.status).toBe(204);
    expect(remaining(after)).toBe("0");
    expect(after.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("keeps buckets bounded under a spray of addresses: at most the cap plus the overflow buckets per window", async () => {
    const sprayed = 200;
    const url = `${server.baseUrl}/api/v1/health`;
    const start = windowOf(new Date(), 3600).start;
    const answers: RawResponse[] = [];
    for (let i = 0; i < sprayed; i += 20)
      answers.push(...(await Promise.all(Array.from({ length: 20 }, () => requestFrom(newClient(), url)))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    // Beyond the cap, addresses share overflow buckets: some of them see counts that others made.
    expect(answers.some((r) => Number(remaining(r)) < ANON_LIMIT - 1)).toBe(true);
    if (windowOf(new Date(), 3600).start !== start) return; // the hour turned during the spray: counts started over
    // The rows behind it, read once the server has stopped (and written back what it held in memory).
    await server.stop();
    const database: Database = databaseUrl ? await openDatabase(databaseUrl) : await openPglite(dataDir!);
    try {
      const [row] = await database.db
        .select({ n: count() })
        .from(rateLimitWindows)
        .where(
          and(
            eq(rateLimitWindows.windowStart, start),
            or(like(rateLimitWindows.bucket, "ip:%"), like(rateLimitWindows.bucket, "ip~%"), eq(rateLimitWindows.bucket, ADDRESS_TALLY_BUCKET)),
          ),
        );
      expect(row!.n).toBeGreaterThan(MAX_ADDRESSES);
      expect(row!.n).toBeLessThanOrEqual(MAX_ADDRESSES + OVERFLOW_BUCKETS + 1);
      const [tally] = await database.db
        .select({ count: rateLimitWindows.count })
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.bucket, ADDRESS_TALLY_BUCKET), eq(rateLimitWindows.windowStart, start)));
      expect(tally!.count).toBe(MAX_ADDRESSES);
    } finally {
      await database.close();
    }
  });
});

describe("item 5: methods and requests Next would answer by itself get the envelope", () => {
  const line = (method: string, target: string) => `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

  it.each(["TRACE", "PROPFIND", "PURGE", "MKCOL", "LOCK"])("%s on an endpoint is 405 with Allow and the rate-limit headers", async (method) => {
    const res = await rawExchange(fixture().baseUrl, line(method, "/api/v1/instruments"));
    const error = expectEnvelope(res, 405, "METHOD_NOT_ALLOWED");
    expect(error.message).toContain(method);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    // TRACE must never echo the request back.
    expect(res.text).not.toContain("Host: 127.0.0.1");
  });

  it("TRACE on an unknown API path is its 404, and on a page a 405", async () => {
    expectEnvelope(await rawExchange(fixture().baseUrl, line("TRACE", "/api/v1/no-such-thing")), 404, "NOT_FOUND");
    const page = await rawExchange(fixture().baseUrl, line("TRACE", "/"));
    expectEnvelope(page, 405, "METHOD_NOT_ALLOWED");
    expect(page.headers.get("allow")).toBe("GET, HEAD");
  });

  it("CONNECT is 405: this is not a proxy", async () => {
    const res = await rawExchange(fixture().baseUrl, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expectEnvelope(res, 405, "METHOD_NOT_ALLOWED");
  });

  it.each([
    ["an unknown method", "FOO /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["a malformed request line", "GARBAGE\r\n\r\n"],
    ["an unknown HTTP version", "GET /api/v1/health HTTP/9.9\r\nHost: x\r\n\r\n"],
    ["a malformed header", "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n"],
    ["a NUL in the request target", "GET /api/v1/health\u0000 HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["HTTP/2 spoken to it", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
  ])("%s is 400 BAD_REQUEST in the envelope", async (_label, text) => {
    const error = expectEnvelope(await rawExchange(fixture().baseUrl, text), 400, "BAD_REQUEST");
    expect((error.details.issues as { path: string }[])[0]!.path).toBe("request");
  });

  it("headers over 16 KiB are 431 in the envelope", async () => {
    const res = await rawExchange(fixture().baseUrl, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expectEnvelope(res, 431, "REQUEST_HEADERS_TOO_LARGE");
  });
});

describe("item 5: NUL and other C0 control characters in every string parameter of every endpoint", () => {
  type Operation = { method: string; template: string; parameters: { in: string; name: string }[]; bodyFields: string[] };
  let operations: Operation[] = [];
  let valid: Record<string, string> = {};

  beforeAll(async () => {
    const doc = (await api("/openapi.json")).body as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, { type?: unknown; anyOf?: { type?: unknown }[] }> }> };
    };
    const isString = (s: { type?: unknown; anyOf?: { type?: unknown }[] }) =>
      s.type === "string" || (Array.isArray(s.type) && s.type.includes("string")) || (s.anyOf ?? []).some((a) => a.type === "string");
    operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => {
        const ref = op.requestBody?.content["application/json"]?.schema.$ref;
        const properties = ref ? (doc.components.schemas[ref.split("/").pop()!]?.properties ?? {}) : {};
        return {
          method: method.toUpperCase(),
          template,
          parameters: op.parameters ?? [],
          bodyFields: Object.entries(properties)
            .filter(([, s]) => isString(s))
            .map(([name]) => name),
        };
      }),
    );
    const instrument = (await api("/instruments?limit=1")).body.data[0].instrumentId as string;
    const protocol = (await api("/protocols")).body[0].id as string;
    valid = { instrumentId: instrument, id: protocol, name: "aave", chainId: "1" };
  });

  const key = () => fixture().keys.A.test.key;
  const pathOf = (op: Operation, bad?: { name: string; value: string }) =>
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      // A key id nobody has: should a check ever fail, a DELETE must not revoke a key other tests use.
      encodeURIComponent(name === bad?.name ? bad.value : name === "id" && op.template.startsWith("/auth") ? "00000000-0000-4000-8000-000000000000" : valid[name]!),
    );

  function expectControlCharacterIssue(res: ApiResponse, field: string, label: string) {
    const error = expectError(res, 400, "BAD_REQUEST");
    const issues = error.details.issues as { path: string; message: string }[];
    expect(issues.find((i) => i.path === field)?.message, `${label}: ${res.text.slice(0, 300)}`).toMatch(/control character U\+00[01][0-9A-F]/);
  }

  // NUL, SOH, backspace, vertical tab, escape, US; and tab, LF and CR, which no single-line field allows.
  const characters = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u001f", "\t", "\n", "\r"];

  it("path parameters", async () => {
    let checked = 0;
    for (const op of operations)
      for (const p of op.parameters.filter((p) => p.in === "path"))
        for (const c of ["\u0000", "\u001b", "\n"]) {
          const res = await api(pathOf(op, { name: p.name, value: `1${c}2` }), { method: op.method, key: key(), ...(op.method === "POST" && { json: {} }) });
          expectControlCharacterIssue(res, p.name, `${op.method} ${op.template} ${p.name}=${JSON.stringify(c)}`);
          checked++;
        }
    expect(checked).toBeGreaterThanOrEqual(3 * 8);
  });

  it("query values and names, declared or not", async () => {
    let checked = 0;
    for (const op of operations) {
      const names = [...op.parameters.filter((p) => p.in === "query").map((p) => p.name), "undeclared"];
      for (const name of names)
        for (const c of characters) {
          const res = await api(`${pathOf(op)}?${name}=${encodeURIComponent(`a${c}b`)}`, { method: op.method, key: key(), ...(op.method === "POST" && { json: {} }) });
          expectControlCharacterIssue(res, name, `${op.method} ${op.template}?${name}=${JSON.stringify(c)}`);
          checked++;
        }
      const res = await api(`${pathOf(op)}?${encodeURIComponent("li\u0000mit")}=1`, { method: op.method, key: key(), ...(op.method === "POST" && { json: {} }) });
      expectControlCharacterIssue(res, "li\\u0000mit", `${op.method} ${op.template} NUL in a name`);
    }
    expect(checked).toBeGreaterThan(operations.length * characters.length);
  });

  it("body fields, with tab, CR and LF allowed only in the multi-line sign-in message", async () => {
    let checked = 0;
    for (const op of operations.filter((o) => o.bodyFields.length > 0))
      for (const field of op.bodyFields)
        for (const c of characters) {
          const multiline = op.template === "/auth/verify" && field === "message";
          const res = await api(pathOf(op), { method: op.method, key: key(), json: { [field]: `a${c}b` } });
          if (multiline && "\t\n\r".includes(c)) {
            // Not refused for the character: whatever else is wrong with it, it is not this.
            expect(JSON.stringify(res.body), `${op.template} ${field}`).not.toMatch(/control character/);
          } else expectControlCharacterIssue(res, field, `${op.method} ${op.template} ${field}=${JSON.stringify(c)}`);
          checked++;
        }
    // POST /positions, /auth/keys and /auth/verify have string fields.
    expect(checked).toBeGreaterThanOrEqual(4 * characters.length);
  });

  it("the two reported cases: a key name with NUL and a search for NUL", async () => {
    expectControlCharacterIssue(await api("/auth/keys", { key: key(), json: { name: "a\u0000b" } }), "name", "POST /auth/keys");
    expectControlCharacterIssue(await api("/instruments?search=%00"), "search", "GET /instruments?search=%00");
    // Nested and in a field name too.
    const nested = await api("/positions", { json: { address: "0x0", extra: { deeper: ["ok", "x\u0000"] }, "k\u0001": 1 } });
    const issues = expectError(nested, 400, "BAD_REQUEST").details.issues as { path: string }[];
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(["extra.deeper.1", "k\\u0001"]));
  });
});

describe("the operator endpoint of key:create is invisible without its secret", () => {
  it.each([
    ["no secret", {}],
    ["a wrong secret", { "x-yieldgrid-operator-secret": "guess" }],
  ])("%s: exactly an unknown path's answer, and not in the OpenAPI document", async (_label, headers) => {
    for (const method of ["POST", "GET", "DELETE"]) {
      const res = await api("/operator/keys", { method, headers, ...(method === "POST" && { json: { name: "x", type: "live" } }) });
      const unknown = await api("/operator/nothing", { method, headers, ...(method === "POST" && { json: { name: "x", type: "live" } }) });
      const error = expectError(res, 404, "NOT_FOUND");
      expect(error.message).toBe("No endpoint /api/v1/operator/keys; see /api/v1/openapi.json");
      expect(res.status).toBe(unknown.status);
      expect([...res.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    }
    const doc = (await api("/openapi.json")).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.includes("operator"))).toBe(false);
  });
});
