import fc from "fast-check";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { beforeAll, describe, expect, it } from "vitest";
import { exampleIds, type Endpoint } from "@/lib/api/http/endpoint";
import { apiEndpoints } from "@/lib/api/endpoints";
import { SIWE_SIGNATURE_MAX_LENGTH } from "@/lib/schemas/auth";
import { errorCodes } from "@/lib/schemas/error-codes";
import { chainsOf } from "@/lib/facts/chains";
import { api, expectError, fixture, type ApiInit, type ApiResponse } from "../support/api";
import { cookieSetBy } from "../support/siwe";

/*
 * Property-based bad input on every endpoint: whatever arrives in the query string, the path or the
 * body, the answer is never a 5xx (except the documented 503 of /positions), always JSON, and every error
 * carries the envelope with the code that belongs to its status. Where docs/api.md fixes the outcome
 * (unknown parameters and fields, 415 before 413 before 400, malformed ids), the property checks the exact
 * status, computed here from the spec.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const params = { numRuns: RUNS, endOnFailure: false, interruptAfterTimeLimit: 40_000 };

const codesByStatus: Record<number, string[]> = {
  400: ["BAD_REQUEST"],
  401: ["UNAUTHORIZED", "INVALID_API_KEY"],
  403: ["FORBIDDEN"],
  404: ["NOT_FOUND"],
  405: ["METHOD_NOT_ALLOWED"],
  409: ["CONFLICT"],
  413: ["PAYLOAD_TOO_LARGE"],
  415: ["UNSUPPORTED_MEDIA_TYPE"],
  429: ["RATE_LIMIT_EXCEEDED"],
  503: ["UPSTREAM_UNAVAILABLE"],
};

const liveChains = chainsOf("live").map((c) => c.id);
const testChains = chainsOf("test").map((c) => c.id);
/** The property every response must have; `allowed` narrows the status further. Returns the error code, if any. */
function expectWellFormed(res: ApiResponse, allowed: number[], label: string): string | undefined {
  const context = `${label} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status < 500 || (res.status === 503 && allowed.includes(503)), `a 5xx: ${context}`).toBe(true);
  expect(allowed, `status not allowed: ${context}`).toContain(res.status);
  expect(res.headers.get("x-request-id"), context).toMatch(/\S/);
  expect(res.headers.get("x-ratelimit-limit"), context).toMatch(/^(\d+|unlimited)$/);
  if (res.status === 204) {
    expect(res.text, `a 204 with a body: ${context}`).toBe("");
    return undefined;
  }
  expect(res.headers.get("content-type"), `not JSON: ${context}`).toMatch(/^application\/json/);
  expect(typeof res.body === "object" && res.body !== null, `body is not JSON: ${context}`).toBe(true);
  if (res.status < 300) return undefined;
  const code = (res.body as { error?: { code?: unknown } }).error?.code;
  expect(codesByStatus[res.status], `unexpected status: ${context}`).toContain(code);
  const error = expectError(res, res.status, code as string);
  if (res.status === 400) {
    // details.issues lists each problem with its field path.
    const issues = error.details.issues as { path?: unknown; message?: unknown }[] | undefined;
    expect(Array.isArray(issues) && issues.length > 0, `400 without details.issues: ${context}`).toBe(true);
    for (const issue of issues!) {
      expect(typeof issue.path, context).toBe("string");
      expect(typeof issue.message, context).toBe("string");
    }
  }
  return code as string;
}

// ---------------------------------------------------------------------------------------------------------
// Generators

const junkKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "api_key",
    "apiKey",
    "x-api-key",
    "LIMIT",
    "chainid",
    "limit[]",
    "sort_by",
    " limit",
    "limit ",
    "a.b",
    "",
  ),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom(
    ...[
      "",
      " ",
      "true",
      "false",
      "TRUE",
      "1",
      "0",
      "-1",
      "100",
      "101",
      "1.5",
      "1e2",
      "0x10",
      "1,8453",
      "1,,2",
      "11155111",
      "31337",
    ],
    ...[
      "apy:asc",
      "tvl:desc,apy:asc",
      "apy:asc:x",
      "apy,apy",
      "apy7d:asc,apy30d:desc",
      "apyChange7d",
      "USD",
      "eth",
      "aave",
      "hour",
      "day",
      "2025-01-01",
      "2025-01-01T00:00:00Z",
    ],
    ...["null", "undefined", "[]", "{}", "%", "%zz", "\u0000", "\n", "𝟘", "9".repeat(30), "a".repeat(200)],
  ),
);

const encodePair = ([k, v]: [string, string]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;

/** A query string of known and junk parameters with encoded, arbitrary values. */
const encodedQuery = (known: string[]) =>
  fc
    .array(fc.tuple(known.length > 0 ? fc.oneof(fc.constantFrom(...known), junkKey) : junkKey, queryValue), {
      maxLength: 6,
    })
    .map((pairs) => pairs.map(encodePair).join("&"));

/** A raw query string, %-escapes and separators as they come: malformed escapes must be handled too. */
const rawQuery = (known: string[]) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ...known,
          "%",
          "%zz",
          "%%",
          "%e9",
          "%ff",
          "%00",
          "&",
          "=",
          "==",
          "+",
          ";",
          "[]",
          "%2",
          "é",
          '"',
          "<",
          " ",
        ),
        fc.string({ maxLength: 4 }),
      ),
      {
        maxLength: 10,
      },
    )
    .map((parts) => parts.join(""));

/** Known parameters with arbitrary values, each at most once, plus one unknown parameter somewhere. */
const queryWithUnknownKey = (known: string[]) =>
  fc
    .tuple(
      fc.uniqueArray(
        fc.tuple(known.length > 0 ? fc.constantFrom(...known) : fc.constant("never"), queryValue),
        { maxLength: 4, selector: ([k]) => k },
      ),
      // Next.js drops a __proto__ query key before any handler sees it (see the Object.prototype tests below).
      junkKey.filter((k) => !known.includes(k) && k !== "__proto__"),
      queryValue,
      fc.nat(),
    )
    .map(([pairs, key, value, at]) => {
      const list = known.length > 0 ? [...pairs] : [];
      list.splice(at % (list.length + 1), 0, [key, value]);
      return { key, query: list.map(encodePair).join("&") };
    });

/** A path segment, always encoded, never one that URL parsing would remove ("." and ".."). */
const segment = (specials: string[]) =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }),
      fc.uuid(),
      fc.integer().map(String),
      fc
        .string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 62, maxLength: 66 })
        .map((h) => "0x" + h),
      fc.constantFrom(
        ...specials,
        "0",
        "-1",
        "01",
        "1.0",
        "1e3",
        "99999999999999999999",
        "null",
        "%",
        "%zz",
        "a/b",
        "?",
        "#",
        "😀",
        "\u0000",
        " ",
      ),
    )
    .map(encodeURIComponent)
    .filter((s) => !/^(\.|%2e){1,2}$/i.test(s));

const wrongTypes = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.string({ maxLength: 10 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const hugeNumbers = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53 + 1,
  -0,
  0.1,
  1.5,
  1e21,
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
);

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.object(),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
  fc
    .tuple(fc.integer({ min: 1, max: 2000 }), fc.jsonValue({ maxDepth: 1 }))
    .map(([depth, leaf]) => nested(depth, leaf)),
  fc.record({ a: fc.tuple(fc.integer({ min: 100, max: 1500 })).map(([d]) => nested(d, 1)) }),
);

// ---------------------------------------------------------------------------------------------------------
// What docs/api.md says the body endpoints answer for a JSON object (computed here, not by the app)

const checksummed = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const flipCase = (a: string) => {
  const i = [...a].findIndex((c, j) => j > 1 && /[a-fA-F]/.test(c));
  return (
    a.slice(0, i) +
    (a[i] === a[i]!.toLowerCase() ? a[i]!.toUpperCase() : a[i]!.toLowerCase()) +
    a.slice(i + 1)
  );
};
const addressArb = fc.oneof(
  fc.constantFrom(
    checksummed,
    checksummed.toLowerCase(),
    flipCase(checksummed),
    "0x" + "0".repeat(40),
    "0x123",
    "d8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    "0x" + "g".repeat(40),
    "",
  ),
  fc
    .string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 40, maxLength: 40 })
    .map((h) => getAddress("0x" + h)),
  fc
    .string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 38, maxLength: 42 })
    .map((h) => "0x" + h),
  wrongTypes,
);
const chainIdArb = fc.oneof(
  fc.constantFrom(...liveChains, ...testChains, 5, 0, -1, 56),
  hugeNumbers,
  wrongTypes,
  fc.constant(undefined),
);

function isValidAddress(value: unknown): boolean {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  return value === value.toLowerCase() || getAddress(value) === value;
}

function expectedPositions(body: Record<string, unknown>): number {
  if (Object.keys(body).some((k) => k !== "address" && k !== "chainId")) return 400;
  if (!isValidAddress(body.address)) return 400;
  if (body.chainId === undefined || liveChains.includes(body.chainId as number)) return 503;
  if (testChains.includes(body.chainId as number)) return 403;
  return 400;
}

const keyNameArb = fc.oneof(
  fc.string({ minLength: 0, maxLength: 70 }),
  fc.constantFrom("   ", " a ", "x".repeat(64), ` ${"x".repeat(64)} `, "x".repeat(65)),
  wrongTypes,
  fc.constant(undefined),
);
const expiresAtArb = fc.oneof(
  fc.constant(undefined),
  fc
    .integer({ min: -400, max: 400 })
    .map((days) => new Date(Date.now() + days * 86_400_000 + 3_600_000 * Math.sign(days || 1)).toISOString()),
  fc.constantFrom(
    "2099-01-01T00:00:00+02:00",
    "2001-01-01T00:00:00Z",
    "2099-02-30T00:00:00Z",
    "tomorrow",
    "2099-13-01T00:00:00Z",
  ),
  wrongTypes.filter((v) => typeof v !== "string"),
);
const keyTypeArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("test", "live", "LIVE", "prod", ""),
  wrongTypes,
);

/**
 * NUL and the other C0 control characters are refused in any string; tab, CR and LF only inside
 * a one-line value (whitespace around it is its field's to trim), never in multi-line text.
 */
function refusesControl(value: string, multiline = false): boolean {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) return true;
  return !multiline && /[\t\n\r]/.test(value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ""));
}

function expectedCreateKey(body: Record<string, unknown>): number {
  if (Object.keys(body).some((k) => !["name", "expiresAt", "type"].includes(k))) return 400;
  const { name, expiresAt, type } = body;
  if (typeof name === "string" && refusesControl(name)) return 400;
  if (typeof name !== "string" || name.trim().length < 1 || name.trim().length > 64) return 400;
  if (type !== undefined && type !== "test" && type !== "live") return 400;
  if (expiresAt !== undefined && !(isIsoDateTime(expiresAt) && Date.parse(expiresAt) > Date.now()))
    return 400;
  return 201;
}

/** An ISO 8601 date-time with Z or an offset, and a real calendar date (no February 30th). */
function isIsoDateTime(value: unknown): value is string {
  const m =
    typeof value === "string" &&
    /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function expectedVerify(body: Record<string, unknown>): number[] {
  if (Object.keys(body).some((k) => k !== "message" && k !== "signature")) return [400];
  const { message, signature } = body;
  if (typeof message !== "string" || message.length < 1 || message.length > 4096) return [400];
  if (typeof signature !== "string" || !/^0x[0-9a-fA-F]+$/.test(signature) || signature.length > SIWE_SIGNATURE_MAX_LENGTH)
    return [400];
  return [400, 401];
}

// ---------------------------------------------------------------------------------------------------------
// Endpoints: every operation of the registry, sent as its worked example with a fuzzed query string

interface FuzzedEndpoint {
  label: string;
  method: string;
  /** A well-formed path (relative to /api/v1): the example's, with this deployment's ids. */
  path: () => string;
  /** The query parameters the endpoint's schema takes. */
  known: string[];
  endpoint: Endpoint;
  /** Its valid body, for endpoints that take one. */
  body?: () => Record<string, unknown>;
  key?: () => string;
}

let protocolId = "";
let instrumentId = "";
let liveKey = "";
let keyId = "";

const withRealIds = (value: string) =>
  value.split(exampleIds.instrumentId).join(instrumentId).split(exampleIds.protocolId).join(protocolId).split(exampleIds.keyId).join(keyId);

const endpoints: FuzzedEndpoint[] = apiEndpoints
  // An example a reader must complete first (a signed message) has no valid body to send.
  .filter((endpoint) => !JSON.stringify(endpoint.example.body ?? {}).includes("<"))
  .map((endpoint) => ({
    label: `${endpoint.method} ${endpoint.path}`,
    method: endpoint.method,
    path: () =>
      endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(withRealIds(endpoint.example.params![name]!))),
    known: Object.keys(endpoint.query?.shape ?? {}),
    endpoint,
    ...(endpoint.example.body && { body: () => endpoint.example.body! }),
    ...(endpoint.auth === "account" && { key: () => liveKey }),
  }));

/**
 * The statuses a fuzzed query may get: exactly 400 when the wrapper or the endpoint's query schema
 * refuses it (a repeated name, a control character, an unknown or malformed parameter); otherwise a
 * success, or an error the endpoint's own rules give (another environment's chain, an unknown id…).
 */
function statusesFor(e: FuzzedEndpoint, query: string): number[] {
  const pairs = [...new URL(`http://x?${query}`).searchParams].filter(([k]) => k !== "__proto__");
  const names = pairs.map(([k]) => k);
  if (new Set(names).size !== names.length) return [400];
  if (pairs.some(([k, v]) => /[\u0000-\u001f]/.test(k) || refusesControl(v))) return [400];
  if (!e.endpoint.query) return pairs.length > 0 ? [400] : successOrOwnErrors(e.endpoint);
  if (!e.endpoint.query.safeParse(Object.fromEntries(pairs)).success) return [400];
  return [400, ...successOrOwnErrors(e.endpoint)];
}

const successOrOwnErrors = (endpoint: Endpoint) => [
  ...Object.keys(endpoint.responses).map(Number),
  ...endpoint.errors.map((code) => errorCodes[code].status),
];

function call(endpoint: FuzzedEndpoint, query: string, init: ApiInit = {}) {
  const path = endpoint.path() + (query ? `?${query}` : "");
  return api(path, {
    method: endpoint.method,
    key: endpoint.key?.(),
    ...(endpoint.body && { json: endpoint.body() }),
    ...init,
  });
}

/** The query parameter names the server will see, parsed the standard (WHATWG) way from the URL fetch sends. */
// The keys the handler sees: Next.js drops __proto__ before any handler runs.
const queryKeys = (endpoint: FuzzedEndpoint, query: string) =>
  [...new URL(`http://x${endpoint.path()}?${query}`).searchParams.keys()].filter((k) => k !== "__proto__");

/** Signs in as a brand-new wallet and makes a live key for it, so that keys made while fuzzing belong to nobody else. */
async function freshLiveKey(): Promise<string> {
  const account = privateKeyToAccount(generatePrivateKey());
  const nonce = await api("/auth/nonce", { method: "POST" });
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: new URL(fixture().baseUrl).host,
    nonce: nonce.body.data.nonce,
    uri: fixture().baseUrl,
    version: "1",
    issuedAt: new Date(),
  });
  const verified = await api("/auth/verify", {
    json: { message, signature: await account.signMessage({ message }) },
    cookie: cookieSetBy(nonce, "yg_siwe"),
  });
  expect(verified.status).toBe(200);
  const cookie = /yg_session=[^;]+/.exec(verified.headers.get("set-cookie") ?? "")![0];
  const created = await api("/auth/keys", { cookie, json: { name: "fuzz", type: "live" } });
  expect(created.status).toBe(201);
  return created.body.data.key;
}

beforeAll(async () => {
  const [protocols, instruments] = await Promise.all([
    api("/protocols?chainId=1"),
    api("/instruments?chainId=1&limit=1"),
  ]);
  protocolId = protocols.body[0].id;
  instrumentId = instruments.body.data[0].instrumentId;
  liveKey = await freshLiveKey();
  // A key of that fresh account for the key endpoints' paths: rolling or revoking it touches nobody else.
  keyId = (await api("/auth/keys", { key: liveKey, json: { name: "fuzzed" } })).body.data.id;
});

// ---------------------------------------------------------------------------------------------------------

describe.concurrent("random query strings", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.label}: never a 5xx, always JSON, errors in the envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(encodedQuery(endpoint.known), rawQuery(endpoint.known)), async (query) => {
          const res = await call(endpoint, query);
          const code = expectWellFormed(res, statusesFor(endpoint, query), `${endpoint.method} ${endpoint.path()}?${query}`);
          // A parameter given twice is a 400 (unknown ones have their own property below).
          const keys = queryKeys(endpoint, query);
          if (new Set(keys).size !== keys.length) expect(code, `?${query}`).toBe("BAD_REQUEST");
        }),
        params,
      );
    });
  }

  for (const endpoint of endpoints) {
    it(`${endpoint.label}: an unknown query parameter is a 400 naming it`, async () => {
      await fc.assert(
        fc.asyncProperty(queryWithUnknownKey(endpoint.known), async ({ key, query }) => {
          const res = await call(endpoint, query);
          const error = expectError(res, 400, "BAD_REQUEST");
          const paths = (error.details.issues as { path: string }[]).map((i) => i.path);
          // A control character in any parameter is refused before the parameters are read: then
          // the 400 names that parameter instead.
          // (A name may hold no control character at all; it is named with the character escaped.)
          const refused = [...new URL(`http://x?${query}`).searchParams].flatMap(([k, v]) => [
            ...(/[\u0000-\u001f]/.test(k) ? [JSON.stringify(k).slice(1, -1)] : []),
            ...(refusesControl(v) ? [k] : []),
          ]);
          expect(paths, `?${query}`).toContain(refused[0] ?? key);
        }),
        { ...params, numRuns: Math.ceil(RUNS / 2) },
      );
    });
  }
});

describe("parameters named like Object.prototype members", () => {
  it.each(["/instruments", "/protocols", "/instruments/by-chain/1"])(
    "GET %s rejects constructor, toString and hasOwnProperty as unknown parameters",
    async (path) => {
      const names = ["constructor", "toString", "hasOwnProperty"];
      const responses = await Promise.all(names.map((name) => api(`${path}?${name}=1`)));
      responses.forEach((res, i) => {
        const error = expectError(res, 400, "BAD_REQUEST");
        expect((error.details.issues as { path: string }[]).map((issue) => issue.path)).toContain(names[i]);
      });
    },
  );

  // Next.js turns the query into an object before any handler runs, and a key named __proto__ does not
  // survive that: the handler never sees it. What a client can rely on is that it changes nothing.
  it.each(["/instruments?limit=3", "/protocols?chainId=1"])(
    "GET %s with __proto__ answers as without it",
    async (path) => {
      const [plain, withProto] = await Promise.all([api(path), api(`${path}&__proto__=1`)]);
      expect(withProto.status).toBe(200);
      expect(withProto.body).toEqual(plain.body);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Random path segments: malformed ids are 400, well-formed unknown ones 404, nothing is a 5xx.

describe.concurrent("random path segments", () => {
  // Each path parameter of each endpoint in turn, the others as in its example.
  const pathCases = endpoints.flatMap((e) =>
    Object.keys(e.endpoint.params?.shape ?? {}).map((name) => ({
      label: `${e.label}, random ${name}`,
      method: e.method,
      path: (seg: string) =>
        e.endpoint.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === name ? seg : encodeURIComponent(withRealIds(e.endpoint.example.params![n]!)))),
      // Malformed is 400, well-formed but unknown 404; a well-formed existing one answers as the endpoint does.
      statuses: [400, 404, ...successOrOwnErrors(e.endpoint)],
      body: e.body,
      key: e.key,
    })),
  );
  for (const c of pathCases) {
    it(`${c.label}: never a 5xx, always the envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(segment(["aave", "1", "8453", "11155111"]), async (seg) => {
          const res = await api(c.path(seg), { method: c.method, key: c.key?.(), ...(c.body && { json: c.body() }) });
          // A segment with a slash or an encoded one may route elsewhere: any documented 404 envelope is fine then.
          expectWellFormed(res, [...c.statuses, 404], `${c.method} ${c.path(seg)}`);
        }),
        params,
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// Random bodies: the exact status docs/api.md gives for each body, computed by the models above.

const junkField = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== "__proto__"),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 1 },
);

describe.concurrent("random JSON bodies", () => {
  it("POST /positions answers exactly as the spec says for each body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ address: addressArb, chainId: chainIdArb }, { requiredKeys: [] }),
        fc.boolean(),
        junkField,
        async (fields, addJunk, junk) => {
          const body = JSON.parse(JSON.stringify(addJunk ? { ...junk, ...fields } : fields)) as Record<
            string,
            unknown
          >;
          const res = await api("/positions", { json: body });
          const expected = expectedPositions(body);
          expect(res.status, JSON.stringify(body)).toBe(expected);
          expectWellFormed(res, [expected], `POST /positions ${JSON.stringify(body)}`);
        },
      ),
      params,
    );
  });

  it("POST /auth/keys answers exactly as the spec says for each body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: keyNameArb, expiresAt: expiresAtArb, type: keyTypeArb }, { requiredKeys: [] }),
        fc.boolean(),
        junkField,
        async (fields, addJunk, junk) => {
          const body = JSON.parse(JSON.stringify(addJunk ? { ...junk, ...fields } : fields)) as Record<
            string,
            unknown
          >;
          const res = await api("/auth/keys", { json: body, key: liveKey });
          const expected = expectedCreateKey(body);
          expect(res.status, JSON.stringify(body)).toBe(expected);
          if (expected !== 201) expectError(res, 400, "BAD_REQUEST");
        },
      ),
      params,
    );
  });

  it("POST /auth/verify refuses every body that is not a signed message of ours", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            message: fc.oneof(fc.string({ maxLength: 300 }), wrongTypes, fc.constant("x".repeat(5000))),
            signature: fc.oneof(
              fc
                .string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 140 })
                .map((h) => "0x" + h),
              fc.string({ maxLength: 20 }),
              wrongTypes,
            ),
          },
          { requiredKeys: [] },
        ),
        fc.boolean(),
        junkField,
        async (fields, addJunk, junk) => {
          const body = JSON.parse(JSON.stringify(addJunk ? { ...junk, ...fields } : fields)) as Record<
            string,
            unknown
          >;
          const res = await api("/auth/verify", { json: body });
          expect(expectedVerify(body), JSON.stringify(body)).toContain(res.status);
          expectWellFormed(res, expectedVerify(body), `POST /auth/verify ${JSON.stringify(body)}`);
        },
      ),
      params,
    );
  });

  it("every POST endpoint survives arbitrary JSON values as its body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/positions", "/auth/keys", "/auth/verify"),
        anyJson,
        async (path, value) => {
          const res = await api(path, {
            rawBody: JSON.stringify(value) ?? "null",
            headers: { "content-type": "application/json" },
            method: "POST",
            key: path === "/auth/keys" ? liveKey : undefined,
          });
          expectWellFormed(res, [400, 413], `POST ${path}`);
        },
      ),
      params,
    );
  });
});
