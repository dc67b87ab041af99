/**
 * A chain's RPCs as one viem transport: each request goes to them one after another through viem's
 * `fallback` until one answers, in the order of how they have been answering. viem's own `rank` option
 * does not fit a sync: it pings every endpoint (net_listening) on a timer that never stops, spending a
 * public RPC's allowance between syncs, and a lagging or pruned node answers a ping well while it fails
 * every read at the pinned block. Here the ranking comes from the real answers instead:
 * - fewest failures among an endpoint's last ten answers (of the last ten minutes) first;
 * - among equals, RPC_URL_<chainId> ones before the public default, then the fastest on average, then
 *   the order given (an endpoint not tried yet waits behind those that answered well).
 * A contract's revert is an answer, not a failure (viem's fallback does not try the next on it). With
 * several endpoints, each one's chain id is checked (eth_chainId, again every ten minutes) before it
 * serves anything else: a URL of another chain in the list fails its requests instead of answering
 * them with another chain's state.
 * Each endpoint's last error and rank are kept for /health (`rpcEndpointStatus` of the transport).
 */
import { createTransport, fallback, hexToNumber, shouldThrow, type EIP1193RequestFn, type Hex, type Transport } from "viem";
import { WrongChainError } from "./chain-head";
import type { RpcSource } from "./rpc-endpoints";
import { describeRpcError } from "./rpc-errors";

export interface RankedEndpoint {
  /** What /health shows of it: scheme and host only. */
  name: string;
  source: RpcSource;
  transport: Transport;
}

/** An RPC of the chain as /health shows it. */
export interface RpcEndpointStatus {
  name: string;
  source: RpcSource;
  /** 1: tried first. */
  rank: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

const SAMPLES = 10;
const SAMPLE_TTL_MS = 10 * 60_000;
const CHAIN_CHECK_MS = 10 * 60_000;

interface Outcome {
  ok: boolean;
  ms: number;
  at: number;
}

/** How one endpoint has been answering. */
class EndpointRecord {
  private outcomes: Outcome[] = [];
  lastError: string | null = null;
  lastErrorAt: Date | null = null;
  private chainCheckedAt = Number.NEGATIVE_INFINITY;
  private chainCheck: Promise<void> | null = null;

  constructor(
    readonly index: number,
    readonly name: string,
    readonly source: RpcSource,
  ) {}

  answered(ms: number) {
    this.add({ ok: true, ms, at: Date.now() });
  }

  failed(error: unknown, ms: number) {
    this.add({ ok: false, ms, at: Date.now() });
    this.lastError = describeRpcError(error);
    this.lastErrorAt = new Date();
  }

  private add(outcome: Outcome) {
    this.outcomes.push(outcome);
    if (this.outcomes.length > SAMPLES) this.outcomes.shift();
  }

  private recent(now: number) {
    return this.outcomes.filter((o) => now - o.at <= SAMPLE_TTL_MS);
  }

  failureRate(now: number): number {
    const recent = this.recent(now);
    return recent.length === 0 ? 0 : recent.filter((o) => !o.ok).length / recent.length;
  }

  /** Mean time of its recent answers; Infinity before it has answered. */
  meanLatency(now: number): number {
    const answered = this.recent(now).filter((o) => o.ok);
    return answered.length === 0 ? Number.POSITIVE_INFINITY : answered.reduce((sum, o) => sum + o.ms, 0) / answered.length;
  }

  /** Resolves once the endpoint said it serves `chainId` (within the last CHAIN_CHECK_MS); one question at a time. */
  async ensureChain(ask: () => Promise<unknown>, chainId: number): Promise<void> {
    if (Date.now() - this.chainCheckedAt < CHAIN_CHECK_MS) return;
    this.chainCheck ??= (async () => {
      try {
        this.acceptChainId(await ask(), chainId);
      } finally {
        this.chainCheck = null;
      }
    })();
    await this.chainCheck;
  }

  /** Its answer to eth_chainId: another chain's id throws, the chain's own counts as a check. */
  acceptChainId(answer: unknown, chainId: number) {
    const answered = typeof answer === "string" ? hexToNumber(answer as Hex) : Number(answer);
    if (answered !== chainId) throw new WrongChainError(chainId, answered);
    this.chainCheckedAt = Date.now();
  }
}

/** Indices of `records` in the order a request tries them. */
function ranking(records: readonly EndpointRecord[]): number[] {
  const now = Date.now();
  const key = (r: EndpointRecord) => [r.failureRate(now), r.source === "public" ? 1 : 0, r.meanLatency(now), r.index];
  const keys = new Map(records.map((r) => [r, key(r)]));
  const compare = (a: EndpointRecord, b: EndpointRecord) => {
    const [ka, kb] = [keys.get(a)!, keys.get(b)!];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    return 0;
  };
  return [...records].sort(compare).map((r) => r.index);
}

export type RankedFallbackTransport = Transport<"fallback", { rpcEndpointStatus: () => RpcEndpointStatus[] }>;

export function rankedFallback(
  endpoints: readonly RankedEndpoint[],
  { chainId, retryCount, retryDelay }: { chainId: number; retryCount: number; retryDelay: number },
): RankedFallbackTransport {
  if (endpoints.length === 0) throw new Error(`chain ${chainId} has no RPC to read through`);
  return (({ chain, timeout }) => {
    const records = endpoints.map((e, i) => new EndpointRecord(i, e.name, e.source));
    const instances = endpoints.map((e) => e.transport({ chain, retryCount: 0, timeout }));
    const checkChain = endpoints.length > 1;

    // Each endpoint's own requests, timed and recorded.
    const track = (i: number): EIP1193RequestFn =>
      (async (args: { method: string; params?: unknown }, options?: { signal?: AbortSignal }) => {
        const raw = instances[i]!.config.request as (a: unknown, o?: unknown) => Promise<unknown>;
        const record = records[i]!;
        const started = performance.now();
        try {
          if (checkChain && args.method !== "eth_chainId") await record.ensureChain(() => raw({ method: "eth_chainId" }, options), chainId);
          const result = await raw(args, options);
          // Another chain's id is this endpoint's failure: the request goes on to the next one.
          if (checkChain && args.method === "eth_chainId") record.acceptChainId(result, chainId);
          record.answered(performance.now() - started);
          return result;
        } catch (err) {
          // A request its caller gave up is nobody's failure; a revert is the contract's answer.
          if (!options?.signal?.aborted) {
            if (shouldThrow(err as Error)) record.answered(performance.now() - started);
            else record.failed(err, performance.now() - started);
          }
          throw err;
        }
      }) as EIP1193RequestFn;
    const tracked: Transport[] = instances.map((instance, i) => () =>
      createTransport({ key: instance.config.key, name: records[i]!.name, type: instance.config.type, methods: instance.config.methods, retryCount: 0, request: track(i) }, instance.value),
    );

    const status = (): RpcEndpointStatus[] => {
      const order = ranking(records);
      return records.map((r) => ({
        name: r.name,
        source: r.source,
        rank: order.indexOf(r.index) + 1,
        lastError: r.lastError,
        lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
      }));
    };
    return createTransport(
      {
        key: "ranked-fallback",
        name: "Ranked fallback",
        type: "fallback",
        retryCount,
        retryDelay,
        timeout,
        // Each attempt (the first and every retry) takes the ranking as it is then.
        request: (async (args: never, options?: never) =>
          fallback(ranking(records).map((i) => tracked[i]!), { retryCount: 0 })({ chain, timeout }).request(args, options)) as EIP1193RequestFn,
      },
      { rpcEndpointStatus: status },
    );
  }) as RankedFallbackTransport;
}
