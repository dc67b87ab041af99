import { describe, expect, it } from "vitest";
import { instrumentRecordsOf, instrumentsOf, protocolsOf } from "./cache-sources";
import { ENTRY_OVERHEAD_BYTES, entryBytes, ResponseCache } from "./response-cache";

/** A computation whose answer the test hands over when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const MB = 1 << 20;
/** What the answers of the tests that are not about sources are computed from. */
const BASE = instrumentsOf([8453]);
const text = (bytes: Promise<Uint8Array>) => bytes.then((b) => new TextDecoder().decode(b));

describe("ResponseCache", () => {
  it("serves a stored answer until invalidated, then computes again", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    expect(await text(cache.getOrCreate("k", BASE, produce))).toBe('{"n":1}');
    expect(await text(cache.getOrCreate("k", BASE, produce))).toBe('{"n":1}');
    cache.clear(BASE);
    expect(await text(cache.getOrCreate("k", BASE, produce))).toBe('{"n":2}');
  });

  it("never stores an answer whose computation a clear of its sources overtook", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    const before = deferred<unknown>();
    // A read of the data as it was: its computation is still running when the write lands.
    const stale = cache.getOrCreate("list", BASE, () => before.promise);
    cache.clear(BASE);
    // A request after the write computes afresh instead of joining the old computation…
    const after = deferred<unknown>();
    const fresh = cache.getOrCreate("list", BASE, () => after.promise);
    // …and the old one finishing first must neither be stored nor remove the new one.
    before.resolve({ value: "old" });
    expect(await text(stale)).toBe('{"value":"old"}');
    // A request meanwhile joins the new computation: it sees neither the old answer nor starts a third.
    let third = 0;
    const joined = cache.getOrCreate("list", BASE, async () => ({ value: `third ${++third}` }));
    after.resolve({ value: "new" });
    expect(await text(fresh)).toBe('{"value":"new"}');
    expect(await text(joined)).toBe('{"value":"new"}');
    expect(third).toBe(0);
    let recomputed = false;
    expect(
      await text(
        cache.getOrCreate("list", BASE, async () => {
          recomputed = true;
          return { value: "again" };
        }),
      ),
    ).toBe('{"value":"new"}');
    expect(recomputed).toBe(false);
  });

  it("does not store the overtaken answer even when nobody asked again before it finished", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    const before = deferred<unknown>();
    const stale = cache.getOrCreate("list", BASE, () => before.promise);
    cache.clear(BASE);
    before.resolve({ value: "old" });
    await stale;
    expect(await text(cache.getOrCreate("list", BASE, async () => ({ value: "new" })))).toBe('{"value":"new"}');
  });

  it("clears exactly the answers computed from the sources it names", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    const computed: string[] = [];
    const ask = (key: string, sources: ReturnType<typeof instrumentsOf>) =>
      cache.getOrCreate(key, sources, async () => computed.push(key));
    const answers = {
      "instruments of Ethereum": instrumentsOf([1]),
      "instruments of Base": instrumentsOf([8453]),
      "protocols of Base": protocolsOf([8453]),
      "instrument records of Ethereum and Base": instrumentRecordsOf([1, 8453]),
      "instruments of the local chain": instrumentsOf([31337]),
    };
    for (const [key, sources] of Object.entries(answers)) await ask(key, sources);
    computed.length = 0;
    // A write of Base's instruments.
    cache.clear(instrumentsOf([8453]));
    for (const [key, sources] of Object.entries(answers)) await ask(key, sources);
    expect(computed).toEqual(["instruments of Base", "instrument records of Ethereum and Base"]);
    computed.length = 0;
    cache.clear(protocolsOf([1]));
    for (const [key, sources] of Object.entries(answers)) await ask(key, sources);
    expect(computed).toEqual(["instrument records of Ethereum and Base"]);
  });

  it("stores an answer whose computation only a clear of other sources overtook", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    const gate = deferred<unknown>();
    const first = cache.getOrCreate("ethereum", instrumentsOf([1]), () => gate.promise);
    cache.clear(instrumentsOf([8453]));
    // The computation still runs for Ethereum: a request meanwhile joins it.
    let again = 0;
    const joined = cache.getOrCreate("ethereum", instrumentsOf([1]), async () => ++again);
    gate.resolve("read");
    expect(await Promise.all([text(first), text(joined)])).toEqual(['"read"', '"read"']);
    expect(await text(cache.getOrCreate("ethereum", instrumentsOf([1]), async () => ++again))).toBe('"read"');
    expect(again).toBe(0);
  });

  it("gives back the bytes of the answers it clears, and only theirs", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    await cache.getOrCreate("a", instrumentsOf([1]), async () => "ethereum");
    await cache.getOrCreate("b", instrumentsOf([8453]), async () => "base");
    const both = cache.bytes;
    cache.clear(instrumentsOf([8453]));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(both - entryBytes("b", new TextEncoder().encode('"base"')));
  });

  it("shares one computation between concurrent misses of a key", async () => {
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
    const gate = deferred<unknown>();
    let calls = 0;
    const produce = () => {
      calls++;
      return gate.promise;
    };
    const answers = [cache.getOrCreate("k", BASE, produce), cache.getOrCreate("k", BASE, produce), cache.getOrCreate("k", BASE, produce)];
    gate.resolve([1]);
    expect(await Promise.all(answers.map(text))).toEqual(["[1]", "[1]", "[1]"]);
    expect(calls).toBe(1);
  });

  it("with a TTL, ages an answer from the moment its computation began", async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 5_000, maxBytes: MB, clock: () => now });
    const slow = deferred<unknown>();
    const first = cache.getOrCreate("k", BASE, () => slow.promise);
    now += 4_000; // the reads took 4 s
    slow.resolve("a");
    await first;
    now += 1_500; // 5.5 s after the reads began: expired, though stored only 1.5 s ago
    expect(await text(cache.getOrCreate("k", BASE, async () => "b"))).toBe('"b"');
  });

  it("never serves an answer past the UTC midnight after it was computed (the yield windows move then)", async () => {
    let now = Date.UTC(2026, 10, 24, 23, 59, 0);
    const cache = new ResponseCache({ ttlMs: null, maxBytes: MB, clock: () => now });
    expect(await text(cache.getOrCreate("k", BASE, async () => "yesterday"))).toBe('"yesterday"');
    now += 59_000;
    expect(await text(cache.getOrCreate("k", BASE, async () => "again"))).toBe('"yesterday"');
    now += 1_000; // 00:00:00.000 UTC
    expect(await text(cache.getOrCreate("k", BASE, async () => "today"))).toBe('"today"');
  });

  describe("bounded in bytes", () => {
    // Answers of 1,000 characters (JSON-encoded: the quotes make 1,002) under keys of 5: each costs the same.
    const answer = (tag: string) => async () => tag.padEnd(1_000, ".");
    const keyOf = (i: number) => `k${String(i).padStart(4, "0")}`;
    const cost = entryBytes(keyOf(0), new TextEncoder().encode(JSON.stringify("".padEnd(1_000, "."))));

    it("holds answers up to the budget and no more, however many keys are asked", async () => {
      const cache = new ResponseCache({ ttlMs: null, maxBytes: 10 * cost + cost / 2 });
      for (let i = 0; i < 1_000; i++) await cache.getOrCreate(keyOf(i), BASE, answer(`a${i}`));
      expect(cache.size).toBe(10);
      expect(cache.bytes).toBe(10 * cost);
      // The ten most recent are the ones kept.
      let recomputed = 0;
      for (let i = 990; i < 1_000; i++) await cache.getOrCreate(keyOf(i), BASE, async () => ++recomputed);
      expect(recomputed).toBe(0);
    });

    it("counts a body by its UTF-8 bytes, so text beyond ASCII is not undercounted", async () => {
      const cache = new ResponseCache({ ttlMs: null, maxBytes: MB });
      await cache.getOrCreate("k", BASE, async () => "€€€€");
      // The key's byte, the quotes' two and each euro sign's three.
      expect(cache.bytes).toBe(1 + 2 + 4 * 3 + ENTRY_OVERHEAD_BYTES);
    });

    it("evicts the least recently served answer first, not the oldest stored", async () => {
      const cache = new ResponseCache({ ttlMs: null, maxBytes: 3 * cost });
      let computed: string[] = [];
      const produce = (key: string) => async () => {
        computed.push(key);
        return "".padEnd(1_000, ".");
      };
      for (const key of [keyOf(1), keyOf(2), keyOf(3)]) await cache.getOrCreate(key, BASE, produce(key));
      await cache.getOrCreate(keyOf(1), BASE, produce(keyOf(1))); // served again: the second is now the least recent
      await cache.getOrCreate(keyOf(4), BASE, produce(keyOf(4)));
      computed = [];
      for (const key of [keyOf(1), keyOf(3), keyOf(4)]) await cache.getOrCreate(key, BASE, produce(key));
      expect(computed).toEqual([]);
      await cache.getOrCreate(keyOf(2), BASE, produce(keyOf(2)));
      expect(computed).toEqual([keyOf(2)]);
      expect(cache.bytes).toBe(3 * cost);
    });

    it("never stores an answer bigger than the budget, and keeps the others", async () => {
      const cache = new ResponseCache({ ttlMs: null, maxBytes: 3 * cost });
      await cache.getOrCreate(keyOf(1), BASE, answer("small"));
      let calls = 0;
      const huge = async () => {
        calls++;
        return "".padEnd(5_000, "x");
      };
      expect(await cache.getOrCreate(keyOf(2), BASE, huge)).toHaveLength(5_002);
      await cache.getOrCreate(keyOf(2), BASE, huge);
      expect(calls).toBe(2);
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(cost);
    });

    it("gives back an expired answer's bytes when it is computed again", async () => {
      let now = Date.UTC(2026, 0, 1, 12);
      const cache = new ResponseCache({ ttlMs: 1_000, maxBytes: 2 * cost, clock: () => now });
      await cache.getOrCreate(keyOf(1), BASE, answer("first"));
      now += 2_000;
      await cache.getOrCreate(keyOf(1), BASE, answer("second"));
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(cost);
      cache.clear(BASE);
      expect(cache.bytes).toBe(0);
    });

    it("with a budget of 0 stores nothing, but concurrent misses still share one computation", async () => {
      const cache = new ResponseCache({ ttlMs: null, maxBytes: 0 });
      const gate = deferred<unknown>();
      let calls = 0;
      const produce = () => {
        calls++;
        return gate.promise;
      };
      const both = [cache.getOrCreate("k", BASE, produce), cache.getOrCreate("k", BASE, produce)];
      gate.resolve(1);
      expect(await Promise.all(both.map(text))).toEqual(["1", "1"]);
      expect(calls).toBe(1);
      expect(cache.size).toBe(0);
      // Nothing was kept: the next request computes again.
      expect(await text(cache.getOrCreate("k", BASE, async () => 2))).toBe("2");
      expect(cache.size).toBe(0);
    });
  });
});
