import { describe, expect, it } from "vitest";
import { api, chunkedPost, expectError, fixture, type ApiResponse } from "../support/api";

// POST /positions: validation, environments, default chain, and the 503 a deployment
// without an RPC endpoint, or whose RPC is down, must give instead of zero balances. The test
// server reads chain 31337 from a local chain (positions-chain.test.ts), Base Sepolia's RPC is down
// and no other chain has an RPC URL.

const CHECKSUMMED = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const LOWER = CHECKSUMMED.toLowerCase();
// One letter's case flipped: still 0x + 40 hex digits, but the EIP-55 checksum fails.
const BAD_CHECKSUM = "0xd8Da6BF26964aF9D7eEd9e03E53415D37aA96045";
const MAX_BODY = 16 * 1024;

const keys = () => fixture().keys;

type Caller = "anonymous" | "live" | "test";
const keyOf = (caller: Caller) =>
  caller === "anonymous" ? undefined : caller === "live" ? keys().A.live.key : keys().A.test.key;

const positions = (json: unknown, caller: Caller = "anonymous") =>
  api("/positions", { json, key: keyOf(caller) });

function expectIssueAt(res: ApiResponse, path: string) {
  const error = expectError(res, 400, "BAD_REQUEST");
  const issues = error.details.issues as { path: string; message: string }[];
  expect(Array.isArray(issues)).toBe(true);
  expect(issues.map((i) => i.path)).toContain(path);
  for (const issue of issues) expect(issue.message.length).toBeGreaterThan(0);
  return error;
}

/** 503 UPSTREAM_UNAVAILABLE naming the chain that could not be read, and no balances. */
function expectUpstreamUnavailable(res: ApiResponse, chainId: number) {
  const error = expectError(res, 503, "UPSTREAM_UNAVAILABLE");
  const mentioned = error.details.chainId === chainId || new RegExp(`\\b${chainId}\\b`).test(error.message);
  expect(mentioned, `the error names chain ${chainId}: ${res.text}`).toBe(true);
  expect(res.text).not.toMatch(/usdcBalance|balanceRaw|"positions"/);
  return error;
}


describe("POST /positions validates the address", () => {
  const invalid: [string, unknown][] = [
    ["missing", {}],
    ["too short", { address: "0x123" }],
    ["not hex", { address: "0x" + "g".repeat(40) }],
    ["without 0x", { address: CHECKSUMMED.slice(2) }],
    ["41 hex digits", { address: LOWER + "0" }],
    ["an ENS name", { address: "vitalik.eth" }],
    ["mixed case failing the EIP-55 checksum", { address: BAD_CHECKSUM }],
    ["a number", { address: 1234 }],
    ["null", { address: null }],
    ["empty", { address: "" }],
    ["padded with spaces", { address: ` ${CHECKSUMMED} ` }],
  ];
  it.each(invalid)("400 for an address that is %s", async (_label, body) => {
    expectIssueAt(await positions(body), "address");
  });

  it("accepts an all-lowercase address", async () => {
    expectUpstreamUnavailable(await positions({ address: LOWER }), 1);
  });

  it("accepts a correctly checksummed address", async () => {
    expectUpstreamUnavailable(await positions({ address: CHECKSUMMED }), 1);
  });

  it("accepts an address whose hex digits are all upper case (not mixed case, so no checksum)", async () => {
    expectUpstreamUnavailable(await positions({ address: "0x" + CHECKSUMMED.slice(2).toUpperCase() }), 1);
  });
});

describe("POST /positions validates the rest of the body", () => {
  it("400 for unknown body fields, at their path", async () => {
    expectIssueAt(await positions({ address: LOWER, wallet: LOWER }), "wallet");
    expectIssueAt(await positions({ address: LOWER, chainId: 1, includeZero: true }), "includeZero");
  });

  const badChains: [string, unknown][] = [
    ["a string", "1"],
    ["a fraction", 1.5],
    ["negative", -1],
    ["zero", 0],
    ["null", null],
    ["a boolean", true],
    ["an unsupported chain", 5],
    ["an unknown chain", 999_999],
  ];
  it.each(badChains)("400 for a chainId that is %s", async (_label, chainId) => {
    expectIssueAt(await positions({ address: LOWER, chainId }), "chainId");
  });

  const bodies: [string, string][] = [
    ["malformed JSON", `{"address":"${LOWER}"`],
    ["an array", `[{"address":"${LOWER}"}]`],
    ["a string", JSON.stringify(LOWER)],
    ["null", "null"],
    ["empty", ""],
  ];
  it.each(bodies)("400 for a body that is %s", async (_label, raw) => {
    expectError(
      await api("/positions", { rawBody: raw, headers: { "content-type": "application/json" } }),
      400,
      "BAD_REQUEST",
    );
  });
});

describe("POST /positions keeps environments apart", () => {
  const forbidden: [Caller, number][] = [
    ["anonymous", 11155111],
    ["anonymous", 84532],
    ["anonymous", 31337],
    ["live", 11155111],
    ["live", 84532],
    ["test", 1],
    ["test", 8453],
  ];
  it.each(forbidden)("403 for a %s caller asking chain %i", async (caller, chainId) => {
    expectError(await positions({ address: LOWER, chainId }, caller), 403, "FORBIDDEN");
  });
});

describe("POST /positions without an RPC endpoint, or with one that is down", () => {
  const defaults: [Caller, number][] = [
    ["anonymous", 1],
    ["live", 1],
    ["test", 11155111],
  ];
  it.each(defaults)(
    "503 for a %s caller's default chain %i, never zero balances",
    async (caller, chainId) => {
      expectUpstreamUnavailable(await positions({ address: CHECKSUMMED }, caller), chainId);
      // Asked again: still unavailable, nothing was cached as if it were a zero balance.
      expectUpstreamUnavailable(await positions({ address: CHECKSUMMED }, caller), chainId);
    },
  );

  const explicit: [Caller, number][] = [
    ["anonymous", 8453],
    ["live", 42161],
    ["live", 137],
    ["test", 84532],
    ["test", 11155111],
  ];
  it.each(explicit)("503 for a %s caller asking chain %i", async (caller, chainId) => {
    expectUpstreamUnavailable(await positions({ address: LOWER, chainId }, caller), chainId);
  });

  it("a valid request still carries the rate-limit headers", async () => {
    const res = await positions({ address: LOWER });
    expectUpstreamUnavailable(res, 1);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });
});

describe("POST /positions checks media type, then size, then content", () => {
  const valid = JSON.stringify({ address: LOWER });
  const big = JSON.stringify({ address: LOWER, pad: "x".repeat(MAX_BODY) });

  it("415 for a body that is not JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "text/html"]) {
      expectError(
        await api("/positions", { rawBody: valid, headers: { "content-type": type } }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
    }
  });

  it("accepts application/json with a charset", async () => {
    const res = await api("/positions", {
      rawBody: valid,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expectUpstreamUnavailable(res, 1);
  });

  it("413 for a body over 16 KiB", async () => {
    expectError(
      await api("/positions", { rawBody: big, headers: { "content-type": "application/json" } }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("413 for an oversized body sent chunked, without Content-Length", async () => {
    expectError(
      await chunkedPost("/positions", { "content-type": "application/json" }, `{"address":"${LOWER}","pad":"`, 20 * 1024),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("415 before 413, 413 before 400", async () => {
    expectError(
      await api("/positions", { rawBody: big, headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(
      await api("/positions", {
        rawBody: "{" + "x".repeat(MAX_BODY + 1),
        headers: { "content-type": "application/json" },
      }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    // 415 also before the 400 for an invalid address.
    expectError(
      await api("/positions", { rawBody: '{"address":"0x123"}', headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  it("an invalid key is 401 whatever the body", async () => {
    expectError(
      await api("/positions", { key: keys().A.revoked.key, json: { address: LOWER } }),
      401,
      "INVALID_API_KEY",
    );
  });
});
