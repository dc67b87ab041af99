import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, http as httpTransport } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockRangeTuner, classifyGetLogsError, rangeLimitIn } from "./logs";

// eth_getLogs failures as viem surfaces them, from the answers real providers give: a local HTTP
// server plays the provider, so the errors pass through viem exactly as in production.

let server: http.Server;
let url: string;
let answer: { status: number; body: unknown; hangMs?: number } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const send = () => res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      if (answer.hangMs) setTimeout(send, answer.hangMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(status: number, body: unknown, hangMs?: number) {
  answer = { status, body, hangMs };
  const client = createPublicClient({ transport: httpTransport(url, { retryCount: 0, timeout: 300 }) });
  try {
    await client.request({ method: "eth_getLogs", params: [{ fromBlock: "0x0", toBlock: "0x4e20" }] });
  } catch (err) {
    return classifyGetLogsError(err);
  }
  throw new Error("the request did not fail");
}
const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", id: 0, error: { code, message } });

describe("classifyGetLogsError", () => {
  it("recognises providers' range refusals and takes their suggested span", async () => {
    expect(
      await failureOf(
        200,
        rpcError(
          -32602,
          "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x0, 0x7cf]",
        ),
      ),
    ).toEqual({ kind: "range", limit: 2_000 });
    expect(await failureOf(200, rpcError(-32005, "query returned more than 10000 results. Try with this block range [0x10, 0x3f7]."))).toEqual({
      kind: "range",
      limit: 1_000,
    });
    expect(await failureOf(200, rpcError(-32614, "eth_getLogs is limited to a 10,000 range"))).toEqual({ kind: "range", limit: 10_000 });
    expect(await failureOf(200, rpcError(-32000, "exceed maximum block range: 50000"))).toEqual({ kind: "range", limit: 50_000 });
    expect(await failureOf(200, rpcError(-32602, "query exceeds max block range 100000"))).toEqual({ kind: "range", limit: 100_000 });
    expect(await failureOf(200, rpcError(-32000, "block range too large"))).toEqual({ kind: "range", limit: undefined });
    expect(await failureOf(200, rpcError(-32005, "Limit exceeded"))).toEqual({ kind: "range", limit: undefined });
    expect(await failureOf(413, { error: "Payload Too Large" })).toEqual({ kind: "range", limit: undefined });
  });

  it("tells rate limits, timeouts and other failures apart", async () => {
    expect(await failureOf(429, { error: "Too Many Requests" })).toEqual({ kind: "rate-limited" });
    expect(await failureOf(200, rpcError(-32005, "project ID request rate exceeded"))).toEqual({ kind: "rate-limited" });
    expect(await failureOf(200, rpcError(-32007, "10/second request limit reached - reduce calls per second or upgrade your account at quicknode.com"))).toEqual({
      kind: "rate-limited",
    });
    expect(await failureOf(200, rpcError(429, "Your app has exceeded its compute units per second capacity"))).toEqual({ kind: "rate-limited" });
    expect(await failureOf(200, {}, 2_000)).toEqual({ kind: "timeout" });
    expect(await failureOf(504, { error: "Gateway Timeout" })).toEqual({ kind: "timeout" });
    expect(await failureOf(502, { error: "Bad Gateway" })).toEqual({ kind: "other" });
    expect(await failureOf(200, rpcError(-32601, "the method eth_getLogs does not exist/is not available"))).toEqual({ kind: "other" });
  });
});

describe("rangeLimitIn", () => {
  it("reads the spans providers state", () => {
    expect(rangeLimitIn("ranges over 10000 blocks are not supported on freetier")).toBe(10_000);
    expect(rangeLimitIn("eth_getLogs range is too large, max is 1k blocks")).toBe(1_000);
    expect(rangeLimitIn("Block range limit exceeded. Max range 100")).toBe(100);
    expect(rangeLimitIn("query returned more than 10000 results")).toBeUndefined();
  });
});

describe("BlockRangeTuner", () => {
  /** Drives a tuner against a provider that takes at most `limit` blocks; returns the spans tried. */
  const drive = (tuner: BlockRangeTuner, limit: number, queries: number, hint?: number) => {
    const spans: number[] = [];
    for (let i = 0; i < queries; i++) {
      const span = tuner.size;
      spans.push(span);
      if (span > limit) tuner.refused(span, hint);
      else tuner.succeeded(span);
    }
    return spans;
  };

  it("grows after successes and settles just under a provider's limit", () => {
    const spans = drive(new BlockRangeTuner(1_000, { min: 1, max: 1_000_000 }), 2_000, 30);
    expect(spans.slice(0, 2)).toEqual([1_000, 2_000]);
    const tail = spans.slice(-10);
    for (const span of tail) expect(span).toBeLessThanOrEqual(2_000);
    expect(Math.min(...tail)).toBeGreaterThanOrEqual(1_950);
    // Refusals stop once it has settled.
    expect(spans.slice(-10).filter((s) => s > 2_000)).toEqual([]);
  });

  it("takes the provider's own figure at once", () => {
    const tuner = new BlockRangeTuner(10_000);
    tuner.refused(10_000, 2_000);
    expect(tuner.size).toBe(2_000);
    tuner.succeeded(2_000);
    expect(tuner.size).toBe(2_000);
  });

  it("halves without a figure, and a short query (at the head) changes nothing", () => {
    const tuner = new BlockRangeTuner(8_000);
    tuner.refused(8_000);
    expect(tuner.size).toBe(4_000);
    tuner.succeeded(120);
    expect(tuner.size).toBe(4_000);
    expect(tuner.exhausted(1)).toBe(true);
  });

  it("probes above an old ceiling again after a long run of successes", () => {
    const tuner = new BlockRangeTuner(4_000);
    tuner.refused(4_000);
    for (let i = 0; i < BlockRangeTuner.RELAX_AFTER; i++) tuner.succeeded(tuner.size);
    expect(tuner.size).toBeGreaterThan(4_000);
  });
});
