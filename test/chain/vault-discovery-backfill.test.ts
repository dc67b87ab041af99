import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { isAddressEqual, type Hex, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDiscoveryVaults } from "@/devnet/deploy/discovery";
import { discoveryAddresses, discoveryVaults, type DiscoveryVaultPlan } from "@/devnet/plan/discovery-vaults";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { morphoMarkets } from "@/devnet/plan/morpho";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { createChainClient } from "@/lib/machinery/chain/client";
import { migrateDatabase, migrationsFolder, openPglite, type Database, type Db } from "@/lib/machinery/db/client";
import { discoveredVaults, instruments, vaultDiscoveryCursors } from "@/lib/machinery/db/schema";
import { seedCatalog } from "@/lib/machinery/db/seed";
import { discoverVaults, PUBLIC_RPC_SCAN_BUDGET } from "@/lib/machinery/sync/vault-discovery";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { startLimitedRpc, type LimitedRpc } from "@/devnet/limited-rpc";

// Vault discovery on a chain with a long history behind a provider that answers eth_getLogs for at
// most 2,000 blocks, with a public RPC's budget of 25 queries a sync: the chain's first block is
// numbered 200,000 and its factories are read from block 0 (so each has 200,000+ blocks of past, about
// 100 queries, four syncs' worth), and a $2M vault is created through the v1.1 factory near the head.
// The forward-only scan of earlier versions reached it only in the fourth sync.

const GENESIS = 200_000;
const BUDGET = PUBLIC_RPC_SCAN_BUDGET;
const factories: [Hex, Hex, Hex] = [discoveryAddresses.metaMorphoFactoryV1_0, discoveryAddresses.metaMorphoFactoryV1_1, discoveryAddresses.vaultV2Factory];
const plan = (key: string) => discoveryVaults.find((v) => v.key === key)!;
const todays: DiscoveryVaultPlan = { ...plan("coreUsdc"), key: "todayUsdc", factory: "metaMorphoFactoryV1_1", name: "Local Today USDC", symbol: "todayUSDC", supply: "2000000" };
const sinceFirstSync: DiscoveryVaultPlan[] = [
  { ...plan("primeWeth"), key: "freshWeth", factory: "metaMorphoFactoryV1_0", name: "Local Fresh WETH", symbol: "frWETH", supply: "800" },
  { ...plan("v2Usdc"), key: "freshV2Usdc", name: "Local Fresh V2 USDC", symbol: "frV2USDC", supply: "600000" },
];
/**
 * The vaults of the three factories once all are created: the catalog's three Morpho vaults (plan/morpho.ts,
 * made by the main deployment's v1.1 factory and VaultV2Factory), the discovery deployment's (the stray
 * factory's is not one of them), today's and those created since the first sync.
 */
const ALL_VAULTS = morphoMarkets.length + discoveryVaults.filter((v) => v.factory !== "strayFactory").length + 1 + sinceFirstSync.length;

let devnet: TestDevnet;
let proxy: LimitedRpc;
const vaults: Record<string, Hex> = {};

/** An eth_getLogs the code under test sent: its factories, blocks, and the logs answered (null: failed). */
interface Query {
  addresses: Hex[];
  fromBlock: number;
  toBlock: number;
  logs: number | null;
}
const queries: Query[] = [];
/** The provider goes down (HTTP 503 on eth_getLogs) after this many queries of a sync; null: it stays up. */
let downAfter: number | null = null;

/** A chain client through the limited provider that records the eth_getLogs calls discovery makes. */
function recordingClient(): PublicClient {
  const inner = createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 0, timeoutMs: 5_000 });
  let sent = 0;
  const request = async (args: { method: string; params?: unknown }, options?: unknown) => {
    if (args.method !== "eth_getLogs") return inner.request(args as never, options as never);
    const [filter] = args.params as [{ address: Hex[]; fromBlock: Hex; toBlock: Hex }];
    const query: Query = { addresses: filter.address, fromBlock: Number(filter.fromBlock), toBlock: Number(filter.toBlock), logs: null };
    queries.push(query);
    if (downAfter !== null && ++sent > downAfter) proxy.limits.getLogsDown = true;
    const logs = (await inner.request(args as never, options as never)) as unknown[];
    query.logs = logs.length;
    return logs;
  };
  return new Proxy(inner, { get: (target, key) => (key === "request" ? request : Reflect.get(target, key)) });
}

/** One sync's discovery with a public RPC's budget; checks what reached the provider against the budget. */
async function sync(db: Db) {
  const exchanges = proxy.exchanges.length;
  const mark = queries.length;
  const result = await discoverVaults({ db, client: recordingClient(), chainId: LOCAL_CHAIN_ID, now: new Date(), budget: BUDGET });
  const sent = proxy.exchanges.slice(exchanges).flatMap((e) => e.getLogs);
  expect(sent.length).toBeLessThanOrEqual(BUDGET.maxRequests);
  expect(result.requests).toBe(sent.length);
  return { result, queries: queries.slice(mark) };
}

const cursorsOf = async (db: Db) => {
  const rows = await db.select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, LOCAL_CHAIN_ID));
  return factories.map((f) => rows.find((r) => isAddressEqual(r.factory as Hex, f))!);
};
/** The chain's head now (viem's getBlockNumber would answer from its cache). */
const headBlock = async () => Number(await devnet.rpc<Hex>("eth_blockNumber"));
/**
 * Listed: the vault has its instrument, which the same sync then reads like any other (discovery
 * alone leaves it inactive until that read), valued above the floor.
 */
async function expectListed(db: Db, key: string, symbol: string) {
  const [instrument] = await db.select().from(instruments).where(eq(instruments.adapterAddress, vaults[key]!));
  expect(instrument, key).toMatchObject({ protocol: "morpho", yieldTokenSymbol: symbol });
  const [found] = await db.select().from(discoveredVaults).where(eq(discoveredVaults.address, vaults[key]!));
  expect(found, key).toMatchObject({ instrumentId: instrument!.instrumentId, listedBy: "discovery", delisted: false });
  expect(found!.tvlUsd, key).toBeGreaterThan(100_000);
}
const foundIn = async (db: Db) => db.select().from(discoveredVaults).where(eq(discoveredVaults.chainId, LOCAL_CHAIN_ID));

/** The answered queries that covered `factory`, in block order, tile [from, to]: no block read twice or skipped. */
function expectTiled(answered: Query[], factory: Hex, from: number, to: number) {
  const ranges = answered
    .filter((q) => q.logs !== null && q.addresses.some((a) => isAddressEqual(a, factory)))
    .map((q) => [q.fromBlock, q.toBlock] as const)
    .sort((a, b) => a[0] - b[0]);
  expect(ranges[0]![0], factory).toBe(from);
  for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0], factory).toBe(ranges[i - 1]![1] + 1);
  expect(ranges.at(-1)![1], factory).toBe(to);
}

beforeAll(async () => {
  devnet = await startTestDevnet({ genesisBlock: GENESIS, discovery: { gapBlocks: 150 } });
  Object.assign(vaults, devnet.discovery!.vaults);
  Object.assign(vaults, (await addDiscoveryVaults(devnet.ctx, [todays], { gapBlocks: 100 })).vaults);
  proxy = await startLimitedRpc(devnet.url, { getLogsMaxBlocks: 2_000, refusalStyle: "alchemy" });
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

describe("a first sync on a chain with a long history", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yg-discovery-"));
  let database: Database;
  const open = async () => {
    database = await openPglite(dir, { command: "test" });
    await migrateDatabase(database);
    await seedCatalog({ db: database.db, now: new Date() });
  };
  let mark: number;
  beforeAll(async () => {
    mark = queries.length;
    await open();
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the vault created near the head at once, reading the past newest block first", async () => {
    const head = await headBlock();
    const { result, queries: sent } = await sync(database.db);
    expect(result).toMatchObject({ complete: false, errors: [] });
    await expectListed(database.db, "todayUsdc", "todayUSDC");
    // Every query covered the three factories, from the head down, the first refused (10,000 blocks).
    for (const q of sent) expect(q.addresses).toHaveLength(3);
    const answered = sent.filter((q) => q.logs !== null);
    expect(answered[0]!.toBlock).toBe(head);
    for (let i = 1; i < answered.length; i++) expect(answered[i]!.toBlock).toBe(answered[i - 1]!.fromBlock - 1);
    // Each factory follows the head from the block after it; its past is read down to the last query.
    for (const c of await cursorsOf(database.db))
      expect(c).toMatchObject({ nextBlock: head + 1, backfillNextBlock: answered.at(-1)!.fromBlock - 1, backfillLastBlock: null, blockRange: 2_000 });
    expect(answered.at(-1)!.fromBlock).toBeGreaterThan(GENESIS / 2); // most of the past is still to read
  });

  it("lists a vault created since on any factory at the next sync, the head first, while the past is still being read", async () => {
    Object.assign(vaults, (await addDiscoveryVaults(devnet.ctx, sinceFirstSync, { gapBlocks: 20 })).vaults);
    const [before] = await cursorsOf(database.db);
    const head = await headBlock();
    const { result, queries: sent } = await sync(database.db);
    expect(result).toMatchObject({ complete: false, errors: [] });
    // One query for the blocks since the last sync, over the three factories; then the past.
    expect(sent[0]).toMatchObject({ fromBlock: before!.nextBlock, toBlock: head, logs: 2 });
    expect(sent[0]!.addresses).toHaveLength(3);
    expect(sent[1]).toMatchObject({ toBlock: before!.backfillNextBlock });
    for (const v of sinceFirstSync) await expectListed(database.db, v.key, v.symbol);
  });

  it("never loses progress when the provider fails in the middle of a sync, and keeps it across a restart", async () => {
    downAfter = 5;
    let failed: Awaited<ReturnType<typeof sync>>;
    try {
      failed = await sync(database.db);
    } finally {
      downAfter = null;
      proxy.limits.getLogsDown = false;
    }
    expect(failed.result.errors).toEqual([expect.stringMatching(/^Morpho vault discovery: eth_getLogs failed/)]);
    const answered = failed.queries.filter((q) => q.logs !== null);
    expect(answered.length).toBeGreaterThan(0);
    // The cursors stand where the last answered query left them, not where the failed one was to end.
    const stopped = await cursorsOf(database.db);
    for (const c of stopped) expect(c.backfillNextBlock).toBe(answered.at(-1)!.fromBlock - 1);

    // A restart: the process and its database are opened afresh, and the next sync goes on from there.
    await database.close();
    await open();
    const { result, queries: sent } = await sync(database.db);
    expect(result.errors).toEqual([]);
    expect(sent[0]).toMatchObject({ toBlock: stopped[0]!.backfillNextBlock });
  });

  it("completes the past over later syncs, within the budget each time, every vault found exactly once", async () => {
    let syncs = 0;
    for (let result = (await sync(database.db)).result; !result.complete; result = (await sync(database.db)).result) {
      expect(result.errors).toEqual([]);
      expect(++syncs).toBeLessThan(6);
    }
    const head = await headBlock();
    const cursors = await cursorsOf(database.db);
    for (const c of cursors) expect(c).toMatchObject({ nextBlock: head + 1, backfillNextBlock: -1 });
    // Over every sync, each factory's blocks were read once, from block 0 to the head.
    const all = queries.slice(mark);
    for (const f of factories) expectTiled(all, f, 0, head);
    expect(all.reduce((n, q) => n + (q.logs ?? 0), 0)).toBe(ALL_VAULTS);
    const found = await foundIn(database.db);
    expect(found).toHaveLength(ALL_VAULTS);
    // The catalog's vaults among them, recorded as the catalog's listings.
    for (const v of morphoMarkets) expect(found.find((f) => isAddressEqual(f.address as Hex, devnetAddresses[v.contract as keyof typeof devnetAddresses])), v.contract).toMatchObject({ listedBy: "catalog" });

    // Done is done: the next sync reads the new blocks only.
    await devnet.rpc("evm_mine");
    const { queries: after } = await sync(database.db);
    expect(after).toEqual([expect.objectContaining({ fromBlock: head + 1, toBlock: head + 1, logs: 0 })]);
  });
});

describe("a database kept from the forward-only scan", () => {
  let database: Database;
  let mark: number;
  const [v1_0, ...newer] = factories;
  /** Where the earlier version's scan had got to, as on Base: deep in the v1.0 factory's history, the newer factories not reached. */
  const SCANNED_TO = 60_000;

  beforeAll(async () => {
    // The previous schema (the migrations before this change's), with the cursor the forward scan left.
    const previous = mkdtempSync(path.join(os.tmpdir(), "yg-migrations-"));
    cpSync(migrationsFolder, previous, { recursive: true });
    const journalFile = path.join(previous, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === "0007_discovery_backfill"));
    writeFileSync(journalFile, JSON.stringify(journal));
    database = await openPglite("memory://");
    await migrate(database.db as never, { migrationsFolder: previous });
    rmSync(previous, { recursive: true, force: true });
    // The catalog is seeded after the upgrade: the seed writes today's columns, which the old schema lacks.
    await database.db.execute(sql`insert into vault_discovery_cursors (chain_id, factory, next_block, block_range) values (${LOCAL_CHAIN_ID}, ${v1_0}, ${SCANNED_TO}, 2000)`);
    // The upgrade, as the next start runs it.
    await migrateDatabase(database);
    await seedCatalog({ db: database.db, now: new Date() });
    mark = queries.length;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps what the forward scan read: its next block becomes the oldest block the backfill reads", async () => {
    const rows = await database.db.select().from(vaultDiscoveryCursors);
    expect(rows).toEqual([expect.objectContaining({ factory: v1_0, nextBlock: null, backfillNextBlock: null, backfillLastBlock: SCANNED_TO, blockRange: 2_000 })]);
  });

  it("lists the vault created near the head at the first sync after the upgrade", async () => {
    const head = await headBlock();
    const { result, queries: sent } = await sync(database.db);
    expect(result).toMatchObject({ complete: false, errors: [] });
    expect(sent[0]).toMatchObject({ toBlock: head });
    expect(sent[0]!.addresses).toHaveLength(3);
    await expectListed(database.db, "todayUsdc", "todayUSDC");
  });

  it("completes each factory's past over later syncs, never reading again what the forward scan read", async () => {
    while (!(await sync(database.db)).result.complete);
    const head = await headBlock();
    const all = queries.slice(mark);
    expectTiled(all, v1_0, SCANNED_TO, head);
    for (const f of newer) expectTiled(all, f, 0, head);
    // Below the v1.0 factory's old cursor, the newer factories' queries went on without it.
    for (const q of all.filter((q) => q.toBlock < SCANNED_TO)) expect(q.addresses).toEqual(newer);
    expect(all.reduce((n, q) => n + (q.logs ?? 0), 0)).toBe(ALL_VAULTS);
    expect(await foundIn(database.db)).toHaveLength(ALL_VAULTS);
    const [old, ...others] = await cursorsOf(database.db);
    expect(old).toMatchObject({ nextBlock: head + 1, backfillNextBlock: SCANNED_TO - 1, backfillLastBlock: SCANNED_TO });
    for (const c of others) expect(c).toMatchObject({ nextBlock: head + 1, backfillNextBlock: -1, backfillLastBlock: null });
  });
});
