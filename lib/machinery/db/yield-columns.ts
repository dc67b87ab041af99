import "server-only";
/**
 * The stored yield columns: per instrument the mean apy of its day snapshots of the last 7 and 30
 * days (apy7d, apy30d) and currentApy minus the oldest of the 7-day ones (apyChange7d), exactly the
 * points `GET /instruments/{id}/history?interval=day&from=<now − 7 (30) days>` returns.
 *
 * They are stored columns, so that the list sorts and filters by them through an index. Day
 * snapshots start at UTC midnight, so which of them a window holds changes only when a UTC day
 * begins: the columns are exact for the window dataset_meta "yield-window" names, and
 * - every writer of day snapshots (the sync, the seed) refreshes the instruments it wrote, under that
 *   window, in its own transaction (`refreshYieldColumns`);
 * - every read of instrument records first moves the window to the request's own (`moveYieldWindow`,
 *   a full recompute, once per UTC day; the domain's ensureYieldWindow remembers per process that it
 *   is done).
 * Both take the dataset_meta row's lock, so a refresh never writes under a window that has moved on.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./execute-results";
import { pgArray } from "./pg-array";

const DAY_MS = 86_400_000;
const META_KEY = "yield-window";

export interface YieldWindow {
  /** First day snapshot of the 7-day window (`now − 7 days`, rounded up to a UTC midnight). */
  first7: Date;
  /** First day snapshot of the 30-day window. */
  first30: Date;
  /** Last day snapshot either window holds: today's, at the last UTC midnight. */
  last: Date;
  /** The window in dataset_meta: "2026-11-17..2026-11-23" (the 7-day window's days). */
  key: string;
}

/**
 * The day snapshots `history?interval=day&from=<now − N days>` returns are those with
 * `now − N days ≤ timestamp ≤ now`: at UTC midnights from ceil(now − N days) to floor(now). Between
 * two midnights that is N days back from today; at a midnight itself one more.
 */
export function yieldWindowOf(now: Date): YieldWindow {
  const t = now.getTime();
  const lastDay = Math.floor(t / DAY_MS);
  const nextDay = Math.ceil(t / DAY_MS);
  const first7 = new Date((nextDay - 7) * DAY_MS);
  const last = new Date(lastDay * DAY_MS);
  return {
    first7,
    first30: new Date((nextDay - 30) * DAY_MS),
    last,
    key: `${first7.toISOString().slice(0, 10)}..${last.toISOString().slice(0, 10)}`,
  };
}

function windowOfKey(key: string): YieldWindow | null {
  const match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!match) return null;
  const first7 = new Date(`${match[1]}T00:00:00Z`);
  return {
    first7,
    first30: new Date(first7.getTime() - 23 * DAY_MS),
    last: new Date(`${match[2]}T00:00:00Z`),
    key,
  };
}

type Executor = Pick<Db, "execute">;

/** The stored window, locked until the transaction ends; null when none is stored yet. */
async function lockedWindow(tx: Executor): Promise<YieldWindow | null> {
  const [row] = rowsOf<{ value: string }>(
    await tx.execute(sql`select value from dataset_meta where key = ${META_KEY} for update`),
  );
  return row ? windowOfKey(row.value) : null;
}

/**
 * Sets apy7d, apy30d and apyChange7d from the day snapshots in `window`: of the instruments in `ids`,
 * or of every instrument. Rows whose values do not change are not written.
 */
async function computeYieldColumns(tx: Executor, window: YieldWindow, ids?: readonly string[]) {
  // One array parameter, not one per id (a sync writes up to thousands).
  const idList = ids ? pgArray(ids) : null;
  const first7 = window.first7.toISOString();
  const onlyIds = (column: string) => (idList ? sql`and ${sql.raw(column)} = any(${idList}::text[])` : sql``);
  // The instruments that can change: those with points in the window and those that had values
  // (a partial index holds the latter), never a pass over every instrument.
  await tx.execute(sql`
    with points as (
      select instrument_id,
        avg(apy) filter (where bucket_start >= ${first7}::timestamptz) as apy_7d,
        avg(apy) as apy_30d,
        (array_agg(apy order by bucket_start) filter (where bucket_start >= ${first7}::timestamptz))[1] as oldest_7d
      from instrument_snapshots
      where interval = 'day' and bucket_start >= ${window.first30.toISOString()}::timestamptz
        and bucket_start <= ${window.last.toISOString()}::timestamptz ${onlyIds("instrument_id")}
      group by instrument_id
    ),
    candidates as (
      select instrument_id from points
      union
      select instrument_id from instruments where apy_30d is not null ${onlyIds("instrument_id")}
    )
    update instruments as i set apy_7d = p.apy_7d, apy_30d = p.apy_30d, apy_change_7d = i.current_apy - p.oldest_7d
    from candidates c left join points p on p.instrument_id = c.instrument_id
    where i.instrument_id = c.instrument_id
      and (i.apy_7d is distinct from p.apy_7d or i.apy_30d is distinct from p.apy_30d
        or i.apy_change_7d is distinct from i.current_apy - p.oldest_7d)`);
}

/**
 * After writing day snapshots or currentApy of `instrumentIds` (inside the writer's transaction):
 * their yield columns again match the stored window. Without a stored window there is nothing to
 * keep exact: the first read computes every instrument.
 */
export async function refreshYieldColumns(tx: Executor, instrumentIds: readonly string[]): Promise<void> {
  if (instrumentIds.length === 0) return;
  const window = await lockedWindow(tx);
  if (window) await computeYieldColumns(tx, window, instrumentIds);
}

/** Makes the stored window `now`'s, recomputing every instrument if it was another. Returns the window. */
export async function moveYieldWindow({ db, now }: { db: Db; now: Date }): Promise<YieldWindow> {
  const window = yieldWindowOf(now);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into dataset_meta (key, value) values (${META_KEY}, '') on conflict do nothing`,
    );
    const stored = await lockedWindow(tx);
    if (stored?.key === window.key) return;
    await computeYieldColumns(tx, window);
    await tx.execute(
      sql`update dataset_meta set value = ${window.key}, updated_at = ${now.toISOString()}::timestamptz where key = ${META_KEY}`,
    );
  });
  return window;
}
