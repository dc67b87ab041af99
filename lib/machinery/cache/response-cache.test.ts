import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache";

/** A computation whose answer the test hands over when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("ResponseCache", () => {
  it("serves a stored answer until invalidated, then computes again", async () => {
    const cache = new ResponseCache(null);
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    expect(await cache.getOrCreate("k", produce)).toBe('{"n":1}');
    expect(await cache.getOrCreate("k", produce)).toBe('{"n":1}');
    cache.invalidate();
    expect(await cache.getOrCreate("k", produce)).toBe('{"n":2}');
  });

  it("never stores an answer whose computation an invalidation overtook", async () => {
    const cache = new ResponseCache(null);
    const before = deferred<unknown>();
    // A read of the data as it was: its computation is still running when the write lands.
    const stale = cache.getOrCreate("list", () => before.promise);
    cache.invalidate();
    // A request after the write computes afresh instead of joining the old computation…
    const after = deferred<unknown>();
    const fresh = cache.getOrCreate("list", () => after.promise);
    // …and the old one finishing first must neither be stored nor remove the new one.
    before.resolve({ value: "old" });
    expect(await stale).toBe('{"value":"old"}');
    // A request meanwhile joins the new computation: it sees neither the old answer nor starts a third.
    let third = 0;
    const joined = cache.getOrCreate("list", async () => ({ value: `third ${++third}` }));
    after.resolve({ value: "new" });
    expect(await fresh).toBe('{"value":"new"}');
    expect(await joined).toBe('{"value":"new"}');
    expect(third).toBe(0);
    let recomputed = false;
    expect(
      await cache.getOrCreate("list", async () => {
        recomputed = true;
        return { value: "again" };
      }),
    ).toBe('{"value":"new"}');
    expect(recomputed).toBe(false);
  });

  it("does not store the overtaken answer even when nobody asked again before it finished", async () => {
    const cache = new ResponseCache(null);
    const before = deferred<unknown>();
    const stale = cache.getOrCreate("list", () => before.promise);
    cache.invalidate();
    before.resolve({ value: "old" });
    await stale;
    expect(await cache.getOrCreate("list", async () => ({ value: "new" }))).toBe('{"value":"new"}');
  });

  it("shares one computation between concurrent misses of a key", async () => {
    const cache = new ResponseCache(null);
    const gate = deferred<unknown>();
    let calls = 0;
    const produce = () => {
      calls++;
      return gate.promise;
    };
    const answers = [cache.getOrCreate("k", produce), cache.getOrCreate("k", produce), cache.getOrCreate("k", produce)];
    gate.resolve([1]);
    expect(await Promise.all(answers)).toEqual(["[1]", "[1]", "[1]"]);
    expect(calls).toBe(1);
  });

  it("with a TTL, ages an answer from the moment its computation began", async () => {
    let now = 1_000;
    const cache = new ResponseCache(5_000, 10, () => now);
    const slow = deferred<unknown>();
    const first = cache.getOrCreate("k", () => slow.promise);
    now += 4_000; // the reads took 4 s
    slow.resolve("a");
    await first;
    now += 1_500; // 5.5 s after the reads began: expired, though stored only 1.5 s ago
    expect(await cache.getOrCreate("k", async () => "b")).toBe('"b"');
  });

  it("never serves an answer past the UTC midnight after it was computed (the yield windows move then)", async () => {
    let now = Date.UTC(2026, 10, 24, 23, 59, 0);
    const cache = new ResponseCache(null, 10, () => now);
    expect(await cache.getOrCreate("k", async () => "yesterday")).toBe('"yesterday"');
    now += 59_000;
    expect(await cache.getOrCreate("k", async () => "again")).toBe('"yesterday"');
    now += 1_000; // 00:00:00.000 UTC
    expect(await cache.getOrCreate("k", async () => "today")).toBe('"today"');
  });
});
