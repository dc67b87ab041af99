import "server-only";
import { count, eq, sql, sum } from "drizzle-orm";
import type { Environment } from "@/lib/chains";
import type { Db } from "@/lib/db/client";
import { instruments } from "@/lib/db/schema";

export interface ProtocolVersionStats {
  instrumentCount: number;
  activeCount: number;
  /**
   * The instruments' TVL in US dollars, each counted once: a Vault V2's money inside a listed
   * MetaMorpho vault is in that vault's TVL, so here it is left out of the V2's (tvlInListedVaults).
   * Adding these up across versions and protocols counts every dollar once.
   */
  tvl: number;
  /** What the instruments hold inside other listed vaults, counted in those vaults' TVL instead. */
  tvlInListedVaults: number;
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
      tvl: sql<number>`coalesce(sum(${instruments.tvl} - ${instruments.tvlInListedVaults}), 0)`.mapWith(Number),
      tvlInListedVaults: sum(instruments.tvlInListedVaults).mapWith(Number),
    })
    .from(instruments)
    .where(eq(instruments.environment, environment))
    .groupBy(instruments.protocolId);
  return new Map(rows.map(({ protocolId, ...stats }) => [protocolId, stats]));
}
