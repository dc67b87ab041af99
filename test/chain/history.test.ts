import { and, eq, sql } from "drizzle-orm";
import { erc20Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { devnetPast } from "@/devnet/past/chain-past";
import { devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getHealth } from "@/lib/domain/health/get-health";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { historyBuckets, instrumentSnapshots, instruments } from "@/lib/machinery/db/schema";
import { HISTORY_DAYS, HISTORY_HOURS } from "@/lib/machinery/sync/history/buckets";
import { backfillChain } from "@/lib/machinery/sync/history/backfill-chain";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startRpcProxy, startTestDevnetWithPast, type RpcProxy, type TestDevnet } from "../support/devnet";
import { openTestDatabase } from "../support/test-database";
import {
  aaveApyExpected,
  cometApyExpected,
  expectRelative,
  fluidApyExpected,
  metaMorphoApyExpected,
  sharePriceApyExpected,
  usdExpected,
} from "./formulas";

// The history backfill (issue 27) on the local chain with its year of real past (devnet/past): every
// point it writes is checked against what the protocols' contracts answer at the point's block, read
// here directly; a restart, a second instance, a node without the past, a live point and an
// impossible value each get their case. One chain for the file (building the past takes a minute or
// two); what changes it runs inside `within`.

let devnet: TestDevnet;
let lab: ChainLab;
let proxy: RpcProxy;
let database: Database;
const db = () => database.db;
const ALL_BUCKETS = HISTORY_DAYS + HISTORY_HOURS;

beforeAll(async () => {
  devnet = await startTestDevnetWithPast();
  lab = chainLab(devnet);
  proxy = await startRpcProxy(devnet.url);
  database = await openTestDatabase();
}, 900_000);
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

const clientOf = (url = proxy.url) =>
  createChainClient(LOCAL_CHAIN_ID, url, { retries: 0, timeoutMs: 20_000 });
const liveSync = (on: Database = database) =>
  syncChain({ db: on.db, client: clientOf(), chainId: LOCAL_CHAIN_ID });
const backfill = (budget: number, on: Database = database) =>
  backfillChain({ db: on.db, client: clientOf(), chainId: LOCAL_CHAIN_ID, budget });
const nameOf = (address: string) =>
  (Object.entries(devnetAddresses) as [DevnetContract, Hex][]).find(
    ([, a]) => a.toLowerCase() === address.toLowerCase(),
  )![0];
const localInstruments = () => db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
const bucketRows = (on: Database = database) =>
  on.db.select().from(historyBuckets).where(eq(historyBuckets.chainId, LOCAL_CHAIN_ID));
const pointsOf = (interval: "day" | "hour", start: Date) =>
  db()
    .select()
    .from(instrumentSnapshots)
    .where(and(eq(instrumentSnapshots.interval, interval), eq(instrumentSnapshots.bucketStart, start)));
const historyHealth = async (on: Database = database) =>
  (await getHealth({ database: on, now: new Date() })).chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!
    .history!;

const DAY_MS = 86_400_000;
const yesterday = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
let livePoint: { instrumentId: string; apy: number };

describe("the backfill of the local chain's year", () => {
  it("reads the chain live first; a point a live sync wrote for yesterday is there before the backfill", async () => {
    const live = await liveSync();
    expect(live.error).toBeNull();
    const usdc = (await localInstruments()).find((i) => i.yieldTokenSymbol === "aLocUSDC")!;
    livePoint = { instrumentId: usdc.instrumentId, apy: 42.4242 };
    await db().insert(instrumentSnapshots).values({
      instrumentId: usdc.instrumentId,
      interval: "day",
      bucketStart: yesterday(),
      apy: livePoint.apy,
      apyReward: 0,
      tvl: 1,
      blockNumber: live.block,
      isDemo: false,
    });
  });

  it("is claimed by one instance at a time: of two runs at once, one reads and the other takes nothing", async () => {
    const [a, b] = await Promise.all([backfill(60), backfill(60)]);
    expect([a.claimed, b.claimed].sort()).toEqual([false, true]);
    const run = a.claimed ? a : b;
    expect(run.error).toBeNull();
    expect(run.rpcCalls).toBeLessThanOrEqual(60);
    expect(run.bucketsRead).toBeGreaterThan(0);
    expect(run.missing).toBe(ALL_BUCKETS - run.bucketsRead);
    expect(await bucketRows()).toHaveLength(run.bucketsRead);
    const health = await historyHealth();
    expect(health).toMatchObject({
      complete: false,
      missingDays: expect.any(Number),
      stoppedReason: null,
      lastError: null,
    });
    expect(health.missingDays + health.missingHours).toBe(run.missing);
  });

  it("after a restart carries on with the missing buckets only, newest first, to the end", async () => {
    const before = await bucketRows();
    proxy.requests.length = 0;
    // A new client and run: what a restarted server does.
    const run = await backfill(100_000);
    expect(run).toMatchObject({ claimed: true, error: null, stopped: null, missing: 0 });
    const after = await bucketRows();
    expect(after).toHaveLength(ALL_BUCKETS);
    // No bucket read twice: the two runs' buckets add up to the plan.
    expect(before.length + run.bucketsRead).toBe(ALL_BUCKETS);
    const calls = proxy.requests.flatMap((body) =>
      [JSON.parse(body) as { method: string } | { method: string }[]].flat(),
    );
    console.log(
      `backfill: ${run.bucketsRead} buckets, ${calls.length} JSON-RPC calls (${(calls.length / run.bucketsRead).toFixed(2)} a bucket), ${proxy.requests.length} HTTP requests (${(proxy.requests.length / run.bucketsRead).toFixed(2)} a bucket), ${run.durationMs} ms`,
    );
    const health = await historyHealth();
    expect(health).toMatchObject({
      complete: true,
      missingDays: 0,
      missingHours: 0,
      stoppedReason: null,
      lastError: null,
    });
    expect(health.newestDay).toBe(yesterday().toISOString().slice(0, 10));
    expect(health.oldestDay).toBe(
      new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10),
    );
  });

  it("reads each bucket at its closing block: the last block before the bucket's end", async () => {
    for (const row of (await bucketRows()).filter((_, i) => i % 37 === 0)) {
      const end = row.bucketStart.getTime() / 1000 + (row.interval === "day" ? 86_400 : 3_600);
      expect(await lab.timestampAt(BigInt(row.blockNumber))).toBeLessThan(end);
      expect(await lab.timestampAt(BigInt(row.blockNumber) + 1n)).toBeGreaterThanOrEqual(end);
    }
  });

  it("never overwrites a live point, and replaces the chain's sample history", async () => {
    const [kept] = await db()
      .select()
      .from(instrumentSnapshots)
      .where(
        and(
          eq(instrumentSnapshots.instrumentId, livePoint.instrumentId),
          eq(instrumentSnapshots.interval, "day"),
          eq(instrumentSnapshots.bucketStart, yesterday()),
        ),
      );
    expect(kept).toMatchObject({ apy: livePoint.apy, backfilled: false });
    const others = await pointsOf("day", yesterday());
    expect(others.filter((p) => p.backfilled).length).toBeGreaterThan(10);
    const ids = (await localInstruments()).map((i) => i.instrumentId);
    const demo = await db().execute(
      sql`select count(*)::int as n from instrument_snapshots where is_demo and instrument_id = any(${`{${ids.join(",")}}`}::text[])`,
    );
    expect((demo as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

/** What the contracts answer at `block` for the instrument, read here: its APY and TVL by the rules of docs/data.md. */
async function expectedAt(i: typeof instruments.$inferSelect, block: bigint, previous: bigint) {
  const name = nameOf(i.protocol === "aave" ? i.yieldTokenAddress : i.adapterAddress);
  const oracle =
    i.adapterAddress.toLowerCase() === devnetAddresses.aavePrimePool.toLowerCase()
      ? devnetAddresses.aavePrimeOracle
      : devnetAddresses.aaveOracle;
  const price = (await devnet.reader.readContract({
    address: oracle,
    abi: aaveOracleArtifact.abi,
    functionName: "getAssetPrice",
    args: [i.tokenAddress as Hex],
    blockNumber: block,
  })) as bigint;
  const totalAssets = (address: Hex) =>
    devnet.reader.readContract({
      address,
      abi: [
        ...erc20Abi,
        {
          type: "function",
          name: "totalAssets",
          stateMutability: "view",
          inputs: [],
          outputs: [{ type: "uint256" }],
        },
      ],
      functionName: "totalAssets",
      blockNumber: block,
    }) as Promise<bigint>;
  const tvlOf = (amount: bigint) => usdExpected(amount, i.tokenDecimals, price, 10n ** 8n);
  switch (i.protocol) {
    case "aave":
      return {
        apy: aaveApyExpected((await lab.aaveReserveAt(name as never, block)).currentLiquidityRate),
        tvl: tvlOf(await lab.totalSupplyAt(name, block)),
      };
    case "compound": {
      const comet = await lab.cometAt(name as never, block);
      return {
        apy: cometApyExpected(comet.supplyRate),
        tvl:
          i.tokenSymbol === "USDC"
            ? usdExpected(comet.totalSupply, i.tokenDecimals, comet.feedPrice, 10n ** 8n)
            : null,
      };
    }
    case "fluid":
      return {
        apy: fluidApyExpected((await lab.fluidAt(name as never, block)).supplyRate),
        tvl: tvlOf(await totalAssets(i.adapterAddress as Hex)),
      };
    case "morpho": {
      const tvl = tvlOf(await totalAssets(i.adapterAddress as Hex));
      if (isVaultV2(name)) {
        const [p0, p1, t0, t1] = await Promise.all([
          lab.sharePriceAt(name, previous),
          lab.sharePriceAt(name, block),
          lab.timestampAt(previous),
          lab.timestampAt(block),
        ]);
        return { apy: sharePriceApyExpected(p0, t0, p1, t1), tvl };
      }
      const raw = await lab.metaMorphoAt(name, block);
      return { apy: metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee), tvl };
    }
  }
}
const expectClose = (actual: number, expected: number, label: string) => {
  if (expected === 0) expect(actual, label).toBe(0);
  else expect(() => expectRelative(actual, expected), label).not.toThrow();
};
/** A Vault V2 of the plan (devnet/plan/morpho.ts): no rate of its own, recipe B. */
const isVaultV2 = (name: string) => name.endsWith("VaultV2");

describe("each backfilled point", () => {
  it("is what the contracts answer at its block, for every protocol: Aave, Compound, Morpho recipes A and B, Fluid, with TVL at that block's prices", async () => {
    const rows = (await bucketRows()).sort((a, b) => a.bucketStart.getTime() - b.bucketStart.getTime());
    const days = rows.filter((r) => r.interval === "day");
    const hours = rows.filter((r) => r.interval === "hour");
    const checked = [days[5]!, days[180]!, days.at(-2)!, hours[10]!, hours.at(-1)!];
    const list = await localInstruments();
    const seen = new Set<string>();
    for (const row of checked) {
      const previous = rows.find(
        (r) =>
          r.interval === row.interval &&
          r.bucketStart.getTime() ===
            row.bucketStart.getTime() - (row.interval === "day" ? DAY_MS : 3_600_000),
      );
      const points = await pointsOf(row.interval, row.bucketStart);
      for (const point of points.filter((p) => p.backfilled)) {
        const instrument = list.find((i) => i.instrumentId === point.instrumentId)!;
        expect(point.blockNumber).toBe(row.blockNumber);
        const expected = await expectedAt(
          instrument,
          BigInt(row.blockNumber),
          BigInt(previous?.blockNumber ?? row.blockNumber),
        );
        const label = `${instrument.yieldTokenSymbol} ${row.interval} ${row.bucketStart.toISOString()} block ${row.blockNumber}`;
        expectClose(point.apy, expected.apy, `${label} APY`);
        if (expected.tvl !== null) expectClose(point.tvl, expected.tvl, `${label} TVL`);
        seen.add(
          `${instrument.protocol}:${instrument.protocol === "morpho" ? (isVaultV2(nameOf(instrument.adapterAddress)) ? "B" : "A") : ""}`,
        );
      }
    }
    expect([...seen].sort()).toEqual(["aave:", "compound:", "fluid:", "morpho:A", "morpho:B"]);
  });

  it("moves over the year: rates and TVL are not one value repeated", async () => {
    const aUsdc = (await localInstruments()).find((i) => i.yieldTokenSymbol === "aLocUSDC")!;
    const points = await db()
      .select()
      .from(instrumentSnapshots)
      .where(
        and(
          eq(instrumentSnapshots.instrumentId, aUsdc.instrumentId),
          eq(instrumentSnapshots.interval, "day"),
        ),
      );
    expect(new Set(points.map((p) => p.apy.toFixed(6))).size).toBeGreaterThan(50);
    expect(new Set(points.map((p) => p.tvl.toFixed(2))).size).toBeGreaterThan(50);
  });

  it("carries the on-chain reward streams as they stood at its block: the AAVE stream that started and ended in the past; none for Merkl-only vaults", async () => {
    const list = await localInstruments();
    const aWeth = list.find(
      (i) =>
        i.yieldTokenAddress.toLowerCase() === devnetAddresses[devnetPast.endedStream.market].toLowerCase(),
    )!;
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const dayPoint = async (daysAgo: number) =>
      (
        await db()
          .select()
          .from(instrumentSnapshots)
          .where(
            and(
              eq(instrumentSnapshots.instrumentId, aWeth.instrumentId),
              eq(instrumentSnapshots.interval, "day"),
              eq(instrumentSnapshots.bucketStart, new Date(today - daysAgo * DAY_MS)),
            ),
          )
      )[0]!;
    const during = await dayPoint(
      Math.round((devnetPast.endedStream.fromDaysAgo + devnetPast.endedStream.toDaysAgo) / 2),
    );
    const before = await dayPoint(devnetPast.endedStream.fromDaysAgo + 20);
    const after = await dayPoint(devnetPast.endedStream.toDaysAgo - 20);
    expect(during.apyReward).toBeGreaterThan(0);
    expect(during.apyReward).toBeGreaterThan(before.apyReward! + 0.01);
    expect(during.apyReward).toBeGreaterThan(after.apyReward! + 0.01);
    // Merkl, the only source of Morpho vaults' rewards, cannot be read for the past; the on-chain sources can.
    const ids = new Set(list.map((i) => i.instrumentId));
    const points = (await pointsOf("day", new Date(today - 30 * DAY_MS))).filter((p) =>
      ids.has(p.instrumentId),
    );
    const symbolOf = (id: string) => list.find((i) => i.instrumentId === id)!;
    for (const p of points.filter((p) => symbolOf(p.instrumentId).protocol === "morpho"))
      expect(p.apyReward, symbolOf(p.instrumentId).yieldTokenSymbol).toBeNull();
    const onChain = points.filter((p) => symbolOf(p.instrumentId).protocol !== "morpho");
    console.log(
      `apyReward 30 days ago: ${onChain.map((p) => `${symbolOf(p.instrumentId).yieldTokenSymbol} ${p.apyReward}`).join(", ")}`,
    );
    expect(onChain.filter((p) => p.apyReward !== null).length).toBeGreaterThan(onChain.length / 2);
  });
});

describe("a node without the past", () => {
  it("stops the backfill at the oldest block it serves; health says why; the live sync goes on", async () => {
    const other = await openTestDatabase();
    try {
      expect((await liveSync(other)).error).toBeNull();
      proxy.mode = "pruned";
      proxy.servedBlocks = 30;
      const run = await backfill(100_000, other);
      const head = await devnet.reader.getBlockNumber();
      expect(run.error).toBeNull();
      expect(run.stopped).toMatchObject({ reason: expect.stringMatching(/serves no state at block \d+/) });
      // The oldest bucket whose closing block, or the previous bucket's (a vault's share-price reference), is out of reach.
      expect(run.stopped!.block).toBeLessThanOrEqual(Number(head) - 30);
      const read = await bucketRows(other);
      expect(read.length).toBeGreaterThan(0);
      expect(read.every((r) => r.blockNumber >= Number(head) - 30)).toBe(true);
      const health = await historyHealth(other);
      expect(health).toMatchObject({
        complete: false,
        stoppedBlock: run.stopped!.block,
        stoppedReason: expect.stringMatching(/missing trie node/),
      });
      // A later run does not knock on the same door again before the retry pause.
      const again = await backfill(100_000, other);
      expect(again.bucketsRead).toBe(0);
      expect(again.rpcCalls).toBeLessThan(10);
      // Nothing else is affected: the live sync publishes as before.
      const live = await liveSync(other);
      expect(live.error).toBeNull();
      expect(live.ok).toBe(true);
    } finally {
      proxy.mode = "pass";
      proxy.servedBlocks = 0;
      await other.close();
    }
  });
});

describe("an impossible value in the past", () => {
  it("is refused and listed in health with its block; nothing is written for it in that bucket", async () => {
    const other = await openTestDatabase();
    try {
      await devnet.within(async () => {
        expect((await liveSync(other)).error).toBeNull();
        // A rate model as steep as Aave allows: some 65,000 % APY at the reserve's utilization (trusted-sync.test.ts).
        await lab.aaveSetRateData("aUsdc", {
          optimalUsageRatio: 100,
          baseVariableBorrowRate: 0,
          variableRateSlope1: 0,
          variableRateSlope2: 100_000,
        });
        const steep = await devnet.reader.getBlockNumber();
        await devnet.advance(2 * 3_600);
        const run = await backfill(80, other);
        const aUsdc = (
          await other.db
            .select()
            .from(instruments)
            .where(eq(instruments.yieldTokenAddress, devnetAddresses.aUsdc))
        ).at(0)!;
        const refused = run.rejected.filter((r) => r.instrumentId === aUsdc.instrumentId);
        expect(refused.length).toBeGreaterThan(0);
        expect(refused[0]).toMatchObject({
          block: expect.any(Number),
          reason: expect.stringMatching(/^APY [\d.e+]+ % is outside 0 to 1000 %$/),
        });
        expect(refused[0]!.block).toBeGreaterThanOrEqual(Number(steep));
        // Every bucket closing at that block (an hour may close on the same block as the one before it,
        // and a bucket the live sync wrote keeps its live points): no point of aUsdc, the others' points.
        const closing = (await bucketRows(other)).filter((r) => r.blockNumber === refused[0]!.block);
        expect(closing.length).toBeGreaterThan(0);
        const points = (
          await Promise.all(
            closing.map((bucket) =>
              other.db
                .select()
                .from(instrumentSnapshots)
                .where(
                  and(
                    eq(instrumentSnapshots.interval, bucket.interval),
                    eq(instrumentSnapshots.bucketStart, bucket.bucketStart),
                    eq(instrumentSnapshots.backfilled, true),
                  ),
                ),
            ),
          )
        ).flat();
        expect(points.some((p) => p.instrumentId === aUsdc.instrumentId)).toBe(false);
        expect(points.length).toBeGreaterThan(5);
        expect((await historyHealth(other)).rejectedReadings).toEqual(expect.arrayContaining([refused[0]]));
      });
    } finally {
      await other.close();
    }
  });
});
