import "server-only";
/**
 * A bucket's closing block: the last block whose timestamp is before the bucket's end, which is what
 * a live sync's last reading of the bucket would have read. Found by a search over block headers
 * that guesses from the local block time (the latest pair of consecutive headers it saw) and reads
 * the guess with its successor in one round trip: on a chain with steady blocks the first guess
 * holds, so a bucket costs about two eth_getBlockByNumber, and neighbouring buckets share the
 * headers already read (the cache). An uneven chain (the local one: a handful of blocks a day, then
 * one an hour) falls back to interpolation and halving, still a few reads.
 */
import type { Hex } from "viem";

export interface BlockHeader {
  number: bigint;
  /** Unix seconds. */
  timestamp: number;
  hash: Hex;
}

/** Reads one header by number; the cache checks its answer (the number asked, a timestamp). */
export type HeaderReader = (number: bigint) => Promise<BlockHeader>;

/** The headers read so far, by number, and the closing blocks found, by bucket end. */
export class HeaderCache {
  private readonly headers = new Map<bigint, Promise<BlockHeader>>();
  private readonly closing = new Map<number, Promise<BlockHeader | null>>();
  /** Seconds per block, from the last two consecutive headers read. */
  blockTime: number | null = null;

  constructor(
    private readonly read: HeaderReader,
    readonly head: BlockHeader,
  ) {
    this.headers.set(head.number, Promise.resolve(head));
  }

  header(number: bigint): Promise<BlockHeader> {
    let known = this.headers.get(number);
    if (!known) {
      known = this.read(number).then((h) => {
        if (h.number !== number) throw new Error(`the RPC answered block ${h.number} for block ${number}`);
        if (!Number.isFinite(h.timestamp)) throw new Error(`block ${number} has no timestamp`);
        return h;
      });
      known.catch(() => this.headers.delete(number));
      this.headers.set(number, known);
    }
    return known;
  }

  /** The closing block of the bucket ending at `end` (Unix seconds); null while no block at or after `end` exists (the bucket is open), or when the chain began after it. */
  closingBlock(end: number): Promise<BlockHeader | null> {
    let found = this.closing.get(end);
    if (!found) {
      found = findClosingBlock(this, end);
      found.catch(() => this.closing.delete(end));
      this.closing.set(end, found);
    }
    return found;
  }

  /** The settled headers read so far, by number. */
  async known(): Promise<BlockHeader[]> {
    const settled = await Promise.allSettled(this.headers.values());
    return settled
      .flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))
      .sort((a, b) => (a.number < b.number ? -1 : 1));
  }
}

async function findClosingBlock(cache: HeaderCache, end: number): Promise<BlockHeader | null> {
  if (cache.head.timestamp < end) return null;
  const known = await cache.known();
  // lo: a block before the end; hi: a block at or after it (the head is one).
  let lo = known.filter((h) => h.timestamp < end).at(-1) ?? (await cache.header(0n));
  let hi = known.find((h) => h.timestamp >= end)!;
  if (lo.timestamp >= end) return null;
  let halve = false;
  while (hi.number - lo.number > 1n) {
    const guess = clamp(
      halve ? lo.number + (hi.number - lo.number) / 2n : guessOf(cache, lo, hi, end),
      lo.number + 1n,
      hi.number - 1n,
    );
    const [at, next] = await Promise.all([cache.header(guess), cache.header(guess + 1n)]);
    if (cache.blockTime === null || next.number === guess + 1n)
      cache.blockTime = Math.max(next.timestamp - at.timestamp, 0);
    const before = hi.number - lo.number;
    if (at.timestamp >= end) hi = at;
    else if (next.timestamp >= end) return at;
    else lo = next;
    // A guess that did not halve the range is followed by a halving: the search stays logarithmic.
    halve = !halve && (hi.number - lo.number) * 2n > before;
  }
  return lo;
}

/** The block the local block time (or, without one, interpolation between lo and hi) puts just before `end`. */
function guessOf(cache: HeaderCache, lo: BlockHeader, hi: BlockHeader, end: number): bigint {
  const step =
    cache.blockTime && cache.blockTime > 0
      ? cache.blockTime
      : (hi.timestamp - lo.timestamp) / Number(hi.number - lo.number);
  if (!(step > 0)) return lo.number + (hi.number - lo.number) / 2n;
  // From the nearer side: blocks of the same spacing before `end`.
  const fromHi = hi.number - BigInt(Math.ceil((hi.timestamp - end + 1) / step));
  const fromLo = lo.number + BigInt(Math.floor((end - 1 - lo.timestamp) / step));
  return hi.timestamp - end < end - lo.timestamp ? fromHi : fromLo;
}

const clamp = (n: bigint, min: bigint, max: bigint) => (n < min ? min : n > max ? max : n);
