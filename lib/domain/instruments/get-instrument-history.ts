import "server-only";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { instrumentSnapshots, instruments } from "@/lib/machinery/db/schema";
import { assertRecordVisible } from "@/lib/domain/environments";
import { InvalidInput, NotFound } from "@/lib/domain/errors";
import {
  HISTORY_DEFAULT_RANGE_DAYS as DEFAULT_RANGE_DAYS,
  HISTORY_MAX_RANGE_DAYS as MAX_RANGE_DAYS,
  type HistoryBatch,
  type HistoryPoint,
} from "@/lib/schemas/instruments";
import { getInstrumentRowOrThrow } from "./get-instrument-or-throw";

const DAY_MS = 86_400_000;

/** The range a history request asks for: `from` to `to` (default now), at most 366 days. */
function historyRange({ interval, from, to, now }: { interval: "hour" | "day"; from?: string; to?: string; now: Date }) {
  const end = to ? new Date(to) : now;
  const start = from ? new Date(from) : new Date(end.getTime() - DEFAULT_RANGE_DAYS[interval] * DAY_MS);
  if (start.getTime() > end.getTime()) throw new InvalidInput("from must not be after to", [{ path: "from", message: "after to" }]);
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw new InvalidInput(`The range may span at most ${MAX_RANGE_DAYS} days`, [{ path: "from", message: `range longer than ${MAX_RANGE_DAYS} days` }]);
  return { start, end };
}

const pointColumns = {
  apy: instrumentSnapshots.apy,
  apyReward: instrumentSnapshots.apyReward,
  tvl: instrumentSnapshots.tvl,
  block: instrumentSnapshots.blockNumber,
};

const toPoint = (r: { bucketStart: Date; apy: number; apyReward: number | null; tvl: number; block: number | null }): HistoryPoint => ({
  timestamp: r.bucketStart.toISOString(),
  apy: r.apy,
  apyReward: r.apyReward,
  tvl: r.tvl,
  block: r.block,
});

interface HistoryRequest {
  db: Db;
  environment: Environment;
  interval?: "hour" | "day";
  from?: string;
  to?: string;
  now: Date;
}

/** snapshots of one instrument, oldest first, within at most 366 days. */
export async function getInstrumentHistory({
  db,
  environment,
  instrumentId,
  interval = "day",
  from,
  to,
  now,
}: HistoryRequest & { instrumentId: string }): Promise<{ data: HistoryPoint[] }> {
  const { start, end } = historyRange({ interval, from, to, now });
  await getInstrumentRowOrThrow({ db, environment, instrumentId });
  const rows = await db
    .select({ bucketStart: instrumentSnapshots.bucketStart, ...pointColumns })
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
  return { data: rows.map(toPoint) };
}

/**
 * The histories of several instruments at once (a page of the explorer draws its sparklines from
 * one request): each as `getInstrumentHistory` answers it, in the order asked. An id that does not
 * exist is a 404 and one of the other environment a 403, as for one instrument.
 */
export async function getInstrumentHistories({
  db,
  environment,
  instrumentIds,
  interval = "day",
  from,
  to,
  now,
}: HistoryRequest & { instrumentIds: readonly string[] }): Promise<HistoryBatch> {
  const { start, end } = historyRange({ interval, from, to, now });
  const found = await db
    .select({ instrumentId: instruments.instrumentId, environment: instruments.environment })
    .from(instruments)
    .where(inArray(instruments.instrumentId, [...instrumentIds]));
  const byId = new Map(found.map((row) => [row.instrumentId, row]));
  for (const instrumentId of instrumentIds) {
    const row = byId.get(instrumentId);
    if (!row) throw new NotFound(`No instrument ${instrumentId}`);
    assertRecordVisible(row, environment, `Instrument ${instrumentId}`);
  }
  const rows = await db
    .select({
      instrumentId: instrumentSnapshots.instrumentId,
      bucketStart: instrumentSnapshots.bucketStart,
      ...pointColumns,
    })
    .from(instrumentSnapshots)
    .where(
      and(
        inArray(instrumentSnapshots.instrumentId, [...instrumentIds]),
        eq(instrumentSnapshots.interval, interval),
        gte(instrumentSnapshots.bucketStart, start),
        lte(instrumentSnapshots.bucketStart, end),
      ),
    )
    .orderBy(asc(instrumentSnapshots.instrumentId), asc(instrumentSnapshots.bucketStart));
  const series = new Map<string, HistoryPoint[]>(instrumentIds.map((id) => [id, []]));
  for (const row of rows) series.get(row.instrumentId)!.push(toPoint(row));
  return { data: instrumentIds.map((instrumentId) => ({ instrumentId, data: series.get(instrumentId)! })) };
}
