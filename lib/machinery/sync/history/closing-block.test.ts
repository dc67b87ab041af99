import { describe, expect, it } from "vitest";
import { HeaderCache, type BlockHeader } from "./closing-block";

/** A chain of headers at `times`, read through a counter. */
function chainOf(times: number[]) {
  const headers: BlockHeader[] = times.map((timestamp, i) => ({
    number: BigInt(i),
    timestamp,
    hash: `0x${i.toString(16)}`,
  }));
  let reads = 0;
  const read = async (n: bigint) => {
    reads += 1;
    const h = headers[Number(n)];
    if (!h) throw new Error(`no block ${n}`);
    return h;
  };
  return { headers, reads: () => reads, cache: () => new HeaderCache(read, headers.at(-1)!) };
}

/** The answer by definition: the last block before `end`. */
const closingOf = (headers: BlockHeader[], end: number) =>
  headers.filter((h) => h.timestamp < end).at(-1) ?? null;

describe("HeaderCache.closingBlock", () => {
  it("on a chain of steady blocks costs about two header reads per bucket", async () => {
    const chain = chainOf(Array.from({ length: 200_000 }, (_, i) => 1_700_000_000 + 2 * i));
    const cache = chain.cache();
    const head = chain.headers.at(-1)!.timestamp;
    const ends = Array.from({ length: 100 }, (_, i) => Math.floor(head / 3600) * 3600 - i * 3600);
    for (const end of ends) expect(await cache.closingBlock(end)).toEqual(closingOf(chain.headers, end));
    expect(chain.reads() / ends.length).toBeLessThanOrEqual(2.2);
  });

  it("finds the right block on an uneven chain (a few blocks a day, then one an hour, blocks at the same second)", async () => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) times.push(1_000_000); // a deployment: many blocks in one second
    for (let d = 1; d <= 300; d++)
      for (let k = 0; k < 4; k++) times.push(1_000_000 + d * 86_400 + k * 21_600 + 97);
    const last = times.at(-1)!;
    for (let h = 1; h <= 168; h++) times.push(last + h * 3_600);
    const chain = chainOf(times);
    const cache = chain.cache();
    const head = times.at(-1)!;
    const ends = [
      ...Array.from({ length: 168 }, (_, i) => Math.floor(head / 3600) * 3600 - i * 3600),
      ...Array.from({ length: 300 }, (_, i) => Math.floor(head / 86_400) * 86_400 - i * 86_400),
    ];
    for (const end of ends) expect(await cache.closingBlock(end)).toEqual(closingOf(chain.headers, end));
    expect(chain.reads() / ends.length).toBeLessThan(6);
  });

  it("answers null for a bucket still open at the head, and for one before the chain began", async () => {
    const chain = chainOf([100, 200, 300]);
    const cache = chain.cache();
    expect(await cache.closingBlock(301)).toBeNull();
    expect(await cache.closingBlock(100)).toBeNull();
    expect(await cache.closingBlock(300)).toEqual(chain.headers[1]);
    expect(await cache.closingBlock(101)).toEqual(chain.headers[0]);
  });

  it("refuses a header answered for another block", async () => {
    const cache = new HeaderCache(async () => ({ number: 7n, timestamp: 50, hash: "0x07" }), {
      number: 1000n,
      timestamp: 10_000,
      hash: "0x",
    });
    await expect(cache.closingBlock(5_000)).rejects.toThrow(/answered block 7/);
  });
});
