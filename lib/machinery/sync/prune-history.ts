import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { affectedRows } from "@/lib/machinery/db/execute-results";
import { HISTORY_DEFAULT_RANGE_DAYS } from "@/lib/schemas/instruments";
import { SHARE_PRICE_RETENTION_MS } from "./share-price-apys";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Samples younger than this are all kept (a reference may be as little as a minute old); older ones, one per hour. */
const SHARE_PRICE_DENSE_MS = 2 * HOUR_MS;
/** How far back each run thins: earlier runs thinned what lies before (a gap left behind expires with the retention). */
const SHARE_PRICE_THIN_SCAN_MS = DAY_MS + 4 * HOUR_MS;

export interface PruneResult {
  hourSnapshots: number;
  sharePriceSamples: number;
}

/**
 * Keeps storage bounded: hour snapshots live as long as the hour history reaches
 * back (7 days) and day snapshots for good; share-price samples are kept for 8 days, all of the last
 * two hours and one per instrument and hour before that, whatever the sync interval.
 */
export async function pruneHistory({ db, now }: { db: Db; now: Date }): Promise<PruneResult> {
  const hourCutoff = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HISTORY_DEFAULT_RANGE_DAYS.hour * DAY_MS);
  const hours = await db.execute(sql`delete from instrument_snapshots where interval = 'hour' and bucket_start < ${hourCutoff}`);
  // The backfill's record of the hours it read goes with them (it plans only the last week's).
  await db.execute(sql`delete from history_buckets where interval = 'hour' and bucket_start < ${hourCutoff}`);
  const expired = await db.execute(sql`delete from share_price_samples where sampled_at < ${new Date(now.getTime() - SHARE_PRICE_RETENTION_MS)}`);
  const denseFrom = new Date(now.getTime() - SHARE_PRICE_DENSE_MS);
  const thinned = await db.execute(sql`
    delete from share_price_samples s
    using (
      select instrument_id, sampled_at,
        row_number() over (partition by instrument_id, date_trunc('hour', sampled_at) order by sampled_at) as nth
      from share_price_samples
      where sampled_at >= ${new Date(now.getTime() - SHARE_PRICE_THIN_SCAN_MS)} and sampled_at < ${denseFrom}
    ) later
    where later.nth > 1 and s.instrument_id = later.instrument_id and s.sampled_at = later.sampled_at`);
  return { hourSnapshots: affectedRows(hours), sharePriceSamples: affectedRows(expired) + affectedRows(thinned) };
}
