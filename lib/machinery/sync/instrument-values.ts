import "server-only";
/** What the sync writes per instrument, worked out from its reading: plain computation, no I/O. */
import type { QuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import type { ExitLiquidity } from "@/lib/machinery/chain/adapters/types";
import { ratio } from "@/lib/machinery/chain/rates";
import type { InstrumentRewards } from "@/lib/machinery/rewards/judge-rewards";
import type { GoodReadings } from "./check-readings";
import type { SyncedMarket } from "./read-markets";

export interface InstrumentValues {
  id: string;
  apy: number;
  /** The APY is not a rate the protocol reports but a share price's growth (or the last APY): it may be negative. */
  apyFromSharePrice: boolean;
  tvl: number;
  priceUsd: number;
  /** USD of the TVL that sits in vaults this chain lists (a Vault V2's share of them). */
  inListedVaults: number;
  isActive: boolean;
  /** The reward streams at the sync's block (sync-rewards.ts); unset until they are judged. */
  rewards?: InstrumentRewards;
  /** USD suppliers could withdraw now; null when unknown. */
  availableLiquidityUsd: number | null;
  /** 1 − available / supplied (0 to 1); null when unknown or nothing is supplied. */
  utilization: number | null;
  /** What a deposit's quote needs, read at the same block; null when it could not be read. */
  quoteModel: QuoteModel | null;
}

/** A rate read from chain, else share-price growth, else the last APY. */
export function instrumentValuesOf({
  good,
  markets,
  sharePriceApys,
}: {
  good: GoodReadings;
  markets: readonly SyncedMarket[];
  sharePriceApys: ReadonlyMap<string, number>;
}): InstrumentValues[] {
  const previousApy = new Map(markets.map((m) => [m.instrumentId, m.currentApy]));
  const inListedVaults = tvlInListedVaults(good, markets);
  const decimalsOf = new Map(markets.map((m) => [m.instrumentId, m.tokenDecimals]));
  return good.map(([id, reading]) => ({
    id,
    apy: reading.apy ?? sharePriceApys.get(id) ?? previousApy.get(id) ?? 0,
    apyFromSharePrice: reading.apy === null,
    tvl: reading.tvl,
    priceUsd: reading.priceUsd,
    inListedVaults: inListedVaults.get(id) ?? 0,
    isActive: reading.isActive,
    ...exitLiquidityValues(reading.liquidity, decimalsOf.get(id) ?? 0, reading.priceUsd),
    quoteModel: reading.quoteModel ?? null,
  }));
}

/**
 * Exit liquidity in USD, and utilization = 1 − available / supplied. What suppliers could withdraw is
 * never more than they supplied: a Comet's cash includes its reserves, an aToken may hold tokens sent
 * to it, an fToken's withdrawable amount may include rewards funded ahead of its assets. With that,
 * utilization lies in 0..1 by construction (refuseImpossible still checks it).
 */
export function exitLiquidityValues(
  liquidity: ExitLiquidity | undefined,
  decimals: number,
  priceUsd: number,
): Pick<InstrumentValues, "availableLiquidityUsd" | "utilization"> {
  if (!liquidity) return { availableLiquidityUsd: null, utilization: null };
  const available = liquidity.available < liquidity.supplied ? liquidity.available : liquidity.supplied;
  return {
    availableLiquidityUsd: ratio(available, 10n ** BigInt(decimals)) * priceUsd,
    utilization: liquidity.supplied === 0n ? null : 1 - ratio(available, liquidity.supplied),
  };
}

/**
 * Per Vault V2 reading, the USD of its TVL that sits in MetaMorpho vaults this chain lists (a vault
 * it allocates to through a MorphoVaultV1Adapter): that money is in the listed vault's TVL too, so
 * sums subtract it once. Valued at the V2's own underlying price (the adapter requires both vaults to
 * have the same asset), and never more than its TVL.
 */
function tvlInListedVaults(good: GoodReadings, markets: readonly SyncedMarket[]): Map<string, number> {
  const listed = new Set(
    markets
      .filter((m) => m.protocol === "morpho" && m.version === 1)
      .map((m) => m.adapterAddress.toLowerCase()),
  );
  const decimalsOf = new Map(markets.map((m) => [m.instrumentId, m.tokenDecimals]));
  const result = new Map<string, number>();
  for (const [id, reading] of good) {
    if (!reading.heldInVaults) continue;
    const assets = reading.heldInVaults
      .filter((h) => listed.has(h.vault.toLowerCase()))
      .reduce((sum, h) => sum + h.assets, 0n);
    const usd = ratio(assets, 10n ** BigInt(decimalsOf.get(id) ?? 0)) * reading.priceUsd;
    result.set(id, Math.min(usd, reading.tvl));
  }
  return result;
}

/** A token symbol fit to show: short, printable, no control characters. */
export const isPlainSymbol = (symbol: string) =>
  symbol.length > 0 && symbol.length <= 32 && /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(symbol);
