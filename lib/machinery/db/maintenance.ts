import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/machinery/db/client";

/** How often the embedded database is vacuumed and checkpointed (ServiceRuntime). */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 3_600_000;

/**
 * PGlite runs PostgreSQL as a single process, without the autovacuum workers and the checkpointer
 * of a server. Left alone, rows a sync updates (instruments, every hour) or prunes (hour snapshots,
 * share-price samples) and rows the server rewrites (counters, lastUsed) would keep their dead
 * versions and index entries for good, and the write-ahead log would grow without end. So, once an
 * hour: VACUUM (it visits only pages changed since the last one) makes that space reusable, and
 * CHECKPOINT lets old log segments go (lib/machinery/db/client.ts caps the log at 64 MB). The folder then stops
 * growing once the data does. A PostgreSQL server does both by itself.
 */
export async function maintainEmbedded(db: Db): Promise<void> {
  await db.execute(sql`vacuum`);
  await db.execute(sql`checkpoint`);
}
