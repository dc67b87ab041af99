import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { instrumentSnapshots } from "@/lib/machinery/db/schema";

/** Where an instrument's real history starts: its oldest day point read from chain (live or backfilled). */
export interface HistoryStart {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  block: number;
}

/** The oldest day point with a block (sample history has none); null while there is none. */
export async function historyStartOf({
  db,
  instrumentId,
}: {
  db: Db;
  instrumentId: string;
}): Promise<HistoryStart | null> {
  const [first] = await db
    .select({ start: instrumentSnapshots.bucketStart, block: instrumentSnapshots.blockNumber })
    .from(instrumentSnapshots)
    .where(
      and(
        eq(instrumentSnapshots.instrumentId, instrumentId),
        eq(instrumentSnapshots.interval, "day"),
        isNotNull(instrumentSnapshots.blockNumber),
      ),
    )
    .orderBy(asc(instrumentSnapshots.bucketStart))
    .limit(1);
  return first?.block != null ? { day: first.start.toISOString().slice(0, 10), block: first.block } : null;
}
