import "server-only";
/**
 * The sync's reads of one chain's markets: which instruments it syncs, and their readings through
 * each protocol's adapter.
 */
import { and, eq } from "drizzle-orm";
import { BaseError, type Hex, type PublicClient } from "viem";
import { adapters } from "@/lib/machinery/chain/adapters";
import type { Adapter, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { shortError } from "@/lib/machinery/chain/multicall";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";

/** An instrument the sync reads, with what it had before the sync. */
export interface SyncedMarket extends Market {
  yieldTokenSymbol: string;
  currentApy: number;
}

/** The chain's instruments of protocols that are not deprecated. */
export async function loadChainMarkets({ db, chainId }: { db: Db; chainId: number }): Promise<SyncedMarket[]> {
  const rows = await db
    .select({
      instrumentId: instruments.instrumentId,
      protocol: instruments.protocol,
      version: protocols.version,
      adapterAddress: instruments.adapterAddress,
      tokenAddress: instruments.tokenAddress,
      tokenDecimals: instruments.tokenDecimals,
      yieldTokenAddress: instruments.yieldTokenAddress,
      yieldTokenSymbol: instruments.yieldTokenSymbol,
      assetCategory: instruments.assetCategory,
      currentApy: instruments.currentApy,
    })
    .from(instruments)
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
    .where(and(eq(instruments.chainId, chainId), eq(protocols.deprecated, false)));
  return rows.map((r) => ({
    ...r,
    adapterAddress: r.adapterAddress as Hex,
    tokenAddress: r.tokenAddress as Hex,
    yieldTokenAddress: r.yieldTokenAddress as Hex,
  }));
}

/**
 * Every market's reading, by instrument id: one adapter per protocol, all at once, so that their
 * first reads leave in the same JSON-RPC batch. An RPC that fails (any error of the client: HTTP,
 * JSON-RPC, timeout, a malformed answer) fails the whole reading: nothing of it may be published. An
 * adapter that refuses what the chain answered (an oracle in another unit, a vault of another asset)
 * marks each of its markets failed with why, and names itself in `errors`; the others are not held up.
 */
export async function readMarkets({
  client,
  chainId,
  deployment,
  markets,
}: {
  client: PublicClient;
  chainId: number;
  deployment: ChainDeployment;
  markets: readonly Market[];
}): Promise<{ readings: Map<string, MarketReading>; errors: string[] }> {
  const groups = new Map<Adapter, Market[]>();
  for (const market of markets) {
    const group = groups.get(adapters[market.protocol]);
    if (group) group.push(market);
    else groups.set(adapters[market.protocol], [market]);
  }
  const readings = new Map<string, MarketReading>();
  const errors: string[] = [];
  await Promise.all(
    [...groups].map(async ([adapter, group]) => {
      try {
        for (const [id, reading] of await adapter({ client, chainId, deployment }, group)) readings.set(id, reading);
      } catch (err) {
        if (err instanceof BaseError) throw err;
        const message = shortError(err);
        errors.push(`${[...new Set(group.map((m) => m.protocol))].join("/")}: ${message}`);
        for (const m of group) readings.set(m.instrumentId, { ok: false, error: message });
      }
    }),
  );
  return { readings, errors };
}
