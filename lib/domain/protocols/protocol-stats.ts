import "server-only";
import { count, eq, sql, sum } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { instruments } from "@/lib/machinery/db/schema";
import type { ProtocolVersionStats } from "@/lib/schemas/protocols";

/**
 * Instrument count and TVL of every protocol version (record id) of one environment, in one grouped
 * query. Versions without instruments are absent from the map: read them as zero.
 */
export async function getProtocolStats({
  db,
  environment,
}: {
  db: Db;
  environment: Environment;
}): Promise<Map<string, ProtocolVersionStats>> {
  const rows = await db
    .select({
      protocolId: instruments.protocolId,
      instrumentCount: count(),
      activeCount: sql<number>`count(*) filter (where ${instruments.isActive})`.mapWith(Number),
      tvl: sql<number>`coalesce(sum(${instruments.tvl} - ${instruments.tvlInListedVaults}), 0)`.mapWith(Number),
      tvlInListedVaults: sum(instruments.tvlInListedVaults).mapWith(Number),
    })
    .from(instruments)
    .where(eq(instruments.environment, environment))
    .groupBy(instruments.protocolId);
  return new Map(rows.map(({ protocolId, ...stats }) => [protocolId, stats]));
}
