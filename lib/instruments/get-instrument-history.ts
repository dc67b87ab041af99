import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Environment } from "@/lib/chains";
import type { Db } from "@/lib/db/client";
import { instrumentSnapshots } from "@/lib/db/schema";
import { badRequest } from "@/lib/http/errors";
import type { HistoryPoint } from "@/lib/schemas/instruments";
import { getInstrumentRowOrThrow } from "./get-instrument-or-throw";

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
// Hour snapshots are kept as long as the hour range reaches back (lib/sync/prune-history.ts).
export const DEFAULT_RANGE_DAYS = { day: 365, hour: 7 } as const;

/** decisions D3: snapshots of one instrument, oldest first, within at most 366 days. */
export async function getInstrumentHistory({
  db,
  environment,
  instrumentId,
  interval = "day",
  from,
  to,
  now,
}: {
  db: Db;
  environment: Environment;
  instrumentId: string;
  interval?: "hour" | "day";
  from?: string;
  to?: string;
  now: Date;
}): Promise<{ data: HistoryPoint[] }> {
  const end = to ? new Date(to) : now;
  const start = from ? new Date(from) : new Date(end.getTime() - DEFAULT_RANGE_DAYS[interval] * DAY_MS);
  if (start.getTime() > end.getTime()) throw badRequest("from must not be after to", [{ path: "from", message: "after to" }]);
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw badRequest(`The range may span at most ${MAX_RANGE_DAYS} days`, [{ path: "from", message: `range longer than ${MAX_RANGE_DAYS} days` }]);
  await getInstrumentRowOrThrow({ db, environment, instrumentId });
  const rows = await db
    .select({ bucketStart: instrumentSnapshots.bucketStart, apy: instrumentSnapshots.apy, tvl: instrumentSnapshots.tvl })
    .from(instrumentSnapshots)
    .where(
      and(
        eq(instrumentSnapshots.instrumentId, instrumentId),
        eq(instrumentSnapshots.interval, interval),
        gte(instrumentSnapshots.bucketStart, start),
        lte(instrumentSnapshots.bucketStart, end),
      ),
    )
    .orderBy(asc(instrumentSnapshots.bucketStart));
  return { data: rows.map((r) => ({ timestamp: r.bucketStart.toISOString(), apy: r.apy, tvl: r.tvl })) };
}
