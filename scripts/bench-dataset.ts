// Benchmark loader (scripts/bench.mjs and scripts/bench-load.mjs run it with tsx): migrates and seeds the
// configured database (DATA_DIR or DATABASE_URL) like the server does, adds BENCH_INSTRUMENTS generated
// live instruments once, creates BENCH_KEYS live keys of one account whose limit never triggers (1 by
// default) and, given BENCH_LIMITED_KEY=N, one more limited to N requests per window, and prints one
// JSON line: { key, keys, keyIds, limitedKey, detailIds, historyIds, instruments, loadedMs }.
import { inspect } from "node:util";
import { count, eq, sql } from "drizzle-orm";
import { keccak256, toHex, type Hex } from "viem";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import { seededRandom } from "@/lib/machinery/catalog/demo-metrics";
import { chainsOf } from "@/lib/facts/chains";
import { datasetMeta, instrumentSnapshots, instruments, protocols } from "@/lib/machinery/db/schema";
import { isStablecoinCategory, type AssetCategory } from "@/lib/facts/asset-categories";
import { openMigratedDatabase } from "@/lib/api/services";
import type { Database } from "@/lib/machinery/db/client";

const GENERATED = Number(process.env.BENCH_INSTRUMENTS ?? 100_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 1);
const LIMITED_KEY_LIMIT = process.env.BENCH_LIMITED_KEY ? Number(process.env.BENCH_LIMITED_KEY) : null;
const BENCH_ACCOUNT = "0x0000000000000000000000000000000000000000";
const MARKER_KEY = "bench-generated-instruments";
const BATCH = 1_000;

/** Tokens per asset category: symbol and decimals. */
const tokens: Record<AssetCategory, [symbol: string, decimals: number][]> = {
  USD: [
    ["USDC", 6],
    ["USDT", 6],
    ["DAI", 18],
    ["USDS", 18],
    ["GHO", 18],
    ["PYUSD", 6],
    ["USDe", 18],
  ],
  EUR: [
    ["EURC", 6],
    ["EURe", 18],
  ],
  ETH: [
    ["WETH", 18],
    ["wstETH", 18],
    ["weETH", 18],
    ["cbETH", 18],
    ["rETH", 18],
  ],
  BTC: [
    ["WBTC", 8],
    ["cbBTC", 8],
    ["tBTC", 18],
  ],
};
// Roughly the mix of a real catalog: mostly dollars, then ETH, BTC, a few euros.
const categoryWeights: [AssetCategory, number][] = [
  ["USD", 0.55],
  ["ETH", 0.25],
  ["BTC", 0.12],
  ["EUR", 0.08],
];
const yieldPrefix = { aave: "a", compound: "c", morpho: "mm", fluid: "f" } as const;

const addressOf = (seed: string): Hex => `0x${keccak256(toHex(seed)).slice(-40)}`;

type ProtocolRow = typeof protocols.$inferSelect;

/** The i-th generated instrument: a live market of a random protocol record, token and size. */
function generatedInstrument(
  i: number,
  protocol: ProtocolRow,
  rand: () => number,
  now: number,
): typeof instruments.$inferInsert {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  let r = rand();
  const category = categoryWeights.find(([, w]) => (r -= w) < 0)?.[0] ?? "USD";
  const [symbol, decimals] = pick(tokens[category]);
  const marketId = marketIdOf(addressOf(`yieldgrid-bench-market-${i}`));
  const createdAt = new Date(now - Math.floor(rand() * 730 * 86_400_000));
  return {
    instrumentId: instrumentIdOf(protocol.chainId, protocol.protocolAddress as Hex, marketId),
    protocolId: protocol.id,
    protocol: protocol.name,
    chainId: protocol.chainId,
    environment: "live",
    protocolAddress: protocol.protocolAddress,
    marketId,
    adapterAddress: addressOf(`yieldgrid-bench-adapter-${i}`),
    tokenAddress: addressOf(`yieldgrid-bench-token-${protocol.chainId}-${symbol}`),
    tokenSymbol: symbol,
    tokenDecimals: decimals,
    yieldTokenAddress: addressOf(`yieldgrid-bench-yield-${i}`),
    yieldTokenSymbol: `${yieldPrefix[protocol.name as keyof typeof yieldPrefix] ?? ""}${symbol}-${i}`,
    description: `${protocol.displayName} ${symbol} market #${i} (generated for the benchmark)`,
    // APY 0-20 % (most of them low), TVL 1e3-1e10 USD log-uniform.
    currentApy: Math.round(20 * rand() ** 2 * 10_000) / 10_000,
    tvl: Math.round(10 ** (3 + 7 * rand()) * 100) / 100,
    lastSyncedAt: new Date(now - Math.floor(rand() * 3_600_000)),
    isActive: rand() > 0.05,
    isStablecoin: isStablecoinCategory(category),
    assetCategory: category,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Adds GENERATED instruments once (a marker row says a database has them), in batches of one
 * transaction. None (BENCH_INSTRUMENTS=0) leaves the seeded catalog as a fresh `npm start` serves it.
 */
async function loadGenerated(db: Database["db"]) {
  if (GENERATED === 0) return;
  const [marker] = await db.select().from(datasetMeta).where(eq(datasetMeta.key, MARKER_KEY));
  if (marker?.value === String(GENERATED)) return;
  if (marker)
    throw new Error(
      `this database holds ${marker.value} generated instruments, not ${GENERATED}: use a fresh one`,
    );
  const liveChains = new Set(chainsOf("live").map((c) => c.id));
  const protocolRows = (await db.select().from(protocols)).filter((p) => liveChains.has(p.chainId));
  // Deterministic, so that every machine loads the same data set.
  const rand = seededRandom(20_240_601);
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (let start = 0; start < GENERATED; start += BATCH) {
      const rows: (typeof instruments.$inferInsert)[] = [];
      for (let i = start; i < Math.min(GENERATED, start + BATCH); i++) {
        const protocol = protocolRows[Math.floor(rand() * protocolRows.length)]!;
        rows.push(generatedInstrument(i, protocol, rand, now));
      }
      await tx.insert(instruments).values(rows);
    }
    await tx.insert(datasetMeta).values({ key: MARKER_KEY, value: String(GENERATED), updatedAt: new Date() });
  });
  await db.execute(sql`analyze`);
}

async function main() {
  const database = await openMigratedDatabase();
  const { db } = database;
  try {
    const started = performance.now();
    await loadGenerated(db);
    const loadedMs = Math.round(performance.now() - started);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(instruments);
    // Instruments spread over the data set, for the detail requests.
    const detailIds = await db
      .select({ id: instruments.instrumentId })
      .from(instruments)
      .where(eq(instruments.environment, "live"))
      .orderBy(instruments.instrumentId)
      .limit(Number(process.env.BENCH_DETAIL_IDS ?? 8))
      .offset(Math.floor(total / 3));
    // Live instruments with a history (the seeded catalog's), for history requests.
    const historyIds = await db
      .selectDistinct({ id: instrumentSnapshots.instrumentId })
      .from(instrumentSnapshots)
      .innerJoin(instruments, eq(instruments.instrumentId, instrumentSnapshots.instrumentId))
      .where(eq(instruments.environment, "live"))
      .orderBy(instrumentSnapshots.instrumentId)
      .limit(20);
    const stamp = new Date().toISOString();
    const newKey = async (name: string, rateLimit: number) =>
      createApiKey({
        db,
        account: BENCH_ACCOUNT,
        name: `${name} ${stamp}`,
        type: "live",
        rateLimit,
        now: new Date(),
      });
    const created = [];
    for (let i = 0; i < KEYS; i++) created.push(await newKey(`bench ${i + 1}`, 100_000_000));
    const keys = created.map((k) => k.key);
    const keyIds = created.map((k) => k.id);
    const limited = LIMITED_KEY_LIMIT === null ? null : await newKey("bench limited", LIMITED_KEY_LIMIT);
    const limitedKey = limited && { key: limited.key, id: limited.id, limit: LIMITED_KEY_LIMIT };
    const output = {
      key: keys[0],
      keys,
      keyIds,
      limitedKey,
      detailIds: detailIds.map((r) => r.id),
      historyIds: historyIds.map((r) => r.id),
      instruments: total,
      loadedMs,
    };
    process.stdout.write(JSON.stringify(output) + "\n");
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // PGlite rejects with objects that are not Errors (e.g. ErrnoError for a data folder it cannot open).
  console.error(`bench-dataset failed: ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}`);
  process.exit(1);
});
