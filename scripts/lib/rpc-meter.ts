// An HTTP proxy in front of a JSON-RPC node that meters what passes through it, for the chain
// benchmark (scripts/bench-chain.ts): HTTP requests, the JSON-RPC calls inside them (a batched
// body is a JSON array), bytes each way and when each exchange started and ended. Unlike the
// tests' startRpcProxy it keeps timings and sizes, and the request bodies only while asked to.
import { postJsonRpc } from "@/devnet/json-rpc";
import { answerJson, serveRpcProxy } from "@/devnet/rpc-proxy";

export interface RpcExchange {
  startedMs: number;
  endedMs: number;
  methods: string[];
  requestBytes: number;
  responseBytes: number;
  status: number;
  /** The parsed request, kept while `keepBodies` is on (to replay eth_calls). */
  body?: unknown;
}

export interface RpcStats {
  httpRequests: number;
  rpcCalls: number;
  methods: Record<string, number>;
  requestBytes: number;
  responseBytes: number;
  /** Wall time during which at least one HTTP request was in flight. */
  busyMs: number;
  failedHttp: number;
}

export interface RpcMeter {
  url: string;
  exchanges: RpcExchange[];
  keepBodies: boolean;
  /** A position in the log: stats(mark) covers the exchanges started after it. */
  mark(): number;
  stats(from: number, to?: number): RpcStats;
  close(): Promise<void>;
}

const methodsOf = (body: unknown): string[] =>
  (Array.isArray(body) ? body : [body]).map((c) =>
    typeof (c as { method?: unknown })?.method === "string" ? (c as { method: string }).method : "?",
  );

export async function startRpcMeter(target: string): Promise<RpcMeter> {
  const exchanges: RpcExchange[] = [];
  const meter: RpcMeter = {
    url: "",
    exchanges,
    keepBodies: false,
    mark: () => exchanges.length,
    stats: (from, to = exchanges.length) => statsOf(exchanges.slice(from, to)),
    close: async () => undefined,
  };
  const server = await serveRpcProxy(
    async (text, res, _req, startedMs) => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const exchange: RpcExchange = { startedMs, endedMs: startedMs, methods: methodsOf(body), requestBytes: Buffer.byteLength(text), responseBytes: 0, status: 0 };
      if (meter.keepBodies) exchange.body = body;
      exchanges.push(exchange);
      try {
        const upstream = await postJsonRpc(target, text);
        const answer = await upstream.text();
        exchange.status = upstream.status;
        exchange.responseBytes = Buffer.byteLength(answer);
        answerJson(res, upstream.status, answer);
      } catch {
        exchange.status = 502;
        if (!res.headersSent) res.writeHead(502).end();
      }
      exchange.endedMs = performance.now();
    },
    { keepAliveTimeoutMs: 60_000 },
  );
  meter.url = server.url;
  meter.close = server.close;
  return meter;
}

function statsOf(list: RpcExchange[]): RpcStats {
  const methods: Record<string, number> = {};
  for (const e of list) for (const m of e.methods) methods[m] = (methods[m] ?? 0) + 1;
  // Union of the [start, end] intervals: time spent waiting on the node, overlaps counted once.
  let busyMs = 0;
  let open = -Infinity;
  let close = -Infinity;
  for (const e of [...list].sort((a, b) => a.startedMs - b.startedMs)) {
    if (e.startedMs > close) {
      busyMs += close - open > 0 ? close - open : 0;
      open = e.startedMs;
      close = e.endedMs;
    } else close = Math.max(close, e.endedMs);
  }
  busyMs += close - open > 0 ? close - open : 0;
  return {
    httpRequests: list.length,
    rpcCalls: list.reduce((n, e) => n + e.methods.length, 0),
    methods,
    requestBytes: list.reduce((n, e) => n + e.requestBytes, 0),
    responseBytes: list.reduce((n, e) => n + e.responseBytes, 0),
    busyMs,
    failedHttp: list.filter((e) => e.status !== 200).length,
  };
}
