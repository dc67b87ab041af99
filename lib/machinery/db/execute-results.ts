import "server-only";
// What `db.execute` returns differs by driver: node-postgres gives a result object with `rows` and
// `rowCount`, PGlite the same shape with `affectedRows`. These read either.

/** The rows of a raw query's result. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** How many rows a raw insert, update or delete touched. */
export const affectedRows = (result: unknown): number =>
  Number((result as { rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
