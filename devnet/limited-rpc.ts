/**
 * A JSON-RPC proxy in front of a local node that behaves like a real provider with limits, with
 * their own error answers: eth_getLogs refused over a block span (as Alchemy, Infura, QuickNode or a
 * public node words it), eth_getLogs that now and then never answers (the client times out), JSON-RPC
 * batches over a size refused (as dRPC's free tier does), and 429s with Retry-After. It records every
 * exchange, so tests can check what reached the "provider" and when.
 */
import type http from "node:http";
import { postJsonRpc } from "./json-rpc";
import { answerJson, serveRpcProxy } from "./rpc-proxy";

export type RangeRefusalStyle = "alchemy" | "infura" | "quicknode" | "publicnode";

export interface ProviderLimits {
  /** eth_getLogs over more blocks than this is refused; null: no limit. */
  getLogsMaxBlocks: number | null;
  refusalStyle: RangeRefusalStyle;
  /** Every n-th eth_getLogs call is never answered; null: all are. */
  getLogsHangEvery: number | null;
  /** Batches of more calls than this are refused; null: no limit. */
  maxBatch: number | null;
  /** The next this-many HTTP requests get 429 with `retryAfterSeconds`. */
  rateLimitNext: number;
  retryAfterSeconds: number;
  /** Every eth_getLogs fails with HTTP 503. */
  getLogsDown: boolean;
}

interface Call {
  id: number | string | null;
  method: string;
  params?: unknown[];
}

export interface LimitedExchange {
  at: number;
  calls: Call[];
  status: number;
  /** Per eth_getLogs call: its span, and the logs answered (null: refused, hung or failed). */
  getLogs: { fromBlock: number; toBlock: number; logs: number | null }[];
}

export interface LimitedRpc {
  url: string;
  limits: ProviderLimits;
  exchanges: LimitedExchange[];
  /** eth_getLogs calls answered with logs, over all exchanges. */
  answeredGetLogs(): { fromBlock: number; toBlock: number; logs: number }[];
  close(): Promise<void>;
}

const defaults: ProviderLimits = {
  getLogsMaxBlocks: null,
  refusalStyle: "alchemy",
  getLogsHangEvery: null,
  maxBatch: null,
  rateLimitNext: 0,
  retryAfterSeconds: 1,
  getLogsDown: false,
};

const hex = (n: number) => `0x${n.toString(16)}`;

/** The error a provider answers for an eth_getLogs over too many blocks, in its own words. */
export function rangeRefusal(style: RangeRefusalStyle, fromBlock: number, maxBlocks: number) {
  const upTo = hex(fromBlock + maxBlocks - 1);
  switch (style) {
    case "alchemy":
      return {
        code: -32602,
        message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${maxBlocks / 1000}K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(fromBlock)}, ${upTo}]`,
      };
    case "infura":
      return { code: -32005, message: `query returned more than 10000 results. Try with this block range [${hex(fromBlock)}, ${upTo}].` };
    case "quicknode":
      return { code: -32614, message: `eth_getLogs is limited to a ${maxBlocks.toLocaleString("en-US")} range` };
    case "publicnode":
      return { code: -32000, message: "block range too large" };
  }
}

type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** The limits that answer a whole exchange before the node is asked: a 429, or a batch too large (dRPC's words). */
function refuseExchange(l: ProviderLimits, calls: Call[], reply: Reply): boolean {
  if (l.rateLimitNext > 0) {
    l.rateLimitNext--;
    reply(429, { jsonrpc: "2.0", id: null, error: { code: 429, message: "Too Many Requests" } }, { "retry-after": String(l.retryAfterSeconds) });
    return true;
  }
  if (l.maxBatch === null || calls.length <= l.maxBatch) return false;
  // dRPC's free tier: every call of the batch gets the refusal.
  const message = `Batch of more than ${l.maxBatch} requests are not allowed on free tier, to use this feature register paid account at drpc.org`;
  reply(200, calls.map((c) => ({ jsonrpc: "2.0", id: c.id, error: { code: 29, message } })));
  return true;
}

/** The node's answers to the calls not answered here, by id; null when the node could not be reached. */
async function forwardRest(target: string, calls: Call[], answered: Map<Call, unknown>): Promise<Map<unknown, unknown> | null> {
  const forward = calls.filter((c) => !answered.has(c));
  if (forward.length === 0) return new Map();
  try {
    const upstream = (await (await postJsonRpc(target, JSON.stringify(forward))).json()) as { id: unknown }[];
    return new Map(upstream.map((a) => [a.id, a]));
  } catch {
    return null;
  }
}

export async function startLimitedRpc(target: string, limits: Partial<ProviderLimits> = {}): Promise<LimitedRpc> {
  const state: LimitedRpc = {
    url: "",
    limits: { ...defaults, ...limits },
    exchanges: [],
    answeredGetLogs: () =>
      state.exchanges.flatMap((e) => e.getLogs.filter((g): g is { fromBlock: number; toBlock: number; logs: number } => g.logs !== null)),
    close: async () => undefined,
  };
  let getLogsSeen = 0;
  const hanging = new Set<http.ServerResponse>();

  const server = await serveRpcProxy(
    async (text, res) => {
      const parsed = JSON.parse(text) as Call | Call[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const exchange: LimitedExchange = { at: Date.now(), calls, status: 200, getLogs: [] };
      state.exchanges.push(exchange);
      const reply: Reply = (status, body, headers = {}) => {
        exchange.status = status;
        answerJson(res, status, body, headers);
      };
      const { limits: l } = state;
      if (refuseExchange(l, calls, reply)) return;

      const answers = new Map<Call, unknown>();
      for (const call of calls) {
        if (call.method !== "eth_getLogs") continue;
        const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
        const fromBlock = Number(filter.fromBlock);
        const toBlock = Number(filter.toBlock);
        exchange.getLogs.push({ fromBlock, toBlock, logs: null });
        if (l.getLogsDown) return reply(503, { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "service unavailable" } });
        if (l.getLogsHangEvery !== null && ++getLogsSeen % l.getLogsHangEvery === 0) {
          // Never answered: the client gives up on its own timeout.
          exchange.status = 0;
          hanging.add(res);
          return;
        }
        if (l.getLogsMaxBlocks !== null && toBlock - fromBlock + 1 > l.getLogsMaxBlocks)
          answers.set(call, { jsonrpc: "2.0", id: call.id, error: rangeRefusal(l.refusalStyle, fromBlock, l.getLogsMaxBlocks) });
      }
      const byId = await forwardRest(target, calls, answers);
      if (!byId) return reply(502, { jsonrpc: "2.0", id: null, error: { code: -32603, message: "bad gateway" } });
      const out = calls.map((c) => answers.get(c) ?? byId.get(c.id));
      const getLogsCalls = calls.filter((c) => c.method === "eth_getLogs");
      exchange.getLogs.forEach((g, i) => {
        const answer = out[calls.indexOf(getLogsCalls[i]!)] as { result?: unknown[] } | undefined;
        g.logs = Array.isArray(answer?.result) ? answer.result.length : null;
      });
      reply(200, Array.isArray(parsed) ? out : out[0]);
    },
    { onClose: () => hanging.forEach((res) => res.destroy()) },
  );
  state.url = server.url;
  state.close = server.close;
  return state;
}
