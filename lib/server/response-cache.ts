/**
 * Serialised answers to catalog reads, kept until the data set changes (`invalidate`), or at most
 * `ttlMs` where other processes may change it (PostgreSQL shared by several instances).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; storedAt: number }>();
  // Concurrent misses for one key share one computation instead of each running the queries.
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly ttlMs: number | null,
    private readonly maxEntries = 5_000,
  ) {}

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && (this.ttlMs === null || Date.now() - hit.storedAt < this.ttlMs)) return hit.body;
    let computing = this.pending.get(key);
    if (!computing) {
      computing = produce()
        .then((value) => {
          const body = JSON.stringify(value);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { body, storedAt: Date.now() });
          return body;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, computing);
    }
    return computing;
  }

  invalidate() {
    this.entries.clear();
    this.pending.clear();
  }
}
