import { count, eq, sql, sum } from "drizzle-orm";
import type { Environment } from "@/lib/chains";
import type { Db } from "@/lib/db/client";
import { instruments } from "@/lib/db/schema";

export interface ProtocolVersionStats {
  instrumentCount: number;
  activeCount: number;
  /** Sum of the instruments' TVL in US dollars. */
  tvl: number;
}

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
      tvl: sum(instruments.tvl).mapWith(Number),
    })
    .from(instruments)
    .where(eq(instruments.environment, environment))
    .groupBy(instruments.protocolId);
  return new Map(rows.map(({ protocolId, ...stats }) => [protocolId, stats]));
}
