/**
 * The buckets the history backfill fills (docs/chain-data.md, History): a point a UTC day for each of
 * the last HISTORY_DAYS days and a point an hour for each of the last HISTORY_HOURS hours, each read
 * at its bucket's closing block. Only closed buckets are planned (the open hour and day are the live
 * sync's), newest first: the most recent points are the ones 7d, 30d and the sparklines need first.
 */
export const HISTORY_DAYS = 365;
export const HISTORY_HOURS = 7 * 24;
const HOUR_S = 3_600;
const DAY_S = 24 * HOUR_S;

export type BucketInterval = "day" | "hour";

export interface Bucket {
  interval: BucketInterval;
  /** Unix seconds: the bucket's first second, a UTC midnight or hour. */
  start: number;
  /** Unix seconds: the next bucket's start. Its closing block is the last block before it. */
  end: number;
}

export const lengthOf = (interval: BucketInterval) => (interval === "day" ? DAY_S : HOUR_S);
export const bucketKey = (b: Pick<Bucket, "interval" | "start">) => `${b.interval}:${b.start}`;

/** The bucket before `bucket` (its share-price reference for a vault's growth, docs/data.md recipe B). */
export const previousBucket = (b: Bucket): Bucket => ({
  interval: b.interval,
  start: b.start - lengthOf(b.interval),
  end: b.start,
});

/**
 * Every bucket the backfill plans at `now` (Unix seconds, the chain's head time): the closed days and
 * hours of the windows, newest end first; a day before the hour that ends with it.
 */
export function plannedBuckets(now: number): Bucket[] {
  const today = Math.floor(now / DAY_S) * DAY_S;
  const thisHour = Math.floor(now / HOUR_S) * HOUR_S;
  const days = Array.from({ length: HISTORY_DAYS }, (_, i): Bucket => ({
    interval: "day",
    start: today - (i + 1) * DAY_S,
    end: today - i * DAY_S,
  }));
  const hours = Array.from({ length: HISTORY_HOURS }, (_, i): Bucket => ({
    interval: "hour",
    start: thisHour - (i + 1) * HOUR_S,
    end: thisHour - i * HOUR_S,
  }));
  return [...days, ...hours].sort(
    (a, b) => b.end - a.end || (a.interval === "day" ? -1 : 1) - (b.interval === "day" ? -1 : 1),
  );
}

/**
 * The planned buckets not read yet (`done` holds bucketKey of each read one), newest first; with
 * `notBefore`, none that ends at or before it (a node that serves no state there: the backfill stopped).
 */
export function missingBuckets(
  planned: readonly Bucket[],
  done: ReadonlySet<string>,
  notBefore: number | null = null,
): Bucket[] {
  return planned.filter((b) => !done.has(bucketKey(b)) && (notBefore === null || b.end > notBefore));
}
