import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, http as httpTransport, numberToHex, type Hex, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockRangeTuner, classifyGetLogsError, rangeLimitIn, scanLogs, scanLogsBackward } from "./logs";

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

describe("scanning logs", () => {
  type Query = { addresses: string[]; fromBlock: number; toBlock: number };
  /** A provider that answers every query over at most `limit` blocks (one log per source and query), and refuses larger ones as Alchemy does. */
  const provider = (limit = Infinity) => {
    const queries: Query[] = [];
    const client = {
      request: async ({ params }: { method: string; params: [{ address: Hex[]; fromBlock: Hex; toBlock: Hex }] }) => {
        const [{ address, fromBlock, toBlock }] = params;
        const query = { addresses: address.map((a) => a.slice(0, 4)), fromBlock: Number(fromBlock), toBlock: Number(toBlock) };
        queries.push(query);
        if (query.toBlock - query.fromBlock + 1 > limit)
          throw Object.assign(new Error(`Log response size exceeded. this block range should work: [${fromBlock}, ${numberToHex(query.fromBlock + limit - 1)}]`), { code: -32602 });
        return address.map((a) => ({ address: a }));
      },
    } as unknown as PublicClient;
    return { client, queries };
  };
  const fixed = (span: number) => new BlockRangeTuner(span, { min: 1, max: span });
  const budget = (maxRequests = 100) => ({ maxRequests, deadline: Date.now() + 60_000 });
  const [a, b, c] = ["0xa0", "0xb0", "0xc0"].map((p) => `${p}${"0".repeat(38)}` as Hex) as [Hex, Hex, Hex];
  const short = (q: Query) => [q.addresses.join("+"), q.fromBlock, q.toBlock];

  it("forward: sources at one block share a query, and one behind is read alone until it joins", async () => {
    const { client, queries } = provider();
    const chunks: Query[] = [];
    const outcome = await scanLogs({
      client,
      sources: [{ address: a, nextBlock: 100n }, { address: b, nextBlock: 250n }, { address: c, nextBlock: 250n }],
      topic0: [],
      toBlock: 499n,
      tuner: fixed(100),
      budget: budget(),
      onChunk: async ({ addresses, fromBlock, toBlock }) => void chunks.push({ addresses, fromBlock: Number(fromBlock), toBlock: Number(toBlock) }),
    });
    expect(outcome).toEqual({ complete: true, requests: 5, refusals: 0, error: null });
    expect(queries.map(short)).toEqual([["0xa0", 100, 199], ["0xa0", 200, 249], ["0xa0+0xb0+0xc0", 250, 349], ["0xa0+0xb0+0xc0", 350, 449], ["0xa0+0xb0+0xc0", 450, 499]]);
    expect(chunks).toHaveLength(5);
  });

  it("backward: newest block first, one query for the sources at the same block, each stopping at its own oldest block", async () => {
    const { client, queries } = provider();
    const outcome = await scanLogsBackward({
      client,
      // Three factories deployed at blocks 0, 420 and 700, their past read from block 999 down.
      sources: [{ address: a, nextBlock: 999n, lastBlock: 0n }, { address: b, nextBlock: 999n, lastBlock: 420n }, { address: c, nextBlock: 999n, lastBlock: 700n }],
      topic0: [],
      tuner: fixed(200),
      budget: budget(),
      onChunk: async () => undefined,
    });
    expect(outcome).toEqual({ complete: true, requests: 7, refusals: 0, error: null });
    expect(queries.map(short)).toEqual([
      ["0xa0+0xb0+0xc0", 800, 999],
      ["0xa0+0xb0+0xc0", 700, 799],
      ["0xa0+0xb0", 500, 699],
      ["0xa0+0xb0", 420, 499],
      ["0xa0", 220, 419],
      ["0xa0", 20, 219],
      ["0xa0", 0, 19],
    ]);
  });

  it("backward: a source further down is read once the newer ones reach its block, never above it", async () => {
    const { client, queries } = provider();
    const read: Record<string, [number, number][]> = {};
    await scanLogsBackward({
      client,
      sources: [{ address: a, nextBlock: 300n, lastBlock: 0n }, { address: b, nextBlock: 999n, lastBlock: 0n }],
      topic0: [],
      tuner: fixed(500),
      budget: budget(),
      onChunk: async ({ addresses, fromBlock, toBlock }) => {
        for (const address of addresses) (read[address.slice(0, 4)] ??= []).push([Number(fromBlock), Number(toBlock)]);
      },
    });
    expect(queries.map(short)).toEqual([["0xb0", 500, 999], ["0xb0", 301, 499], ["0xa0+0xb0", 0, 300]]);
    expect(read).toEqual({ "0xb0": [[500, 999], [301, 499], [0, 300]], "0xa0": [[0, 300]] });
  });

  it("backward: within its budget, through a provider's refusals, and resumes from what it stored", async () => {
    const { client, queries } = provider(2_000);
    let stored = 99_999n;
    const scan = (maxRequests: number) =>
      scanLogsBackward({
        client,
        sources: [{ address: a, nextBlock: stored, lastBlock: 80_000n }],
        topic0: [],
        tuner: new BlockRangeTuner(10_000),
        budget: budget(maxRequests),
        onChunk: async ({ fromBlock }) => void (stored = fromBlock - 1n),
      });
    expect(await scan(4)).toEqual({ complete: false, requests: 4, refusals: 1, error: null });
    expect(queries.map(short)).toEqual([["0xa0", 90_000, 99_999], ["0xa0", 98_000, 99_999], ["0xa0", 96_000, 97_999], ["0xa0", 94_000, 95_999]]);
    expect(stored).toBe(93_999n);
    expect(await scan(100)).toMatchObject({ complete: true, error: null });
    const answered = queries.slice(4).filter((q) => q.toBlock - q.fromBlock < 2_000);
    expect(answered[0]).toMatchObject({ toBlock: 93_999 });
    expect(answered.at(-1)).toMatchObject({ fromBlock: 80_000 });
    for (let i = 1; i < answered.length; i++) expect(answered[i]!.toBlock).toBe(answered[i - 1]!.fromBlock - 1);
  });
});
