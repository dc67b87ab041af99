/**
 * A JSON-RPC proxy in front of a local node that misbehaves on purpose, as real endpoints do now and
 * then, to show that a sync never publishes what such an answer says and never waits for one forever.
 * Faults are set per JSON-RPC method ("*": every method) and can be switched while it runs; a seeded
 * random mix gives each HTTP request a fault drawn from a list, at a given rate, reproducibly.
 *
 * Faults of the whole HTTP exchange (when any call of the request has one):
 * - "hang": the request is accepted and never answered;
 * - "headers-then-hang": a 200 and its headers, then nothing;
 * - "drip": the node's answer, one byte every `dripMs`;
 * - "truncated": half of the node's answer, then the connection closes (the length promised more);
 * - "malformed": half of the node's answer as a complete 200 (a JSON body that ends mid-way);
 * - "http-500": HTTP 500 with a plain-text body.
 * Faults of one call's answer (the other calls of a batch are answered as the node says):
 * - "wrong-id": the answer carries an id no call has;
 * - "missing-result": the answer has neither `result` nor `error`;
 * - "rpc-error": a JSON-RPC error object instead of the result;
 * - "wrong-chain": eth_chainId answers another chain's id (`wrongChainId`);
 * - "lagging-head": eth_blockNumber and eth_getBlockByNumber("latest") answer the block `lagBlocks`
 *   below the node's head, as a node behind a load balancer that has fallen behind.
 */
import type http from "node:http";
import { postJsonRpc } from "./json-rpc";
import { answerJson, serveRpcProxy } from "./rpc-proxy";
// The random mix is seeded, so it is the same on every run.
import { seededRandom } from "@/lib/machinery/catalog/demo-metrics";

export const exchangeFaults = ["hang", "headers-then-hang", "drip", "truncated", "malformed", "http-500"] as const;
export const callFaults = ["wrong-id", "missing-result", "rpc-error", "wrong-chain", "lagging-head"] as const;
export const rpcFaults = [...exchangeFaults, ...callFaults] as const;
export type RpcFault = (typeof rpcFaults)[number];
type ExchangeFault = (typeof exchangeFaults)[number];
type CallFault = (typeof callFaults)[number];

export interface RandomMix {
  seed: number;
  /** The share of HTTP requests that get a fault, 0..1. */
  rate: number;
  /** The faults drawn from (default: all). */
  faults?: readonly RpcFault[];
}

export interface HostileRpc {
  url: string;
  /** Sets `fault` on `method` ("*": every method); null clears it. */
  inject(method: string, fault: RpcFault | null): void;
  /** Switches the seeded random mix on (null: off). It replaces the per-method faults while on. */
  mix(options: RandomMix | null): void;
  /** Clears every fault and the random mix: the proxy forwards faithfully. */
  clear(): void;
  /** The faults applied so far, one entry per HTTP request that got one. */
  applied: RpcFault[];
  /** HTTP requests received so far. */
  requests: number;
  lagBlocks: number;
  wrongChainId: number;
  dripMs: number;
  close(): Promise<void>;
}

interface Call {
  jsonrpc?: string;
  id: number | string | null;
  method: string;
  params?: unknown[];
}

interface Answer {
  jsonrpc?: string;
  id: unknown;
  result?: unknown;
  error?: unknown;
}

const isExchangeFault = (fault: RpcFault): fault is ExchangeFault => (exchangeFaults as readonly string[]).includes(fault);

export async function startHostileRpc(target: string): Promise<HostileRpc> {
  const byMethod = new Map<string, RpcFault>();
  let random: { draw: () => number; rate: number; faults: readonly RpcFault[] } | null = null;
  // Answers left open (hanging, dripping): ended when the proxy closes.
  const open = new Set<http.ServerResponse>();
  const hold = (res: http.ServerResponse) => {
    open.add(res);
    res.on("close", () => open.delete(res));
  };
  const state: HostileRpc = {
    url: "",
    inject: (method, fault) => void (fault ? byMethod.set(method, fault) : byMethod.delete(method)),
    mix: (options) => {
      random = options ? { draw: seededRandom(options.seed), rate: options.rate, faults: options.faults ?? rpcFaults } : null;
    },
    clear: () => {
      byMethod.clear();
      random = null;
    },
    applied: [],
    requests: 0,
    lagBlocks: 3,
    wrongChainId: 8453,
    dripMs: 200,
    close: async () => undefined,
  };

  /** The fault of each call: from the random mix (one for the whole request) or per method. */
  const faultsOf = (calls: Call[]): (RpcFault | null)[] => {
    if (random) {
      const hit = random.draw() < random.rate ? random.faults[Math.floor(random.draw() * random.faults.length)]! : null;
      return calls.map(() => hit);
    }
    return calls.map((c) => byMethod.get(c.method) ?? byMethod.get("*") ?? null);
  };

  const server = await serveRpcProxy(
    async (body, res) => {
      state.requests++;
      let parsed: Call | Call[];
      try {
        parsed = JSON.parse(body) as Call | Call[];
      } catch {
        return void forward(target, body).then(
          (text) => answerJson(res, 200, text),
          () => res.writeHead(502).end("bad gateway"),
        );
      }
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const faults = faultsOf(calls);
      const applied = faults.find((f) => f !== null);
      if (applied) state.applied.push(applied);
      const exchangeFault = faults.find((f): f is ExchangeFault => f !== null && isExchangeFault(f));
      if (exchangeFault === "hang") return hold(res);
      if (exchangeFault === "headers-then-hang") {
        hold(res);
        res.writeHead(200, { "content-type": "application/json" });
        return void res.flushHeaders();
      }
      if (exchangeFault === "http-500") return void res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");

      let answers: Answer[];
      try {
        answers = await answerCalls(target, calls, faults as (CallFault | null)[], state);
      } catch {
        return void res.writeHead(502).end("bad gateway");
      }
      const text = JSON.stringify(Array.isArray(parsed) ? answers : answers[0]);
      if (exchangeFault) return sendBadly(res, text, exchangeFault, state.dripMs, hold);
      answerJson(res, 200, text);
    },
    { onClose: () => open.forEach((res) => res.destroy()) },
  );
  state.url = server.url;
  state.close = server.close;
  return state;
}

const forward = async (target: string, body: string) => (await postJsonRpc(target, body)).text();

const hex = (n: bigint) => `0x${n.toString(16)}`;

/** The node's answers to `calls`, each altered by its call fault, in the calls' order. */
async function answerCalls(target: string, calls: Call[], faults: (RpcFault | null)[], state: HostileRpc): Promise<Answer[]> {
  const lagging = calls.some((c, i) => faults[i] === "lagging-head" && (c.method === "eth_blockNumber" || c.method === "eth_getBlockByNumber"));
  const head = lagging ? BigInt(JSON.parse(await forward(target, JSON.stringify({ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }))).result as string) : 0n;
  const behind = hex(head - BigInt(state.lagBlocks) > 0n ? head - BigInt(state.lagBlocks) : 0n);
  // A lagging node's "latest" is an older block: ask the node for that one instead.
  const sent = calls.map((c, i) =>
    faults[i] === "lagging-head" && c.method === "eth_getBlockByNumber" && c.params?.[0] === "latest" ? { ...c, params: [behind, ...c.params.slice(1)] } : c,
  );
  const upstream = JSON.parse(await forward(target, JSON.stringify(sent))) as Answer[];
  const byId = new Map(upstream.map((a) => [a.id, a]));
  return calls.map((call, i) => {
    const answer: Answer = { ...(byId.get(call.id) ?? { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "no answer from the node" } }) };
    switch (faults[i]) {
      case "wrong-id":
        return { ...answer, id: typeof call.id === "number" ? call.id + 1_000_000 : `${String(call.id)}-other` };
      case "missing-result":
        return { jsonrpc: "2.0", id: call.id };
      case "rpc-error":
        return { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: "missing trie node" } };
      case "wrong-chain":
        return call.method === "eth_chainId" ? { ...answer, result: hex(BigInt(state.wrongChainId)) } : answer;
      case "lagging-head":
        return call.method === "eth_blockNumber" ? { ...answer, result: behind } : answer;
      default:
        return answer;
    }
  });
}

/** Sends `text` the way `fault` says: dripping, cut off with the connection, or cut short as a complete answer. */
function sendBadly(res: http.ServerResponse, text: string, fault: Exclude<ExchangeFault, "hang" | "headers-then-hang" | "http-500">, dripMs: number, hold: (res: http.ServerResponse) => void) {
  const bytes = Buffer.from(text);
  const half = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  if (fault === "malformed") return answerJson(res, 200, half.toString());
  res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) });
  if (fault === "truncated") {
    res.write(half);
    // The rest never comes: the connection closes with the length unmet.
    return void setTimeout(() => res.socket?.destroy(), 20);
  }
  hold(res);
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(sent, sent + 1));
    sent++;
  }, dripMs);
  res.on("close", () => clearInterval(timer));
}
