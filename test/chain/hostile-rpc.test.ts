import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startHostileRpc, type HostileRpc, type RpcFault } from "@/devnet/hostile-rpc";
import { units } from "@/devnet/plan/tokens";
import { getHealth } from "@/lib/domain/health/get-health";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { chainClient } from "@/lib/machinery/chain/client";
import { rpcNameOf } from "@/lib/machinery/chain/rpc-endpoints";
import type { Database } from "@/lib/machinery/db/client";
import { instruments, instrumentSnapshots, sharePriceSamples } from "@/lib/machinery/db/schema";
import { catalogRow } from "@/lib/machinery/db/seed";
import { syncChain, type ChainSyncResult } from "@/lib/machinery/sync/sync-chain";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { openTestDatabase } from "../support/test-database";
import { aaveApyExpected, expectRelative } from "./formulas";

// The local chain read through RPC_URL_31337 pointing at a proxy that misbehaves on purpose
// (devnet/hostile-rpc.ts): each fault, and a random mix of them, leaves the published values exactly
// as they were, ends the sync by itself within a few RPC timeouts, and shows in /health; the next
// clean sync publishes the chain's new values. A list of RPCs reads through the one that works.

const RPC_TIMEOUT_MS = 1_000;
const SYNC_TIMEOUT_SECONDS = 20;

let devnet: TestDevnet;
let lab: ChainLab;
let hostile: HostileRpc;
let database: Database;
const db = () => database.db;

beforeAll(async () => {
  devnet = await startTestDevnet();
  lab = chainLab(devnet);
  hostile = await startHostileRpc(devnet.url);
  // Its lagging node is 100 blocks behind: more than the tests mine between two syncs (a real borrow
  // and the clock's move take five or six), so its head is always older than the published block.
  hostile.lagBlocks = 100;
  database = await openTestDatabase();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
  await hostile?.close();
  await devnet?.stop();
});
beforeEach(() => {
  hostile.clear();
  useRpcs(hostile.url);
});

/** RPC_URL_31337 and short limits: the real path from the configuration to the chain's client. */
function useRpcs(urls: string) {
  vi.stubEnv("RPC_URL_31337", urls);
  vi.stubEnv("RPC_TIMEOUT_MS", String(RPC_TIMEOUT_MS));
  vi.stubEnv("RPC_RETRIES", "0");
  vi.stubEnv("SYNC_TIMEOUT_SECONDS", String(SYNC_TIMEOUT_SECONDS));
  vi.stubEnv("DEVNET_MANIFEST", "/nonexistent/devnet.json");
}

// Each sync a minute after the one before, on the app's clock.
let clock = Date.now();
const sync = (): Promise<ChainSyncResult> => {
  clock += 60_000;
  return syncChain({ db: db(), client: chainClient(LOCAL_CHAIN_ID)!, chainId: LOCAL_CHAIN_ID, now: () => new Date(clock) });
};

/** Everything a sync publishes for the chain: its instruments' rows, and how many snapshots and samples there are. */
async function publishedState() {
  const rows = await db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID)).orderBy(asc(instruments.instrumentId));
  const [snapshots] = await db().select({ n: count() }).from(instrumentSnapshots);
  const [samples] = await db().select({ n: count() }).from(sharePriceSamples);
  return { rows, snapshots: snapshots!.n, samples: samples!.n };
}
const healthOf = async () => (await getHealth({ database, now: new Date() })).chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;

const aUsdc = catalogRow(localChainInstruments.find((i) => i.yieldTokenSymbol === "aLocUSDC")!).instrumentId;

/**
 * A real borrow of `n` × 100,000 USDC from aLocUSDC's reserve by an account of its own (against WETH)
 * moves its supply rate, and the chain's clock moves: the next sync's values differ.
 */
let borrowers = 0;
async function changeChainState(n: number) {
  await lab.aaveBorrow(await lab.actor(`hostile rpc borrower ${borrowers++}`), "aUsdc", units(String(n * 100_000), 6));
  await devnet.advance(120);
}

/**
 * Every market published at the sync's block, aLocUSDC at the rate its reserve had there (the latest
 * borrow's); `clean`: nothing else went wrong either.
 */
async function expectFreshValues(result: ChainSyncResult, { clean = true } = {}) {
  if (clean) expect(result.error).toBeNull();
  expect(result.ok).toBe(true);
  expect(result.failed).toEqual([]);
  const { rows } = await publishedState();
  for (const row of rows) expect(row.asOfBlock, row.yieldTokenSymbol).toBe(result.block);
  const { currentLiquidityRate } = await lab.aaveReserveAt("aUsdc", BigInt(result.block!));
  expectRelative(rows.find((r) => r.instrumentId === aUsdc)!.currentApy, aaveApyExpected(currentLiquidityRate));
}

const TRANSPORT = true;
// Each fault, the method it is set on, the reason health gives, and whether it is the RPC's own
// failure (the RPC's entry in health names it) or what the sync concluded from its answers.
const faults: [RpcFault, string[], RegExp, boolean][] = [
  ["hang", ["eth_call"], /^the request took too long to respond/, TRANSPORT],
  ["headers-then-hang", ["eth_getBlockByNumber"], /^the request took too long to respond/, TRANSPORT],
  ["drip", ["eth_call"], /^the request took too long to respond/, TRANSPORT],
  ["truncated", ["eth_call"], /^the RPC's answer was cut off/, TRANSPORT],
  ["malformed", ["eth_chainId"], /^the RPC's answer is not JSON/, TRANSPORT],
  ["wrong-id", ["eth_call"], /^the RPC's answer has the id \d+, which is no call's it was sent/, TRANSPORT],
  ["missing-result", ["eth_call"], /^the RPC's answer to eth_call \(id \d+\) has neither a result nor an error/, TRANSPORT],
  ["http-500", ["*"], /^HTTP 500/, TRANSPORT],
  ["rpc-error", ["eth_call"], /^JSON-RPC error -32000: missing trie node/, TRANSPORT],
  ["wrong-chain", ["eth_chainId"], /^the RPC answers for chain 8453, not chain 31337$/, !TRANSPORT],
  ["lagging-head", ["eth_getBlockByNumber", "eth_blockNumber"], /^the RPC's head \d+ is older than block \d+, whose values are already published$/, !TRANSPORT],
];

describe("a sync through a hostile RPC publishes nothing and says why", () => {
  it.each(faults)("%s (on %j)", async (fault, methods, reason, transport) => {
    expect(await sync().then((r) => r.error)).toBeNull();
    const good = await publishedState();
    await changeChainState(3 + faults.findIndex(([f]) => f === fault));

    for (const method of methods) hostile.inject(method, fault);
    const started = Date.now();
    const result = await sync();
    const tookMs = Date.now() - started;
    hostile.clear();

    expect(result.ok).toBe(false);
    expect(result.error).toMatch(reason);
    // Ended by the RPC's timeout or at once, not by the sync's deadline.
    expect(tookMs).toBeLessThan(SYNC_TIMEOUT_SECONDS * 1000 - 5_000);
    expect(await publishedState()).toEqual(good);
    const health = await healthOf();
    expect(health).toMatchObject({ chainId: LOCAL_CHAIN_ID, name: "Local", failedSyncs: 1, lastError: expect.stringMatching(reason) });
    expect(new Date(health.lastErrorAt!).getTime()).toBe(clock);
    expect(health.rpcs).toHaveLength(1);
    expect(health.rpcs[0]).toMatchObject({ name: hostile.url, source: "configured", rank: 1 });
    if (transport) {
      expect(health.rpcs[0]!.lastError).toMatch(reason);
      expect(new Date(health.rpcs[0]!.lastErrorAt!).getTime()).toBeGreaterThanOrEqual(started);
    }

    // The RPC behaves again: the next sync publishes the chain's new values, and the run of failures ends.
    await expectFreshValues(await sync());
    expect(await healthOf()).toMatchObject({ failedSyncs: 0 });
  });
});

describe("a random mix of faults (seeded)", () => {
  it("each sync either publishes nothing or every value at its block, and ends by itself; a clean sync recovers", async () => {
    await expectFreshValues(await sync());
    let good = await publishedState();
    hostile.mix({ seed: 17, rate: 0.25 });
    const outcomes: boolean[] = [];
    for (let round = 0; round < 8; round++) {
      await changeChainState(2 + round);
      const failedBefore = (await healthOf()).failedSyncs;
      const started = Date.now();
      const result = await sync();
      expect(Date.now() - started).toBeLessThan(SYNC_TIMEOUT_SECONDS * 1000 - 5_000);
      outcomes.push(result.ok);
      if (result.ok) {
        // A fault that met only the discovery of new markets leaves the known ones to be read and published.
        await expectFreshValues(result, { clean: false });
        expect(result.error ?? "").not.toMatch(/market\(s\) not read|refused as impossible/);
        good = await publishedState();
      } else {
        expect(await publishedState()).toEqual(good);
        expect(await healthOf()).toMatchObject({ failedSyncs: failedBefore + 1, lastError: result.error });
      }
    }
    hostile.clear();
    expect(hostile.applied.length).toBeGreaterThan(0);
    expect(outcomes).toContain(false);
    await changeChainState(11);
    await expectFreshValues(await sync());
    expect(await healthOf()).toMatchObject({ failedSyncs: 0 });
  });
});

describe("several RPCs in RPC_URL_31337", () => {
  it('"hostileUrl,goodUrl": read through the one that answers, the other ranked after it with its reason', async () => {
    useRpcs(`${hostile.url}/v2/SECRETKEY, ${devnet.url}`);
    hostile.inject("*", "hang");
    await changeChainState(5);
    const started = Date.now();
    await expectFreshValues(await sync());
    // The hostile RPC is asked first once: a request's timeout, then everything goes to the good one.
    expect(Date.now() - started).toBeLessThan(SYNC_TIMEOUT_SECONDS * 1000 - 5_000);
    const health = await healthOf();
    expect(health).toMatchObject({ failedSyncs: 0, rpcSource: "configured", rpcUrl: null });
    expect(health.rpcs).toEqual([
      { name: hostile.url, source: "configured", rank: 2, lastError: expect.stringMatching(/took too long/), lastErrorAt: expect.any(String) },
      { name: rpcNameOf(devnet.url), source: "configured", rank: 1, lastError: null, lastErrorAt: null },
    ]);
    expect(JSON.stringify(health)).not.toMatch(/SECRETKEY/);
  });

  it("an RPC of another chain in the list is never read: the sync goes through the chain's own", async () => {
    useRpcs(`${hostile.url}/other-chain,${devnet.url}`);
    hostile.inject("eth_chainId", "wrong-chain");
    await changeChainState(6);
    await expectFreshValues(await sync());
    expect((await healthOf()).rpcs[0]).toMatchObject({ rank: 2, lastError: "the RPC answers for chain 8453, not chain 31337" });
  });
});
