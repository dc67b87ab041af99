import "server-only";
import type { instruments, protocols } from "@/lib/machinery/db/schema";
import type { Instrument } from "@/lib/schemas/instruments";

export type InstrumentRow = typeof instruments.$inferSelect;
type ProtocolRow = typeof protocols.$inferSelect;

/** ProtocolInfo.icon is the URL of the icon the app serves from public/. */
export const protocolIconUrl = (origin: string, icon: string) => `${origin}/icons/protocols/${icon}.svg`;

export const toInstrument = (
  row: Omit<InstrumentRow, "quoteModel">,
  protocol: ProtocolRow,
  origin: string,
): Instrument => ({
  instrumentId: row.instrumentId,
  protocol: row.protocol,
  protocolInfo: {
    id: protocol.id,
    name: protocol.name,
    version: protocol.version,
    displayName: protocol.displayName,
    icon: protocolIconUrl(origin, protocol.icon),
    docsUrl: protocol.docsUrl,
    deprecated: protocol.deprecated,
  },
  chainId: row.chainId,
  protocolAddress: row.protocolAddress,
  marketId: row.marketId,
  adapterAddress: row.adapterAddress,
  tokenAddress: row.tokenAddress,
  tokenSymbol: row.tokenSymbol,
  yieldTokenAddress: row.yieldTokenAddress,
  yieldTokenSymbol: row.yieldTokenSymbol,
  description: row.description,
  symbol: row.tokenSymbol,
  currentApy: row.currentApy,
  tvl: row.tvl,
  rewards: row.rewards,
  apyReward: row.apyReward,
  apyTotal: row.apyTotal,
  rewardsComplete: row.rewardsComplete,
  availableLiquidityUsd: row.availableLiquidityUsd,
  utilization: row.utilization,
  apy7d: row.apy7d,
  apy30d: row.apy30d,
  apyChange7d: row.apyChange7d,
  lastSyncedAt: row.lastSyncedAt.toISOString(),
  asOfBlock: row.asOfBlock,
  asOfTime: row.asOfTime?.toISOString() ?? null,
  isActive: row.isActive,
  isStablecoin: row.isStablecoin,
  assetCategory: row.assetCategory,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
