import "server-only";
import type { CacheSource } from "./cache-sources";

/** What an entry costs beyond its key and body: the map's slot, the entry object, two string headers. */
export const ENTRY_OVERHEAD_BYTES = 128;

export interface ResponseCacheOptions {
  /** How long an answer may be served; null: until one of its sources is cleared (this process is the only writer). */
  ttlMs: number | null;
  /** The most the entries may hold, counted by `entryBytes`; the least recently used leave first. */
  maxBytes: number;
  clock?: () => number;
}

/**
 * What an answer costs in memory: its body's bytes, the UTF-8 length of its key (V8 keeps an ASCII
 * string in one byte a character and any other in two, never more than UTF-8 takes for it) and the
 * bookkeeping.
 */
export const entryBytes = (key: string, body: Uint8Array) => Buffer.byteLength(key) + body.byteLength + ENTRY_OVERHEAD_BYTES;

// Each body in an ArrayBuffer of its own (not a slice of Buffer's shared pool, which would keep a
// whole pool slab alive for as long as any answer in it is kept).
const utf8 = new TextEncoder();

interface Entry {
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  bytes: number;
  /** What the answer was computed from (lib/machinery/cache/cache-sources.ts): clearing one of them drops it. */
  sources: readonly CacheSource[];
}

interface Computation {
  body: Promise<Uint8Array<ArrayBuffer>>;
  sources: readonly CacheSource[];
}

/**
 * Serialised answers to catalog reads, each kept with the sources it was computed from until a write
 * of one of them clears it (`clear`), or at most `ttlMs` where other processes may change them
 * (PostgreSQL shared by several instances).
 *
 * Answers are kept as their UTF-8 bytes, outside the JavaScript heap: the budget is what they really
 * take, a hit is sent without encoding it again, and the garbage collector neither scans them nor
 * sizes the heap by them.
 *
 * Bounded in bytes, not in entries: list answers differ a hundredfold in size (a page of 100
 * instruments against an empty one), so a count bound lets memory grow with whatever callers
 * ask. Beyond `maxBytes` the least recently served answers leave first.
 *
 * Answers hold figures of the UTC day they were computed in (an instrument's 7- and 30-day APY move
 * at midnight), so no entry outlives its UTC day.
 *
 * An answer is stored only if none of its sources was cleared while it was being computed: each
 * computation remembers the count of clears it started after, and each source the count of the
 * clear that last named it. Otherwise an answer read before a sync's write could be stored after
 * it, and stay until the next sync.
 */
export class ResponseCache {
  // In order of last use, oldest first (a Map iterates in insertion order; a hit re-inserts).
  private readonly entries = new Map<string, Entry>();
  // Concurrent misses for one key share one computation instead of each running the queries.
  private readonly pending = new Map<string, Computation>();
  private clears = 0;
  private readonly lastClearOf = new Map<CacheSource, number>();
  // One array per distinct set of sources, shared by every entry computed from it: a copy per entry
  // would cost more heap than the entry's bookkeeping. Only stored answers' sets are kept, sorted and
  // without repeats, so they are sets of the chains an answer may cover: a few dozen at most.
  private readonly sourceSets = new Map<string, readonly CacheSource[]>();
  private storedBytes = 0;
  private readonly ttlMs: number | null;
  private readonly maxBytes: number;
  private readonly clock: () => number;

  constructor({ ttlMs, maxBytes, clock = Date.now }: ResponseCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
    this.clock = clock;
  }

  /** The stored answer of `key` while it is fresh (it then counts as served), or undefined. */
  peek(key: string): Uint8Array<ArrayBuffer> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.clock();
    if (utcDay(hit.storedAt) === utcDay(now) && (this.ttlMs === null || now - hit.storedAt < this.ttlMs)) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    this.remove(key, hit);
    return undefined;
  }

  /**
   * The answer of `key`: stored, being computed, or computed now by `produce` and kept until one of
   * `sources` (what `produce` reads) is cleared.
   */
  async getOrCreate(key: string, sources: readonly CacheSource[], produce: () => Promise<unknown>): Promise<Uint8Array<ArrayBuffer>> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const now = this.clock();
    let computing = this.pending.get(key);
    if (!computing) {
      const startedAfter = this.clears;
      // The answer is as old as the moment its reads began, not the moment they ended.
      const startedAt = now;
      const own: Computation = {
        sources,
        body: produce()
          .then((value) => {
            const body = utf8.encode(JSON.stringify(value));
            if (!sources.some((source) => (this.lastClearOf.get(source) ?? 0) > startedAfter)) this.store(key, body, startedAt, this.shared(sources));
            return body;
          })
          .finally(() => {
            // Only our own entry: after a clear a newer computation may sit there.
            if (this.pending.get(key) === own) this.pending.delete(key);
          }),
      };
      this.pending.set(key, own);
      computing = own;
    }
    return computing.body;
  }

  /**
   * Drops every answer computed from one of `sources`, and keeps computations still reading them from
   * storing theirs (a request after this computes afresh instead of joining them); the others stay.
   */
  clear(sources: readonly CacheSource[]) {
    const cleared = new Set(sources);
    if (cleared.size === 0) return;
    this.clears += 1;
    for (const source of cleared) this.lastClearOf.set(source, this.clears);
    const reads = (from: readonly CacheSource[]) => from.some((source) => cleared.has(source));
    for (const [key, entry] of this.entries) if (reads(entry.sources)) this.remove(key, entry);
    for (const [key, computation] of this.pending) if (reads(computation.sources)) this.pending.delete(key);
  }

  private shared(sources: readonly CacheSource[]): readonly CacheSource[] {
    const distinct = [...new Set(sources)].sort();
    const name = distinct.join(" ");
    let set = this.sourceSets.get(name);
    if (!set) this.sourceSets.set(name, (set = Object.freeze(distinct)));
    return set;
  }

  /** Bytes held, as `entryBytes` counts them (for tests and the benchmark's report). */
  get bytes() {
    return this.storedBytes;
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, body: Uint8Array<ArrayBuffer>, storedAt: number, sources: readonly CacheSource[]) {
    const bytes = entryBytes(key, body);
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // An answer bigger than the whole budget would only push everything else out, then itself.
    if (bytes > this.maxBytes) return;
    for (const [oldKey, old] of this.entries) {
      if (this.storedBytes + bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
    this.entries.set(key, { body, storedAt, bytes, sources });
    this.storedBytes += bytes;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.storedBytes -= entry.bytes;
  }
}

const utcDay = (ms: number) => Math.floor(ms / 86_400_000);
