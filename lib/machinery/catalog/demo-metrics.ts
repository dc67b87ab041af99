// Generated metric history for the demo mode: plausible, deterministic per instrument,
// and marked as demo data in the snapshots table. A real sync replaces the current values.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic PRNG (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface MetricPoint {
  bucketStart: Date;
  apy: number;
  tvl: number;
}

/** A mean-reverting walk around the typical values: APY in percent, TVL in USD. */
function walk(seedHex: string, typicalApy: number, typicalTvl: number, steps: number, volatility: number) {
  // Seeded from the instrument id, so every start generates the same history.
  const random = seededRandom(Number.parseInt(seedHex.slice(2, 10), 16));
  let apyFactor = 1;
  let tvlFactor = 1;
  const points: { apy: number; tvl: number }[] = [];
  for (let i = 0; i < steps; i++) {
    apyFactor += (1 - apyFactor) * 0.08 + (random() - 0.5) * volatility;
    tvlFactor += (1 - tvlFactor) * 0.03 + (random() - 0.5) * volatility * 0.4;
    apyFactor = Math.min(Math.max(apyFactor, 0.3), 2.5);
    tvlFactor = Math.min(Math.max(tvlFactor, 0.4), 1.8);
    points.push({ apy: round(typicalApy * apyFactor, 4), tvl: round(typicalTvl * tvlFactor, 2) });
  }
  return points;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function generateDemoHistory({ instrumentId, typicalApy, typicalTvl, now }: { instrumentId: string; typicalApy: number; typicalTvl: number; now: Date }) {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const thisHour = Math.floor(now.getTime() / HOUR) * HOUR;
  const daily = walk(instrumentId, typicalApy, typicalTvl, 365, 0.12).map((p, i) => ({ ...p, bucketStart: new Date(today - (364 - i) * DAY) }));
  // The hourly week continues from the daily series' level, so the two agree where they overlap.
  const last = daily.at(-1)!;
  const hourly = walk("0x" + instrumentId.slice(10), last.apy, last.tvl, 168, 0.03).map((p, i) => ({
    ...p,
    bucketStart: new Date(thisHour - (167 - i) * HOUR),
  }));
  return { daily, hourly, current: hourly.at(-1)! };
}
