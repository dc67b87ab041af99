import "server-only";
/**
 * Yield over time: apy7d, apy30d and apyChange7d are stored columns that the machinery keeps exact
 * for one UTC day's window (lib/machinery/db/yield-columns.ts); every read of instrument records
 * first makes that window the request's own (`ensureYieldWindow`: a full recompute, once per UTC
 * day; each process remembers that it is done).
 */
import type { Db } from "@/lib/machinery/db/client";
import { moveYieldWindow, yieldWindowOf } from "@/lib/machinery/db/yield-columns";

export { moveYieldWindow, refreshYieldColumns, yieldWindowOf, type YieldWindow } from "@/lib/machinery/db/yield-columns";

/**
 * Per process and database, the window the yield columns were last made exact for: a read whose UTC
 * day is that window's costs a string comparison; the first one of a new day moves the window
 * (concurrent ones wait for the same move). Cached answers never outlive their UTC day
 * (lib/machinery/cache/response-cache.ts), so none holds an old window's figures.
 */
class YieldWindowKeeper {
  private current: string | null = null;
  private readonly moving = new Map<string, Promise<boolean>>();

  constructor(private readonly db: Db) {}

  /** Resolves true when this call moved the window (or waited for the move that did), false when it was current. */
  ensure(now: Date): Promise<boolean> {
    const { key } = yieldWindowOf(now);
    if (key === this.current) return Promise.resolve(false);
    let move = this.moving.get(key);
    if (!move) {
      move = moveYieldWindow({ db: this.db, now })
        .then(() => {
          this.current = key;
          return true;
        })
        .finally(() => this.moving.delete(key));
      this.moving.set(key, move);
    }
    return move;
  }
}

const keepers = new WeakMap<Db, YieldWindowKeeper>();

/**
 * Makes apy7d, apy30d and apyChange7d exact for `now`'s UTC day: every read of instrument records
 * calls it first. Resolves true when it had to move the window.
 */
export function ensureYieldWindow(db: Db, now: Date): Promise<boolean> {
  let keeper = keepers.get(db);
  if (!keeper) keepers.set(db, (keeper = new YieldWindowKeeper(db)));
  return keeper.ensure(now);
}
