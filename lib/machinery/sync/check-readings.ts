import "server-only";
import type { MarketReading } from "@/lib/machinery/chain/adapters/types";

export type GoodReading = Extract<MarketReading, { ok: true }>;
/** The readings fit to store, as [instrumentId, reading]. */
export type GoodReadings = [instrumentId: string, reading: GoodReading][];

/**
 * Splits the readings into those fit to store and the failed markets with why: a reading with a
 * TVL, price or APY that is not a finite number counts as failed, like one the chain did not answer.
 */
export function checkReadings(readings: ReadonlyMap<string, MarketReading>): {
  good: GoodReadings;
  failed: { instrumentId: string; error: string }[];
} {
  const good: GoodReadings = [];
  const failed: { instrumentId: string; error: string }[] = [];
  for (const [instrumentId, reading] of readings) {
    const error = reading.ok ? notFiniteError(reading) : reading.error;
    if (error === null) good.push([instrumentId, reading as GoodReading]);
    else failed.push({ instrumentId, error });
  }
  return { good, failed };
}

function notFiniteError(reading: GoodReading): string | null {
  const finite =
    Number.isFinite(reading.tvl) && Number.isFinite(reading.priceUsd) && (reading.apy === null || Number.isFinite(reading.apy));
  return finite ? null : `not a finite APY, TVL or price (${reading.apy}, ${reading.tvl}, ${reading.priceUsd})`;
}

/** A reading refused as impossible: never published, named in /health with the block it was read at. */
export interface RejectedReading {
  instrumentId: string;
  block: number;
  reason: string;
}

/**
 * The bounds of a believable reading: an APY of 0 to 1,000 % (above −100 % for one measured from a
 * vault's share price, which falls when the vault loses assets, by a rounding unit or by bad debt),
 * a utilization of 0 to 1, a TVL, price and liquidity of at least 0.
 */
export const MAX_BELIEVABLE_APY = 1_000;

interface Judged {
  id: string;
  apy: number;
  /** The APY is a share price's growth (recipe B), not a rate read from the protocol. */
  apyFromSharePrice?: boolean;
  tvl: number;
  priceUsd: number;
  utilization?: number | null;
  availableLiquidityUsd?: number | null;
}

/**
 * Splits what a sync would write into what may be published and what is refused as impossible: an APY
 * above 1,000 %, below 0 (a rate) or at most −100 % (a share price's growth), a utilization outside
 * 0..1, a negative TVL, price or available liquidity.
 * A refused instrument keeps its last values.
 */
export function refuseImpossible<V extends Judged>(values: readonly V[], block: number): { accepted: V[]; rejected: RejectedReading[] } {
  const accepted: V[] = [];
  const rejected: RejectedReading[] = [];
  for (const v of values) {
    const reason = impossibility(v);
    if (reason === null) accepted.push(v);
    else rejected.push({ instrumentId: v.id, block, reason });
  }
  return { accepted, rejected };
}

function impossibility(v: Judged): string | null {
  if (v.apyFromSharePrice ? !(v.apy > -100 && v.apy <= MAX_BELIEVABLE_APY) : !(v.apy >= 0 && v.apy <= MAX_BELIEVABLE_APY))
    return v.apyFromSharePrice
      ? `APY ${v.apy} % from the share price is outside −100 to ${MAX_BELIEVABLE_APY} %`
      : `APY ${v.apy} % is outside 0 to ${MAX_BELIEVABLE_APY} %`;
  if (!(v.tvl >= 0)) return `TVL ${v.tvl} is negative`;
  if (!(v.priceUsd >= 0)) return `price ${v.priceUsd} is negative`;
  if (v.utilization !== undefined && v.utilization !== null && !(v.utilization >= 0 && v.utilization <= 1))
    return `utilization ${v.utilization} is outside 0 to 1`;
  if (v.availableLiquidityUsd !== undefined && v.availableLiquidityUsd !== null && !(v.availableLiquidityUsd >= 0))
    return `available liquidity ${v.availableLiquidityUsd} is negative`;
  return null;
}
