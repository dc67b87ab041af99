import "server-only";
/**
 * Serialised answers to catalog reads, kept until the data set changes (`invalidate`), or at most
 * `ttlMs` where other processes may change it (PostgreSQL shared by several instances).
 *
 * Answers hold figures of the UTC day they were computed in (an instrument's 7- and 30-day APY move
 * at midnight), so no entry outlives its UTC day.
 *
 * An answer is stored only if no invalidation happened while it was being computed: each
 * computation remembers the generation it started in, and `invalidate` starts a new one. Otherwise
 * an answer read before a sync's write could be stored after it, and stay until the next sync.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; storedAt: number }>();
  // Concurrent misses for one key share one computation instead of each running the queries.
  private readonly pending = new Map<string, Promise<string>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number | null,
    private readonly maxEntries = 5_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    const now = this.clock();
    if (hit && utcDay(hit.storedAt) === utcDay(now) && (this.ttlMs === null || now - hit.storedAt < this.ttlMs)) return hit.body;
    let computing = this.pending.get(key);
    if (!computing) {
      const startedIn = this.generation;
      // The answer is as old as the moment its reads began, not the moment they ended.
      const startedAt = now;
      computing = produce()
        .then((value) => {
          const body = JSON.stringify(value);
          if (this.generation === startedIn) {
            if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
            this.entries.set(key, { body, storedAt: startedAt });
          }
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
  }
}

const utcDay = (ms: number) => Math.floor(ms / 86_400_000);
