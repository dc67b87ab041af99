/**
 * Serialised answers to catalog reads, kept until the data set changes (`invalidate`), or at most
 * `ttlMs` where other processes may change it (PostgreSQL shared by several instances).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; storedAt: number }>();

  constructor(
    private readonly ttlMs: number | null,
    private readonly maxEntries = 5_000,
  ) {}

  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && (this.ttlMs === null || Date.now() - hit.storedAt < this.ttlMs)) return hit.body;
    const body = JSON.stringify(await produce());
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { body, storedAt: Date.now() });
    return body;
  }

  invalidate() {
    this.entries.clear();
  }
}
