import "server-only";
/**
 * Reading event logs over long block ranges from providers that limit eth_getLogs. Every provider
 * refuses some queries: by block span (QuickNode, public nodes, Alchemy's free tier), by result count
 * (Infura, Alchemy), or by running out of time. The range adapts: it shrinks when a query is refused
 * as too large or times out (to the provider's own suggestion where its error names one) and grows
 * again after successes. A scan reads forward (to the head) or backward (newest block first, into
 * the past); contracts scanned together share queries once their cursors meet, and the caller stores
 * each cursor after every answered query, so a scan cut short resumes where it stopped.
 */
import { BaseError, numberToHex, type Hex, type PublicClient, type RpcLog } from "viem";

export type GetLogsFailure =
  /** The provider refused the range (too many blocks or results); `limit` is the span it named, if any. */
  | { kind: "range"; limit?: number }
  | { kind: "timeout" }
  | { kind: "rate-limited" }
  | { kind: "other" };

const RATE_LIMIT =
  /rate.?limit|rate exceeded|too many requests|request limit|requests? per second|\b\d+\/second\b|exceeded .{0,40}(capacity|compute units|quota|credits)|throughput|daily request/i;
const RANGE_REFUSED =
  /block range|range (is )?too (large|wide|big|long)|blocks? (is )?too (large|wide|big|many)|too many (blocks|logs|results)|more than [\d,]+ (results|logs|blocks)|log response size|response (size )?(exceeded|too (large|big))|limited to (a )?[\d,]+|max(imum)? (block )?range|range limit|exceeds? (the )?(max|limit|allowed)|query returned more than/i;
const TIMED_OUT = /time(d)?[ -]?out|took too long|deadline exceeded/i;

/** Texts, JSON-RPC codes and HTTP statuses anywhere in a (viem) error's cause chain. */
function facts(error: unknown) {
  const texts: string[] = [];
  const codes: number[] = [];
  const statuses: number[] = [];
  const names: string[] = [];
  const visit = (e: unknown) => {
    if (!e || typeof e !== "object") return;
    const err = e as { name?: unknown; message?: unknown; details?: unknown; shortMessage?: unknown; code?: unknown; status?: unknown };
    for (const t of [err.details, err.message, err.shortMessage]) if (typeof t === "string") texts.push(t);
    if (typeof err.code === "number") codes.push(err.code);
    if (typeof err.status === "number") statuses.push(err.status);
    if (typeof err.name === "string") names.push(err.name);
  };
  if (error instanceof BaseError) error.walk((e) => (visit(e), false));
  else {
    visit(error);
    visit((error as { cause?: unknown })?.cause);
  }
  return { text: texts.join("\n"), codes, statuses, names };
}

/**
 * What an eth_getLogs failure means for the scan, from real providers' answers: Alchemy (-32602 "Log
 * response size exceeded … this block range should work: [0x…, 0x…]"), Infura (-32005 "query
 * returned more than 10000 results. Try with this block range [0x…, 0x…]"), QuickNode (-32614
 * "eth_getLogs is limited to a 10,000 range"), public nodes ("block range too large", "exceed
 * maximum block range: 50000", reth's "query exceeds max block range 100000"), HTTP 413, and
 * timeouts (viem's TimeoutError, HTTP 408/504).
 */
export function classifyGetLogsError(error: unknown): GetLogsFailure {
  const { text, codes, statuses, names } = facts(error);
  if (statuses.includes(429) || codes.includes(429) || codes.includes(-32007) || RATE_LIMIT.test(text)) return { kind: "rate-limited" };
  if (
    statuses.includes(413) ||
    codes.includes(-32614) ||
    RANGE_REFUSED.test(text) ||
    // Infura's and Alchemy's codes for a refused range, when the message says nothing more.
    (codes.includes(-32005) && !TIMED_OUT.test(text))
  )
    return { kind: "range", limit: rangeLimitIn(text) };
  if (names.includes("TimeoutError") || statuses.includes(408) || statuses.includes(504) || TIMED_OUT.test(text)) return { kind: "timeout" };
  return { kind: "other" };
}

/** The block span a provider's refusal names: a suggested [from, to] range, or a stated maximum. */
export function rangeLimitIn(text: string): number | undefined {
  const suggested = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text);
  if (suggested) {
    const span = Number(BigInt(suggested[2]!) - BigInt(suggested[1]!)) + 1;
    if (span > 0) return span;
  }
  const amount = (digits: string, k?: string) => Number(digits.replace(/[,_]/g, "")) * (k ? 1_000 : 1);
  // "up to a 2K block range", "limited to a 10,000 range", "ranges over 10000 blocks", "max is 1k blocks"
  const before = /(\d[\d,_]*)\s*(k)?\s*(?:-\s*)?(?:blocks?\b(?:\s+range)?|range\b)/i.exec(text);
  if (before) return amount(before[1]!, before[2]) || undefined;
  // "exceed maximum block range: 50000", "query exceeds max block range 100000", "Max range 100"
  const after = /range(?:\s+(?:limit|is|of))?\s*(?:max(?:imum)?\s*)?[:=]?\s*(\d[\d,_]*)\s*(k\b)?/i.exec(text);
  if (after) return amount(after[1]!, after[2]) || undefined;
  return undefined;
}

/**
 * The block span of the next eth_getLogs query: doubles after a full-size query succeeds, and after
 * a refusal falls back to the largest span that worked (or half the refused one, or the provider's
 * own figure), then bisects towards the smallest refused span. A ceiling holds for a while only:
 * result-count limits depend on how busy the blocks are, so it is forgotten after many successes.
 */
export class BlockRangeTuner {
  static readonly RELAX_AFTER = 32;
  private current: number;
  private good = 0;
  private ceiling: number | null = null;
  private streak = 0;

  constructor(
    initial: number,
    private readonly bounds: { min: number; max: number } = { min: 1, max: 1_000_000 },
  ) {
    this.current = this.clamp(initial);
  }

  get size(): number {
    return this.current;
  }

  /** A query over `span` blocks was answered. */
  succeeded(span: number) {
    // A query cut short (by the head, or where another contract's scan begins) says nothing new.
    if (span < this.current) return;
    this.good = Math.max(this.good, span);
    if (++this.streak >= BlockRangeTuner.RELAX_AFTER) {
      this.ceiling = null;
      this.streak = 0;
    }
    const next =
      this.ceiling === null
        ? span * 2
        : this.ceiling - this.good > Math.max(1, Math.floor(this.ceiling / 50))
          ? Math.floor((this.good + this.ceiling) / 2)
          : this.good;
    this.current = this.clamp(next);
  }

  /** A query over `span` blocks was refused as too large or timed out. */
  refused(span: number, limit?: number) {
    this.streak = 0;
    this.ceiling = Math.min(this.ceiling ?? Infinity, span);
    if (this.good >= span) this.good = 0; // what worked elsewhere does not work here
    let next = this.good > 0 ? this.good : Math.floor(span / 2);
    if (limit !== undefined && limit < span) {
      next = limit;
      this.ceiling = Math.min(this.ceiling, limit + 1);
    }
    this.current = this.clamp(Math.min(next, span - 1));
  }

  /** Whether a refusal of `span` leaves nothing smaller to try. */
  exhausted(span: number) {
    return span <= this.bounds.min;
  }

  private clamp(n: number) {
    return Math.max(this.bounds.min, Math.min(this.bounds.max, Math.floor(n)));
  }
}

export interface LogSource {
  /** Contract whose events are read. */
  address: Hex;
  /** First block not read yet. */
  nextBlock: bigint;
}

/** A contract whose past is read newest block first, down to `lastBlock`. */
export interface BackwardLogSource {
  address: Hex;
  /** Newest block not read yet. */
  nextBlock: bigint;
  /** Oldest block to read: the source is done once `nextBlock` is below it. */
  lastBlock: bigint;
}

export interface ScanBudget {
  /** Wall-clock time (ms since the epoch) after which no new query starts. */
  deadline: number;
  /** Most eth_getLogs queries in this scan. */
  maxRequests: number;
}

export interface ScanOutcome {
  /** Every source was read through its whole range. */
  complete: boolean;
  requests: number;
  /** Queries refused as too large (range or timeout), each followed by a smaller one. */
  refusals: number;
  /** Why the scan stopped early, other than its budget; null otherwise. */
  error: string | null;
}

/** After each answered query: its logs, and the sources it covered (now read over its blocks). */
export type OnChunk = (chunk: { addresses: Hex[]; fromBlock: bigint; toBlock: bigint; logs: RpcLog[] }) => Promise<void>;

interface ScanArgs {
  client: PublicClient;
  topic0: Hex[];
  tuner: BlockRangeTuner;
  budget: ScanBudget;
  onChunk: OnChunk;
}

/** One eth_getLogs query of a scan: the contracts it covers and its blocks (both ends included). */
interface PlannedQuery {
  addresses: Hex[];
  fromBlock: bigint;
  toBlock: bigint;
}

/** The order a scan reads its sources in: the next query for a span (null once all is read), and its cursors' moves. */
interface ScanOrder {
  next(span: number): PlannedQuery | null;
  read(query: PlannedQuery): void;
}

/**
 * Reads the `topic0` events of every source from its `nextBlock` to `toBlock`, in ascending block
 * order. Sources whose cursors are equal share a query; a query never crosses the block where a
 * source that is behind catches up to one ahead, so no block is read twice for a source. After each
 * answered query `onChunk` gets its logs and the sources it covered (now read up to `toBlock` of the
 * chunk); the caller persists the cursors there. Never throws for RPC failures: they end the scan
 * with `error` set, and the cursors stay where the last answered query left them.
 */
export function scanLogs({ sources, toBlock, ...scan }: ScanArgs & { sources: LogSource[]; toBlock: bigint }): Promise<ScanOutcome> {
  return runScan(scan, forwardOrder(sources, toBlock));
}

/**
 * Reads the `topic0` events of every source from its `nextBlock` down to its `lastBlock`, newest
 * block first, so that the most recent history is complete soonest. The mirror of scanLogs: sources
 * at the same block share a query, a query stops where a source further down joins, and one never
 * reaches below the `lastBlock` of a source it covers. `onChunk` gets each answered query's logs (the
 * sources it covered are then read down to its `fromBlock`), and failures end the scan with `error`.
 */
export function scanLogsBackward({ sources, ...scan }: ScanArgs & { sources: BackwardLogSource[] }): Promise<ScanOutcome> {
  return runScan(scan, backwardOrder(sources));
}

const lowest = (blocks: bigint[]) => blocks.reduce<bigint | null>((min, b) => (min === null || b < min ? b : min), null);
const highest = (blocks: bigint[]) => blocks.reduce<bigint | null>((max, b) => (max === null || b > max ? b : max), null);

function forwardOrder(sources: LogSource[], toBlock: bigint): ScanOrder {
  const cursors = new Map(sources.map((s) => [s.address, s.nextBlock]));
  return {
    next(span) {
      const pending = [...cursors].filter(([, next]) => next <= toBlock);
      const from = lowest(pending.map(([, next]) => next));
      if (from === null) return null;
      const addresses = pending.filter(([, next]) => next === from).map(([address]) => address);
      // Stop where the next source behind the others joins, so that it is read from its own cursor on.
      const joinAt = lowest(pending.map(([, next]) => next).filter((next) => next > from));
      let to = from + BigInt(span) - 1n;
      if (joinAt !== null && to >= joinAt) to = joinAt - 1n;
      if (to > toBlock) to = toBlock;
      return { addresses, fromBlock: from, toBlock: to };
    },
    read({ addresses, toBlock: to }) {
      for (const address of addresses) cursors.set(address, to + 1n);
    },
  };
}

function backwardOrder(sources: BackwardLogSource[]): ScanOrder {
  const cursors = new Map(sources.map((s) => [s.address, { next: s.nextBlock, last: s.lastBlock }]));
  return {
    next(span) {
      const pending = [...cursors].filter(([, c]) => c.next >= c.last);
      const to = highest(pending.map(([, c]) => c.next));
      if (to === null) return null;
      const group = pending.filter(([, c]) => c.next === to);
      // Stop just above where the next source down joins, so that it is read from its own cursor on,
      // and above the oldest block of every source covered.
      const joinAt = highest(pending.map(([, c]) => c.next).filter((next) => next < to));
      let from = to - BigInt(span) + 1n;
      if (joinAt !== null && from <= joinAt) from = joinAt + 1n;
      const floor = highest(group.map(([, c]) => c.last))!;
      if (from < floor) from = floor;
      return { addresses: group.map(([address]) => address), fromBlock: from, toBlock: to };
    },
    read({ addresses, fromBlock }) {
      for (const address of addresses) cursors.get(address)!.next = fromBlock - 1n;
    },
  };
}

/** Refusals in a row before giving up: enough to halve a million-block range down to one block. */
const MAX_REFUSALS_IN_A_ROW = 24;
/** Other failures (node down, bad gateway) in a row before leaving the rest to the next sync. */
const MAX_ERRORS_IN_A_ROW = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queries in `order` within the budget, adapting the span to the provider's refusals. */
async function runScan({ client, topic0, tuner, budget, onChunk }: ScanArgs, order: ScanOrder): Promise<ScanOutcome> {
  const outcome: ScanOutcome = { complete: false, requests: 0, refusals: 0, error: null };
  let refusalsInARow = 0;
  let errorsInARow = 0;
  for (;;) {
    const query = order.next(tuner.size);
    if (query === null) {
      outcome.complete = true;
      return outcome;
    }
    if (outcome.requests >= budget.maxRequests || Date.now() >= budget.deadline) return outcome;
    const { addresses, fromBlock: from, toBlock: to } = query;
    const span = Number(to - from + 1n);

    outcome.requests++;
    let logs: RpcLog[];
    try {
      logs = (await client.request(
        {
          method: "eth_getLogs",
          params: [{ address: addresses, topics: [topic0], fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
        },
        // Refusals are this loop's to handle (a retry of the same range would be refused again).
        { retryCount: 0 },
      )) as RpcLog[];
    } catch (err) {
      const failure = classifyGetLogsError(err);
      // A span that cannot get smaller: a timeout there is tried again like any flaky answer.
      if (failure.kind === "range" || (failure.kind === "timeout" && !tuner.exhausted(span))) {
        if (tuner.exhausted(span) || ++refusalsInARow > MAX_REFUSALS_IN_A_ROW) {
          outcome.error = `eth_getLogs refused ${span} block(s): ${shortMessage(err)}`;
          return outcome;
        }
        outcome.refusals++;
        tuner.refused(span, failure.kind === "range" ? failure.limit : undefined);
        continue;
      }
      if (failure.kind === "rate-limited" || ++errorsInARow >= MAX_ERRORS_IN_A_ROW) {
        outcome.error = `eth_getLogs ${failure.kind === "rate-limited" ? "rate limited" : "failed"}: ${shortMessage(err)}`;
        return outcome;
      }
      // Down or flaky: try again after a growing pause; the budget still bounds the scan.
      await sleep(Math.min(250 * 2 ** errorsInARow, Math.max(0, budget.deadline - Date.now())));
      continue;
    }
    refusalsInARow = 0;
    errorsInARow = 0;
    tuner.succeeded(span);
    await onChunk({ addresses, fromBlock: from, toBlock: to, logs });
    order.read(query);
  }
}

function shortMessage(error: unknown): string {
  const err = error as { shortMessage?: string; details?: string; message?: string };
  const text = [err?.shortMessage, err?.details].filter(Boolean).join(" ") || err?.message || String(error);
  return text.split("\n")[0]!.slice(0, 300);
}
