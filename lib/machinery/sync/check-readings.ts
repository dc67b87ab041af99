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
