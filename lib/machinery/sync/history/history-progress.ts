import "server-only";
/** What /health says of each chain's history backfill: how far it got, what is missing, why it stopped. */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";
import { rowsOf } from "@/lib/machinery/db/execute-results";
import { chainHistoryState } from "@/lib/machinery/db/schema";
import { HISTORY_DAYS, HISTORY_HOURS } from "./buckets";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface HistoryProgress {
  oldestDay: string | null;
  newestDay: string | null;
  missingDays: number;
  missingHours: number;
  complete: boolean;
  lastRunAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  stoppedReason: string | null;
  stoppedBlock: number | null;
  rejectedReadings: { instrumentId: string; block: number; reason: string }[];
}

/** A chain's progress; `known`: whether the chain was ever backfilled. */
export type HistoryProgressOf = ((chainId: number) => HistoryProgress) & { known(chainId: number): boolean };

/** Every chain's progress at `now`, by chain id (a chain never backfilled has all its buckets missing). */
export async function historyProgressByChain(db: Db, now: Date): Promise<HistoryProgressOf> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const thisHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const [counts, states] = await Promise.all([
    db.execute(sql`
      select chain_id,
        count(*) filter (where interval = 'day' and bucket_start >= ${new Date(today - HISTORY_DAYS * DAY_MS).toISOString()}::timestamptz and bucket_start < ${new Date(today).toISOString()}::timestamptz) as days,
        count(*) filter (where interval = 'hour' and bucket_start >= ${new Date(thisHour - HISTORY_HOURS * HOUR_MS).toISOString()}::timestamptz and bucket_start < ${new Date(thisHour).toISOString()}::timestamptz) as hours,
        min(bucket_start) filter (where interval = 'day' and points > 0) as oldest_day,
        max(bucket_start) filter (where interval = 'day' and points > 0) as newest_day
      from history_buckets group by chain_id`),
    db.select().from(chainHistoryState),
  ]);
  const countOf = new Map(
    rowsOf<{
      chain_id: number;
      days: number | string;
      hours: number | string;
      oldest_day: string | Date | null;
      newest_day: string | Date | null;
    }>(counts).map((r) => [Number(r.chain_id), r]),
  );
  const stateOf = new Map(states.map((s) => [s.chainId, s]));
  const dayOf = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));
  const progressOf = (chainId: number): HistoryProgress => {
    const c = countOf.get(chainId);
    const s = stateOf.get(chainId);
    const missingDays = HISTORY_DAYS - Number(c?.days ?? 0);
    const missingHours = HISTORY_HOURS - Number(c?.hours ?? 0);
    return {
      oldestDay: dayOf(c?.oldest_day ?? null),
      newestDay: dayOf(c?.newest_day ?? null),
      missingDays,
      missingHours,
      complete: missingDays === 0 && missingHours === 0,
      lastRunAt: s?.lastRunAt?.toISOString() ?? null,
      lastErrorAt: s?.lastErrorAt?.toISOString() ?? null,
      lastError: s?.lastError ?? null,
      stoppedReason: s?.stoppedReason ?? null,
      stoppedBlock: s?.stoppedBlock ?? null,
      rejectedReadings: s?.rejectedReadings ?? [],
    };
  };
  return Object.assign(progressOf, {
    known: (chainId: number) => countOf.has(chainId) || stateOf.has(chainId),
  });
}
