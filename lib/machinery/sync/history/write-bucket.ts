import "server-only";
/**
 * The backfill's writes of the buckets it read, in one transaction: each point as an hour or day
 * snapshot with its block, marked backfilled; the sample history of those instruments goes (the
 * chain is synced: its own past replaces it). A point a live sync wrote is never overwritten, and
 * neither is one backfilled before. The day points change the stored 7d and 30d columns, which are
 * refreshed for the instruments written. Each bucket is recorded as read, with its block.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { affectedRows } from "@/lib/machinery/db/execute-results";
import { pgArray } from "@/lib/machinery/db/pg-array";
import { historyBuckets, instrumentSnapshots } from "@/lib/machinery/db/schema";
import { refreshYieldColumns } from "@/lib/machinery/db/yield-columns";
import type { Bucket } from "./buckets";
import type { BlockHeader } from "./closing-block";
import type { HistoryPoint } from "./read-bucket";

export interface BucketToWrite {
  bucket: Bucket;
  block: BlockHeader;
  points: readonly HistoryPoint[];
}

/** Writes the buckets' points and records the buckets read; returns how many points it wrote (live points kept). */
export async function writeBuckets(
  db: Db,
  chainId: number,
  buckets: readonly BucketToWrite[],
  readAt: Date,
): Promise<number> {
  if (buckets.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ids = [...new Set(buckets.flatMap((b) => b.points.map((p) => p.instrumentId)))];
    if (ids.length > 0)
      await tx.execute(
        sql`delete from ${instrumentSnapshots} where is_demo and instrument_id = any(${pgArray(ids)}::text[])`,
      );
    let written = 0;
    for (const { bucket, block, points } of buckets) {
      if (points.length > 0) written += await insertPoints(tx, bucket, block, points);
      await tx
        .insert(historyBuckets)
        .values({
          chainId,
          interval: bucket.interval,
          bucketStart: new Date(bucket.start * 1000),
          blockNumber: Number(block.number),
          blockTime: new Date(block.timestamp * 1000),
          points: points.length,
          readAt,
        })
        .onConflictDoNothing();
    }
    if (buckets.some((b) => b.bucket.interval === "day" && b.points.length > 0))
      await refreshYieldColumns(tx, ids);
    return written;
  });
}

async function insertPoints(
  tx: Db,
  bucket: Bucket,
  block: BlockHeader,
  points: readonly HistoryPoint[],
): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${instrumentSnapshots} (instrument_id, interval, bucket_start, apy, apy_reward, tvl, block_number, is_demo, backfilled)
    select v.id, ${bucket.interval}, ${new Date(bucket.start * 1000).toISOString()}::timestamptz, v.apy, v.apy_reward, v.tvl, ${Number(block.number)}, false, true
    from unnest(${pgArray(points.map((p) => p.instrumentId))}::text[], ${pgArray(points.map((p) => p.apy))}::float8[],
      ${pgArray(points.map((p) => p.apyReward))}::float8[], ${pgArray(points.map((p) => p.tvl))}::float8[]) as v(id, apy, apy_reward, tvl)
    where exists (select 1 from instruments i where i.instrument_id = v.id)
    on conflict (instrument_id, interval, bucket_start) do nothing`);
  return affectedRows(result);
}
