import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aaveMarketOf } from "@/devnet/plan/aave";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { getHealth } from "@/lib/domain/health/get-health";
import { getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { chainSyncState, instruments } from "@/lib/machinery/db/schema";
import { catalogRow } from "@/lib/machinery/db/seed";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import { openTestDatabase } from "../support/test-database";

// Trust the chain, not the RPC: every value of a sync read at one block and stamped with it, nothing
// published from a node of another chain, a lagging node, one that never answers or one that says
// something impossible, and health saying what happened.

let devnet: TestDevnet;
let lab: ChainLab;
let proxy: RpcProxy;
let database: Database;
const db = () => database.db;

beforeAll(async () => {
  devnet = await startTestDevnet();
  lab = chainLab(devnet);
  proxy = await startRpcProxy(devnet.url);
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 0, timeoutMs: 2_000 });
const sync = (at = new Date()) => syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => at });
const localRows = () => db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
const published = (rows: Awaited<ReturnType<typeof localRows>>) =>
  rows.map((r) => [r.instrumentId, r.currentApy, r.tvl, r.isActive, r.asOfBlock, r.lastSyncedAt.getTime()]).sort();
const stateOf = async () => (await db().select().from(chainSyncState).where(eq(chainSyncState.chainId, LOCAL_CHAIN_ID)))[0]!;
const healthOf = async () => (await getHealth({ database, now: new Date() })).chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;
const aUsdc = catalogRow(localChainInstruments.find((i) => i.yieldTokenSymbol === "aLocUSDC")!).instrumentId;

/** The block numbers the sync's eth_calls named (the JSON-RPC bodies the proxy saw since `from`). */
function callBlocks(from: number): string[] {
  return proxy.requests.slice(from).flatMap((body) => {
    const list = [JSON.parse(body)].flat() as { method: string; params?: unknown[] }[];
    return list.filter((r) => r.method === "eth_call").map((r) => String(r.params?.[1]));
  });
}

describe("a sync reads its chain at one block", () => {
  it("pins every eth_call to the head it read first, and stamps values, snapshots and health with it", async () => {
    // The first sync also reads share prices from the chain's past (a vault's first APY); the second reads only the head.
    await sync();
    await devnet.advance(60);
    const seen = proxy.requests.length;
    const result = await sync(new Date(Date.now() + 1_000));
    expect(result.error).toBeNull();
    const head = await devnet.reader.getBlock({ blockTag: "latest" });
    expect(result.block).toBe(Number(head.number));
    const blocks = new Set(callBlocks(seen));
    expect(blocks).toEqual(new Set([`0x${head.number.toString(16)}`]));

    for (const row of await localRows()) {
      expect(row.asOfBlock, row.yieldTokenSymbol).toBe(Number(head.number));
      expect(row.asOfTime?.getTime(), row.yieldTokenSymbol).toBe(Number(head.timestamp) * 1000);
    }
    const history = await getInstrumentHistory({ db: db(), environment: "test", instrumentId: aUsdc, interval: "hour", now: new Date() });
    expect(history.data.at(-1)?.block).toBe(Number(head.number));
    const health = await healthOf();
    expect(health).toMatchObject({ lastBlock: Number(head.number), failedSyncs: 0, rejectedReadings: [] });
    expect(health.lastBlockAt).toBe(new Date(Number(head.timestamp) * 1000).toISOString());
  });
});

describe("a sync publishes nothing", () => {
  it("from a node whose head is older than the block already published (a lagging node), and says so", async () => {
    await sync();
    const before = await localRows();
    const snapshot = await devnet.rpc<string>("evm_snapshot");
    await devnet.advance(60);
    await devnet.advance(60);
    const later = await sync(new Date(Date.now() + 60_000));
    expect(later.error).toBeNull();
    const afterLater = await localRows();
    // The node falls back two blocks: it now answers an older head than the published one.
    await devnet.rpc("evm_revert", [snapshot]);
    const lagging = await sync(new Date(Date.now() + 120_000));
    expect(lagging.ok).toBe(false);
    expect(lagging.error).toMatch(/older than block/);
    expect(published(await localRows())).toEqual(published(afterLater));
    expect(published(afterLater)).not.toEqual(published(before));
    expect(await healthOf()).toMatchObject({ failedSyncs: 1, lastError: expect.stringMatching(/older than block/) });
    // The node catches up: the next sync publishes again and the run of failures ends.
    await devnet.advance(60);
    await devnet.advance(60);
    await devnet.advance(60);
    const caughtUp = await sync(new Date(Date.now() + 180_000));
    expect(caughtUp.error).toBeNull();
    expect(await healthOf()).toMatchObject({ failedSyncs: 0 });
  });

  it("from a node of another chain", async () => {
    const other: RunningAnvil = await startAnvil({ chainId: 8453 });
    try {
      const before = published(await localRows());
      const result = await syncChain({ db: db(), client: createChainClient(LOCAL_CHAIN_ID, other.url), chainId: LOCAL_CHAIN_ID });
      expect(result.ok).toBe(false);
      expect(result.error).toBe(`the RPC answers for chain 8453, not chain ${LOCAL_CHAIN_ID}`);
      expect(published(await localRows())).toEqual(before);
    } finally {
      await other.stop();
    }
  });

  it("when the node never answers: the sync ends by its deadline and counts as failed", async () => {
    const before = published(await localRows());
    const failedBefore = (await stateOf()).failedSyncs;
    proxy.mode = "slow";
    proxy.delayMs = 60_000;
    try {
      const started = Date.now();
      const result = await syncChain({
        db: db(),
        client: createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 0, timeoutMs: 60_000 }),
        chainId: LOCAL_CHAIN_ID,
        deadlineMs: 2_000,
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.ok).toBe(false);
      expect(result.error).toBe("the sync did not finish within 2 s");
    } finally {
      proxy.mode = "pass";
    }
    expect(published(await localRows())).toEqual(before);
    expect((await stateOf()).failedSyncs).toBe(failedBefore + 1);
  });
});

describe("an impossible reading", () => {
  it("is refused, keeps the instrument's last values, and health names it with its block; the next sync recovers", async () => {
    await sync(new Date(Date.now() + 240_000));
    const before = (await localRows()).find((r) => r.instrumentId === aUsdc)!;
    // The pool admin gives the reserve a rate model as steep as Aave allows (1,000 % borrowing at full
    // use from a 1 % optimal point): at its 85 % utilization it pays suppliers about 650 % APR, some
    // 65,000 % APY. The chain says so, but no lending market pays it.
    await lab.aaveSetRateData("aUsdc", { optimalUsageRatio: 100, baseVariableBorrowRate: 0, variableRateSlope1: 0, variableRateSlope2: 100_000 });
    expect((await lab.aaveReserveAt("aUsdc", await devnet.reader.getBlockNumber())).currentLiquidityRate).toBeGreaterThan(6n * 10n ** 27n);
    const result = await sync(new Date(Date.now() + 300_000));
    expect(result.rejected).toBe(1);
    const rows = await localRows();
    expect(rows.find((r) => r.instrumentId === aUsdc)).toEqual(before);
    expect(rows.filter((r) => r.asOfBlock === result.block)).toHaveLength(rows.length - 1);
    const health = await healthOf();
    expect(health.rejectedReadings).toEqual([
      { instrumentId: aUsdc, block: result.block, reason: expect.stringMatching(/^APY [\d.e+]+ % is outside 0 to 1000 %$/) },
    ]);

    // The reserve's own rate model again: its rates are recomputed from it at once.
    await lab.aaveSetRateData("aUsdc", aaveMarketOf("aUsdc").reserve.rate);
    const recovered = await sync(new Date(Date.now() + 360_000));
    expect(recovered.rejected).toBe(0);
    expect((await localRows()).find((r) => r.instrumentId === aUsdc)!.asOfBlock).toBe(recovered.block);
    expect((await healthOf()).rejectedReadings).toEqual([]);
  });
});
