import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHostileRpc, type HostileRpc, type RpcFault } from "@/devnet/hostile-rpc";
import { answerJson, serveRpcProxy, type RpcProxyServer } from "@/devnet/rpc-proxy";
import { checkAnswer, RpcAnswerError } from "./checked-fetch";
import { createChainClient, rpcEndpointStatusOf } from "./client";
import { describeRpcError, redactUrls } from "./rpc-errors";

// The chain client against endpoints that misbehave (devnet/hostile-rpc.ts in front of a small node
// of its own): every fault becomes an error of the request within its timeout, with a reason /health
// can show, and a list of endpoints answers through the one that works.

const TIMEOUT_MS = 600;
let node: RpcProxyServer;
let hostile: HostileRpc;
let otherChain: RpcProxyServer;
let blockNumber = 100;

/** A node of chain `chainId` that knows two methods; the rest get JSON-RPC's "method not found". */
function fakeNode(chainId: number) {
  return serveRpcProxy((body, res) => {
    const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
    const answer = (c: { id: number; method: string }) =>
      c.method === "eth_chainId"
        ? { jsonrpc: "2.0", id: c.id, result: `0x${chainId.toString(16)}` }
        : c.method === "eth_blockNumber"
          ? { jsonrpc: "2.0", id: c.id, result: `0x${blockNumber.toString(16)}` }
          : { jsonrpc: "2.0", id: c.id, error: { code: -32601, message: "method not found" } };
    answerJson(res, 200, Array.isArray(parsed) ? parsed.map(answer) : answer(parsed));
  });
}

beforeAll(async () => {
  node = await fakeNode(1);
  otherChain = await fakeNode(8453);
  hostile = await startHostileRpc(node.url);
});
afterAll(async () => {
  await hostile?.close();
  await node?.close();
  await otherChain?.close();
});
beforeEach(() => {
  hostile.clear();
  hostile.dripMs = 100;
});

const client = (urls: string | string[]) =>
  createChainClient(1, typeof urls === "string" ? urls : urls.map((url) => ({ url, source: "configured" as const })), { retries: 0, timeoutMs: TIMEOUT_MS });

async function failureOf(promise: Promise<unknown>): Promise<{ reason: string; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error, "the request should have failed").not.toBeNull();
  return { reason: describeRpcError(error), ms: Date.now() - started };
}

describe("a fault of the RPC is an error of the request, within its timeout", () => {
  const cases: [RpcFault, RegExp][] = [
    ["hang", /^the request took too long to respond/],
    ["headers-then-hang", /^the request took too long to respond/],
    ["drip", /^the request took too long to respond/],
    ["truncated", /^the RPC's answer was cut off: terminated/],
    ["malformed", /^the RPC's answer is not JSON \(.+\): "\[\{"jsonrpc":"2.0"/],
    ["http-500", /^HTTP 500: "Internal Server Error"$/],
    ["rpc-error", /^JSON-RPC error -32000: missing trie node$/],
    ["wrong-id", /^the RPC's answer has the id 1000\d+, which is no call's it was sent \(id \d+\)$/],
    ["missing-result", /^the RPC's answer to eth_blockNumber \(id \d+\) has neither a result nor an error$/],
  ];

  it.each(cases)("%s", async (fault, reason) => {
    hostile.inject("eth_blockNumber", fault);
    const rpc = client(hostile.url);
    const failure = await failureOf(rpc.getBlockNumber({ cacheTime: 0 }));
    expect(failure.reason).toMatch(reason);
    expect(failure.ms).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(rpcEndpointStatusOf(rpc)).toEqual([
      { name: hostile.url, source: "configured", rank: 1, lastError: failure.reason, lastErrorAt: expect.any(String) },
    ]);
    // Switched off, the same client answers again.
    hostile.clear();
    expect(await rpc.getBlockNumber({ cacheTime: 0 })).toBe(BigInt(blockNumber));
  });

  it("a batch with one call answered under another id fails as a whole: no call gets another's answer", async () => {
    hostile.inject("eth_chainId", "wrong-id");
    const rpc = client(hostile.url);
    const answers = await Promise.allSettled([rpc.request({ method: "eth_blockNumber" }), rpc.request({ method: "eth_chainId" })]);
    expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("an answer checked against its request", () => {
  const single = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "eth_call" });
  const batch = JSON.stringify([
    { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
    { jsonrpc: "2.0", id: 2, method: "eth_blockNumber" },
  ]);

  it.each([
    ["a result", single, { jsonrpc: "2.0", id: 7, result: "0x" }],
    ["a null result", single, { jsonrpc: "2.0", id: 7, result: null }],
    ["an error", single, { jsonrpc: "2.0", id: 7, error: { code: 3, message: "execution reverted" } }],
    ["an error for the whole request", single, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }],
    ["a batch in another order", batch, [{ jsonrpc: "2.0", id: 2, result: "0x1" }, { jsonrpc: "2.0", id: 1, result: "0x1" }]],
    ["a batch refused as a whole (geth)", batch, [{ jsonrpc: "2.0", id: null, error: { code: -32600, message: "batch too large" } }]],
  ])("passes %s", (_label, body, answer) => {
    expect(() => checkAnswer(body, JSON.stringify(answer))).not.toThrow();
  });

  it.each([
    ["another id", single, { jsonrpc: "2.0", id: 8, result: "0x" }, /id 8, which is no call's/],
    ["no result and no error", single, { jsonrpc: "2.0", id: 7 }, /neither a result nor an error/],
    ["both a result and an error", single, { jsonrpc: "2.0", id: 7, result: "0x", error: { code: 1, message: "x" } }, /both/],
    ["a malformed error", single, { jsonrpc: "2.0", id: 7, error: "boom" }, /malformed error/],
    ["a batch to a single call", single, [{ jsonrpc: "2.0", id: 7, result: "0x" }], /a batch to a single call/],
    ["a call answered twice", batch, [{ jsonrpc: "2.0", id: 1, result: "0x1" }, { jsonrpc: "2.0", id: 1, result: "0x1" }], /id 1, which is no call's/],
    ["a call left unanswered", batch, [{ jsonrpc: "2.0", id: 1, result: "0x1" }], /leaves 1 of 2 calls unanswered \(ids 2\)/],
    ["a number instead of answers", batch, [1, 2], /holds "1", not an answer object/],
  ])("refuses %s", (_label, body, answer, reason) => {
    expect(() => checkAnswer(body, JSON.stringify(answer))).toThrow(RpcAnswerError);
    expect(() => checkAnswer(body, JSON.stringify(answer))).toThrow(reason);
  });

  it("refuses a body that is not JSON, quoting its start", () => {
    expect(() => checkAnswer(single, "<html>502 Bad Gateway</html>")).toThrow(/^the RPC's answer is not JSON \(.*\): "<html>502 Bad Gateway<\/html>"$/);
  });
});

describe("several RPCs", () => {
  it("a request goes on to the next when one fails, and the one that fails is ranked after", async () => {
    hostile.inject("*", "http-500");
    const rpc = client([hostile.url, node.url]);
    expect(await rpc.getBlockNumber({ cacheTime: 0 })).toBe(BigInt(blockNumber));
    expect(rpcEndpointStatusOf(rpc)).toEqual([
      { name: hostile.url, source: "configured", rank: 2, lastError: 'HTTP 500: "Internal Server Error"', lastErrorAt: expect.any(String) },
      { name: node.url, source: "configured", rank: 1, lastError: null, lastErrorAt: null },
    ]);
    // Ranked after, the failing one is no longer asked first.
    const seen = hostile.requests;
    await rpc.getBlockNumber({ cacheTime: 0 });
    expect(hostile.requests).toBe(seen);
  });

  it("an RPC of another chain in the list is never read: its requests fail, the others answer", async () => {
    blockNumber = 200;
    const rpc = client([otherChain.url, node.url]);
    expect(await rpc.getBlockNumber({ cacheTime: 0 })).toBe(200n);
    // Asked for the chain id itself, the list answers with the chain's own.
    expect(await client([otherChain.url, node.url]).request({ method: "eth_chainId" })).toBe("0x1");
    const [other, good] = rpcEndpointStatusOf(rpc);
    expect(other).toMatchObject({ rank: 2, lastError: "the RPC answers for chain 8453, not chain 1" });
    expect(good).toMatchObject({ rank: 1, lastError: null });
  });

  it("every RPC failing fails the request with the last one's reason, in bounded time", async () => {
    hostile.inject("*", "hang");
    const rpc = client([hostile.url, `${hostile.url}/second`]);
    const failure = await failureOf(rpc.getBlockNumber({ cacheTime: 0 }));
    expect(failure.reason).toMatch(/took too long/);
    expect(failure.ms).toBeLessThan(2 * TIMEOUT_MS + 1_500);
  });

  it("shows an RPC by scheme and host only: a key in its path or query never appears", async () => {
    hostile.inject("*", "http-500");
    const keyed = `${hostile.url}/v2/SECRETKEY?apikey=SECRETKEY`;
    const rpc = client([keyed, node.url]);
    await rpc.getBlockNumber({ cacheTime: 0 });
    const status = JSON.stringify(rpcEndpointStatusOf(rpc));
    expect(status).not.toMatch(/SECRETKEY/);
    expect(rpcEndpointStatusOf(rpc)[0]!.name).toBe(hostile.url);
    expect(redactUrls(`failed at ${keyed} and https://user:pw@rpc.example:8545/x?key=1`)).toBe(`failed at ${hostile.url} and https://rpc.example:8545`);
  });
});
