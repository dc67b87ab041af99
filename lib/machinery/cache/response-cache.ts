import "server-only";

/** What an entry costs beyond its key and body: the map's slot, the entry object, two string headers. */
export const ENTRY_OVERHEAD_BYTES = 128;

export interface ResponseCacheOptions {
  /** How long an answer may be served; null: until `invalidate` (this process is the only writer). */
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
}

/**
 * Serialised answers to catalog reads, kept until the data set changes (`invalidate`), or at most
 * `ttlMs` where other processes may change it (PostgreSQL shared by several instances).
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
 * An answer is stored only if no invalidation happened while it was being computed: each
 * computation remembers the generation it started in, and `invalidate` starts a new one. Otherwise
 * an answer read before a sync's write could be stored after it, and stay until the next sync.
 */
export class ResponseCache {
  // In order of last use, oldest first (a Map iterates in insertion order; a hit re-inserts).
  private readonly entries = new Map<string, Entry>();
  // Concurrent misses for one key share one computation instead of each running the queries.
  private readonly pending = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  private generation = 0;
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

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Uint8Array<ArrayBuffer>> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const now = this.clock();
    let computing = this.pending.get(key);
    if (!computing) {
      const startedIn = this.generation;
      // The answer is as old as the moment its reads began, not the moment they ended.
      const startedAt = now;
      computing = produce()
        .then((value) => {
          const body = utf8.encode(JSON.stringify(value));
          if (this.generation === startedIn) this.store(key, body, startedAt);
          return body;
        })
        .finally(() => {
          // Only our own entry: after an invalidation a newer computation may sit there.
          if (this.pending.get(key) === computing) this.pending.delete(key);
        });
      this.pending.set(key, computing);
    }
    return computing;
  }

  invalidate() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.storedBytes = 0;
  }

  /** Bytes held, as `entryBytes` counts them (for tests and the benchmark's report). */
  get bytes() {
    return this.storedBytes;
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, body: Uint8Array<ArrayBuffer>, storedAt: number) {
    const bytes = entryBytes(key, body);
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // An answer bigger than the whole budget would only push everything else out, then itself.
    if (bytes > this.maxBytes) return;
    for (const [oldKey, old] of this.entries) {
      if (this.storedBytes + bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
    this.entries.set(key, { body, storedAt, bytes });
    this.storedBytes += bytes;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.storedBytes -= entry.bytes;
  }
}

const utcDay = (ms: number) => Math.floor(ms / 86_400_000);
