import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_BATCH_BYTES, createChainClient } from "./client";

// A chain client on the public-RPC profile against a local HTTP server that plays a public RPC
// with limits: the client must honour its 429s and Retry-After, split batches it refuses, and keep
// at most two requests in flight.

interface Seen {
  at: number;
  size: number;
  bytes: number;
}
let server: http.Server;
let url: string;
let seen: Seen[];
let inFlight = 0;
let maxInFlight = 0;
let behaviour: { maxBatch?: number; maxBodyBytes?: number; batchRefusal?: "drpc" | "413"; rateLimit?: { times: number; retryAfter?: string; inBody?: boolean }; delayMs?: number };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const parsed = JSON.parse(body.toString()) as { id: number; method: string } | { id: number; method: string }[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      seen.push({ at: Date.now(), size: calls.length, bytes: body.length });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, behaviour.delayMs ?? 0));
      inFlight--;
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      const limit = behaviour.rateLimit;
      if (limit && limit.times > 0) {
        limit.times--;
        if (limit.inBody) return json(200, calls.map((c) => ({ jsonrpc: "2.0", id: c.id, error: { code: 429, message: "Your app has exceeded its compute units per second capacity" } })));
        return json(429, { error: "Too Many Requests" }, limit.retryAfter ? { "retry-after": limit.retryAfter } : {});
      }
      // As Anvil refuses a body over its 2 MB limit: one error, no id, no word of a batch.
      if (behaviour.maxBodyBytes !== undefined && body.length > behaviour.maxBodyBytes)
        return json(200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } });
      if (behaviour.maxBatch !== undefined && calls.length > behaviour.maxBatch) {
        if (behaviour.batchRefusal === "413") return json(413, { error: "request entity too large" });
        return json(200, calls.map((c) => ({ jsonrpc: "2.0", id: c.id, error: { code: 29, message: `Batch of more than ${behaviour.maxBatch} requests are not allowed on free tier` } })));
      }
      const answers = calls.map((c) => ({ jsonrpc: "2.0", id: c.id, result: `0x${(1000 + c.id).toString(16)}` }));
      json(200, Array.isArray(parsed) ? answers : answers[0]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  maxInFlight = 0;
  behaviour = {};
});

const publicClient = (timeoutMs = 4_000) => createChainClient(1, url, { profile: "public", retries: 2, timeoutMs });
/** `n` calls in one tick: viem batches them. Each answer carries its own call's id. */
const calls = (client: ReturnType<typeof publicClient>, n: number) =>
  Promise.all(Array.from({ length: n }, () => client.request({ method: "eth_blockNumber" })));

describe("a public RPC's batch-size limit", () => {
  it("splits a refused batch, remembers the size, and answers every call", async () => {
    behaviour = { maxBatch: 3 };
    const client = publicClient();
    const first = await calls(client, 10);
    expect(first).toHaveLength(10);
    expect(new Set(first).size).toBe(10); // each call got its own answer
    expect(seen[0]!.size).toBe(10);
    expect(seen.slice(1).some((s) => s.size > 3 && s.size < 10)).toBe(true); // halved, refused again
    seen = [];
    await calls(client, 10);
    // Learned: later batches go out small enough at once, none refused.
    expect(Math.max(...seen.map((s) => s.size))).toBeLessThanOrEqual(3);
    expect(seen.reduce((n, s) => n + s.size, 0)).toBe(10);
  });

  it("takes HTTP 413 as a refused batch too", async () => {
    behaviour = { maxBatch: 4, batchRefusal: "413" };
    const answers = await calls(publicClient(), 8);
    expect(answers).toHaveLength(8);
    expect(seen.map((s) => s.size)).toEqual([8, 4, 4]);
  });

  it("splits a batch whose body is over MAX_BATCH_BYTES before it leaves, and answers every call", async () => {
    behaviour = { maxBodyBytes: 2 * MAX_BATCH_BYTES };
    const client = createChainClient(1, url, { profile: "private", retries: 0 });
    const data = `0x${"ab".repeat(MAX_BATCH_BYTES / 5)}`; // 0.4 MB of calldata per call
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.request({ method: "eth_call", params: [{ data }, "latest"] } as never)));
    expect(new Set(answers).size).toBe(6);
    expect(seen.reduce((n, s) => n + s.size, 0)).toBe(6); // none refused, none sent twice
    expect(seen.length).toBeGreaterThan(1);
    expect(Math.max(...seen.map((s) => s.bytes))).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  });

  it("keeps at most two requests in flight", async () => {
    behaviour = { delayMs: 100 };
    const client = publicClient();
    await calls(client, 60); // six batches of ten
    expect(seen).toHaveLength(6);
    expect(maxInFlight).toBe(2);
  });
});

describe("a public RPC's 429s", () => {
  it("waits the Retry-After before asking again, then answers", async () => {
    behaviour = { rateLimit: { times: 1, retryAfter: "1" } };
    const [answer] = await calls(publicClient(), 1);
    expect(answer).toMatch(/^0x/);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("backs off on a 429 without Retry-After, and on a JSON-RPC 429 inside a 200", async () => {
    behaviour = { rateLimit: { times: 1, inBody: true } };
    const answers = await calls(publicClient(), 3);
    expect(answers).toHaveLength(3);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("fails at once when the pause asked for is longer than it may wait, and holds back until it ends", async () => {
    behaviour = { rateLimit: { times: 1, retryAfter: "120" } };
    const client = publicClient(2_000);
    const started = Date.now();
    await expect(calls(client, 1)).rejects.toThrow(/429|rate limited/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    // viem's retries and later calls stay within this client during the pause: only the first reached the server.
    await expect(calls(client, 1)).rejects.toThrow(/rate limited/i);
    expect(seen).toHaveLength(1);
  });
});
