import { and, eq } from "drizzle-orm";
import { erc4626Abi, parseUnits, type Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { chainSyncState, discoveredVaults, instruments, protocols, vaultDiscoveryCursors } from "@/lib/machinery/db/schema";
import { addDiscoveryVaults, DISCOVERY_SUPPLIER } from "@/devnet/deploy/discovery";
import { discoveryVaults, type DiscoveryVaultPlan } from "@/devnet/plan/discovery-vaults";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { morphoMarkets } from "@/devnet/plan/morpho";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { morphoActions } from "@/devnet/protocols/morpho";
import { fundToken } from "@/devnet/protocols/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getHealth } from "@/lib/domain/health/get-health";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { catalogRow } from "@/lib/machinery/db/seed";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { discoverVaults } from "@/lib/machinery/sync/vault-discovery";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { startLimitedRpc, type LimitedRpc } from "@/devnet/limited-rpc";
import { openTestDatabase } from "../support/test-database";
import { expectRelative, metaMorphoApyExpected, sharePriceApyExpected, usdExpected } from "./formulas";
import { readMetaMorphoRaw } from "./morpho-state";

// Morpho vaults found from their factories' creation events, on a local chain whose
// first block is numbered 30,000 (so a scan from block 0 covers 30,000+ blocks) and whose vault
// creations lie 150 blocks apart, read through a proxy that plays a provider: eth_getLogs over
// 2,000 blocks refused in a real provider's words, and now and then a query that never answers.
// The factories are Morpho's own (devnet/plan/discovery-vaults.ts): the main deployment's MetaMorpho
// v1.1 factory and VaultV2Factory, which also made the catalog's three Morpho vaults, a MetaMorpho
// v1.0 factory, and a stray factory that is none of Morpho's.

const GENESIS = 30_000;
const PRICE_UNIT = 10n ** 8n;
let devnet: TestDevnet;
let proxy: LimitedRpc;
let database: Database;
const db = () => database.db;
const vaults = () => devnet.discovery!.vaults;
const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 1, timeoutMs: 1_500 });
const plan = (key: string) => discoveryVaults.find((v) => v.key === key)!;

const vaultRead = <T>(address: Hex, functionName: string, args: unknown[] = [], blockNumber?: bigint) =>
  devnet.reader.readContract({ address, abi: erc4626Abi as Abi, functionName, args, blockNumber } as never) as Promise<T>;
/** The catalog's Morpho vaults (plan/morpho.ts), which the same factories created. */
const catalogVaults = () => morphoMarkets.map((v) => ({ address: devnetAddresses[v.contract as keyof typeof devnetAddresses], kind: v.version === 2 ? "vault-v2" : "metamorpho" }));

const instrumentOf = async (vault: Hex) =>
  (await db().select().from(instruments).where(eq(instruments.adapterAddress, vault)))[0];
const cursors = () => db().select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, LOCAL_CHAIN_ID));
const defaultListing = async (query: Record<string, unknown> = {}) =>
  (await listInstruments({ db: db(), environment: "test", query: { chainId: [LOCAL_CHAIN_ID], limit: 100, ...query }, origin: "http://localhost", now: new Date() })).data.map(
    (i) => i.yieldTokenAddress,
  );

beforeAll(async () => {
  devnet = await startTestDevnet({ genesisBlock: GENESIS, discovery: { gapBlocks: 150 } });
  proxy = await startLimitedRpc(devnet.url, { getLogsMaxBlocks: 2_000, refusalStyle: "alchemy", getLogsHangEvery: 5 });
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

describe("the first sync of a chain with Morpho's factories", () => {
  let syncedAt: Date;

  it("reads every factory's creation events once, through refused ranges and timeouts, to the latest block", async () => {
    // A Vault V2 funded in the discovery deployment's last blocks is priced a hair below its empty
    // vault's price (its adapter's assets round down), and a day back, before the clock moved a day for
    // the MetaMorpho v1.0 vault's caps, it was empty: its share-price growth is a tiny negative APY,
    // which is true, and published (lib/machinery/sync/check-readings.ts).
    syncedAt = new Date();
    const result = await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => syncedAt });
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);

    const all = proxy.exchanges.flatMap((e) => e.getLogs);
    const answered = proxy.answeredGetLogs().sort((a, b) => a.fromBlock - b.fromBlock);
    // The provider refused some ranges and left some queries unanswered; the scan went on smaller.
    expect(all.filter((g) => g.toBlock - g.fromBlock + 1 > 2_000).length).toBeGreaterThan(0);
    expect(proxy.exchanges.filter((e) => e.status === 0).length).toBeGreaterThan(0);
    // A first sync reads the factories' past newest block first, down to their first block (0 on this
    // chain), all three in each query: the answered queries tile the chain from the head down to block
    // 0, no block read twice or skipped.
    const inOrder = proxy.answeredGetLogs();
    for (let i = 1; i < inOrder.length; i++) expect(inOrder[i]!.toBlock).toBe(inOrder[i - 1]!.fromBlock - 1);
    expect(answered[0]!.fromBlock).toBe(0);
    for (let i = 1; i < answered.length; i++) expect(answered[i]!.fromBlock).toBe(answered[i - 1]!.toBlock + 1);
    for (const g of answered) expect(g.toBlock - g.fromBlock + 1).toBeLessThanOrEqual(2_000);
    expect(answered.at(-1)!.toBlock).toBeGreaterThanOrEqual(Number(devnet.discovery!.lastBlock));
    // Each creation event of the three factories reached the sync once (the catalog's three vaults'
    // and the discovery deployment's seven); the stray factory's never.
    expect(answered.reduce((n, g) => n + g.logs, 0)).toBe(catalogVaults().length + 7);

    const found = await db().select().from(discoveredVaults).where(eq(discoveredVaults.chainId, LOCAL_CHAIN_ID));
    const expected = discoveryVaults.filter((v) => v.factory !== "strayFactory");
    expect(found.map((f) => f.address).sort()).toEqual([...expected.map((v) => vaults()[v.key]!), ...catalogVaults().map((v) => v.address)].sort());
    for (const v of expected) {
      const row = found.find((f) => f.address === vaults()[v.key])!;
      expect(row.kind, v.key).toBe(v.factory === "vaultV2Factory" ? "vault-v2" : "metamorpho");
      expect(row.createdBlock, v.key).toBe(Number(devnet.discovery!.createdAt[v.key]));
    }
    // The catalog's vaults are found too, and recorded as the catalog's listings: discovery leaves them
    // (and their catalog instruments) alone.
    const catalogIds = new Set<string>(localChainInstruments.map((i) => catalogRow(i).instrumentId));
    for (const v of catalogVaults()) {
      const row = found.find((f) => f.address === v.address)!;
      expect(row, v.address).toMatchObject({ kind: v.kind, listedBy: "catalog", delisted: false });
      expect(catalogIds.has((await instrumentOf(v.address))!.instrumentId), v.address).toBe(true);
    }
    // One cursor per factory: following the head from just past the newest block read, the past done.
    const saved = await cursors();
    expect(saved).toHaveLength(3);
    for (const c of saved) expect(c).toMatchObject({ nextBlock: answered.at(-1)!.toBlock + 1, backfillNextBlock: -1, backfillLastBlock: null });

    // Listed: the vaults of covered assets at or above $100,000. The WBTC vault's asset was covered by
    // the Aave reserve this same sync discovered; the dust vault and the uncovered asset's are not.
    // Besides them, four markets no catalog lists: Aave's WBTC reserve, the Prime pool's USDC and
    // WETH reserves and fEURC.
    expect(result.discovered).toBe(4 + 5);
    for (const key of ["dust", "uncovered", "stray"]) expect(await instrumentOf(vaults()[key]!), key).toBeUndefined();
  });

  it("lists each qualifying vault under its Morpho version, named from chain, with the formulas' TVL and APY", async () => {
    const [v1, v2] = await Promise.all(
      [1, 2].map(async (version) => (await db().select().from(protocols).where(and(eq(protocols.chainId, LOCAL_CHAIN_ID), eq(protocols.name, "morpho"), eq(protocols.version, version))))[0]!),
    );
    expect(v2).toMatchObject({ displayName: "Morpho V2", protocolAddress: v1!.protocolAddress, deprecated: false, environment: "test" });
    const listed: [string, DiscoveryVaultPlan["underlying"], string][] = [
      ["coreUsdc", "usdc", "USD"],
      ["primeWeth", "weth", "ETH"],
      ["v2Usdc", "usdc", "USD"],
      ["v2Wbtc", "wbtc", "BTC"],
      ["fadingEurc", "eurc", "EUR"],
    ];
    for (const [key, underlying, category] of listed) {
      const v = plan(key);
      const vault = vaults()[key]!;
      const row = (await instrumentOf(vault))!;
      const token = devnetTokenOf(underlying as "usdc");
      expect(row, key).toMatchObject({
        protocol: "morpho",
        protocolId: v.factory === "vaultV2Factory" ? v2!.id : v1!.id,
        chainId: LOCAL_CHAIN_ID,
        tokenAddress: devnetAddresses[token.contract],
        tokenSymbol: token.symbol,
        tokenDecimals: token.decimals,
        yieldTokenSymbol: v.symbol,
        assetCategory: category,
        isActive: true,
        description: `${v.name}, a ${v.factory === "vaultV2Factory" ? "Morpho Vault V2" : "MetaMorpho vault"} on Local`,
      });
      expect(row.lastSyncedAt.getTime(), key).toBe(syncedAt.getTime());
      // No block was mined since the sync: the vault's state now is what it read.
      const totalAssets = await vaultRead<bigint>(vault, "totalAssets");
      expectRelative(row.tvl, usdExpected(totalAssets, token.decimals, token.priceUsd8, PRICE_UNIT));
      if ("metaMorpho" in v.rate) {
        // Recipe A from the first sync on.
        const raw = await readMetaMorphoRaw(devnet, vault);
        expectRelative(row.currentApy, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
      }
    }
  });

  it("gives a Vault V2 its share-price growth as APY once a day has passed, as any ERC-4626 vault", async () => {
    const v2 = ["v2Usdc", "v2Wbtc"].map((key) => vaults()[key]!);
    const first = await devnet.reader.getBlock(); // the block the first sync read
    const p0 = await Promise.all(v2.map((vault) => vaultRead<bigint>(vault, "convertToAssets", [10n ** 30n])));
    await devnet.advance(24 * 3600);
    const result = await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => new Date(syncedAt.getTime() + 86_400_000) });
    expect(result.error).toBeNull();
    const now = await devnet.reader.getBlock();
    for (const [i, vault] of v2.entries()) {
      const p1 = await vaultRead<bigint>(vault, "convertToAssets", [10n ** 30n]);
      const row = (await instrumentOf(vault))!;
      expectRelative(row.currentApy, sharePriceApyExpected(p0[i]!, Number(first.timestamp), p1, Number(now.timestamp)));
      expect(row.currentApy).toBeGreaterThan(0);
    }
  });
});

describe("later syncs", () => {
  const late: DiscoveryVaultPlan = { ...plan("coreUsdc"), key: "lateUsdc", factory: "metaMorphoFactoryV1_1", name: "Local Late USDC", symbol: "lateUSDC", supply: "200000" };
  let lateVault: Hex;

  it("read only the blocks since the cursor, and list a vault created since", async () => {
    proxy.limits.getLogsHangEvery = null;
    const before = Math.min(...(await cursors()).map((c) => c.nextBlock!));
    lateVault = (await addDiscoveryVaults(devnet.ctx, [late], { gapBlocks: 300 })).vaults.lateUsdc!;
    const mark = proxy.exchanges.length;
    const result = await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID });
    expect(result.error).toBeNull();
    const queries = proxy.exchanges.slice(mark).flatMap((e) => e.getLogs);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ fromBlock: before, logs: 1 });
    expect(await instrumentOf(lateVault)).toMatchObject({ yieldTokenSymbol: "lateUSDC", isActive: true });
    for (const c of await cursors()) expect(c.nextBlock).toBe(queries[0]!.toBlock + 1);
  });

  it("resume a first scan that its budget cut short where it stopped, after a restart", async () => {
    // Another instance's first sync, on a database of its own: four queries, then a restart.
    proxy.limits.refusalStyle = "quicknode";
    const other = await openTestDatabase();
    try {
      vi.stubEnv("DISCOVERY_MIN_TVL_USD", "10");
      const head = Number(await devnet.reader.getBlockNumber());
      const mark = proxy.exchanges.length;
      const first = await discoverVaults({ db: other.db, client: client(), chainId: LOCAL_CHAIN_ID, now: new Date(), budget: { maxRequests: 4, maxMs: 60_000 } });
      expect(first).toMatchObject({ complete: false, requests: 4, refusals: 1, errors: [] });
      const stopped = await other.db.select().from(vaultDiscoveryCursors).where(eq(vaultDiscoveryCursors.chainId, LOCAL_CHAIN_ID));
      // QuickNode's "limited to a 2,000 range": three queries of 2,000 blocks down from the head after
      // the refusal; the head is followed from the block after it.
      expect(stopped.map((c) => [c.nextBlock, c.backfillNextBlock, c.blockRange])).toEqual(Array(3).fill([head + 1, head - 6_000, 2_000]));

      const resumedAt = proxy.exchanges.length;
      const resumed = await discoverVaults({ db: other.db, client: client(), chainId: LOCAL_CHAIN_ID, now: new Date() });
      expect(resumed).toMatchObject({ complete: true, errors: [] });
      // It goes on from the cursor with the span it learned; nothing after it is read again.
      const queries = proxy.exchanges.slice(resumedAt).flatMap((e) => e.getLogs);
      expect(queries[0]).toMatchObject({ fromBlock: head - 7_999, toBlock: head - 6_000 });
      for (const q of queries) expect(q.toBlock).toBeLessThanOrEqual(head - 6_000);
      // Both scans together read every block from the head down to block 0 once, and each vault once.
      const answered = proxy.exchanges.slice(mark).flatMap((e) => e.getLogs).filter((g) => g.logs !== null);
      expect(answered[0]!.toBlock).toBe(head);
      for (let i = 1; i < answered.length; i++) expect(answered[i]!.toBlock).toBe(answered[i - 1]!.fromBlock - 1);
      expect(answered.at(-1)!.fromBlock).toBe(0);
      // The catalog's three vaults, the seven of the first sync and the late one.
      const vaultCount = catalogVaults().length + 8;
      expect(answered.reduce((n, g) => n + (g.logs ?? 0), 0)).toBe(vaultCount);
      expect(first.found + resumed.found).toBe(vaultCount);
      const found = await other.db.select().from(discoveredVaults).where(eq(discoveredVaults.chainId, LOCAL_CHAIN_ID));
      expect(found).toHaveLength(vaultCount);
      // DISCOVERY_MIN_TVL_USD=10 lists the $50 dust vault too; an uncovered asset stays unlisted.
      const listed = await other.db.select({ address: instruments.adapterAddress }).from(instruments).where(eq(instruments.protocol, "morpho"));
      expect(listed.map((r) => r.address)).toContain(vaults().dust);
      expect(listed.map((r) => r.address)).not.toContain(vaults().uncovered);
    } finally {
      vi.unstubAllEnvs();
      proxy.limits.refusalStyle = "alchemy";
      await other.close();
    }
  });
});

describe("the listing floor", () => {
  it("delists a vault after a day below DISCOVERY_MIN_TVL_USD, out of default listings, and lists it again above it", async () => {
    const fading = vaults().fadingEurc!;
    // The discovery supplier, which deposited all of it, redeems nine tenths of its shares: $162k → about $16k.
    const supplier = await devnet.ctx.sender(DISCOVERY_SUPPLIER);
    const shares = await vaultRead<bigint>(fading, "balanceOf", [supplier.address]);
    expect(shares).toBe(await vaultRead<bigint>(fading, "totalSupply"));
    await morphoActions.redeem(supplier, fading, (shares * 9n) / 10n);
    const t0 = new Date();
    await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => t0 });
    const below = (await db().select().from(discoveredVaults).where(eq(discoveredVaults.address, fading)))[0]!;
    expect(below).toMatchObject({ belowFloorSince: t0, delisted: false });
    expect(below.tvlUsd).toBeLessThan(100_000);
    expect(await instrumentOf(fading)).toMatchObject({ isActive: true });
    expect(await defaultListing()).toContain(fading);

    await devnet.advance(25 * 3600);
    const t1 = new Date(t0.getTime() + 25 * 3_600_000);
    await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => t1 });
    const row = (await instrumentOf(fading))!;
    expect(row.isActive).toBe(false);
    expect(row.lastSyncedAt.getTime()).toBe(t1.getTime()); // kept, and still read
    expect(await defaultListing()).not.toContain(fading);
    expect(await defaultListing({ isActive: false })).toContain(fading);
    expect(await defaultListing()).toContain(vaults().coreUsdc); // the others stay

    // The supplier deposits 200,000 EURC again.
    const eurc = parseUnits("200000", 6);
    await fundToken(devnet.ctx, "eurc", supplier.address, eurc);
    await morphoActions.approve(supplier, devnetAddresses.eurc, fading);
    await morphoActions.deposit(supplier, fading, eurc);
    const t2 = new Date(t1.getTime() + 3_600_000);
    await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => t2 });
    expect(await instrumentOf(fading)).toMatchObject({ isActive: true });
    expect(await defaultListing()).toContain(fading);
    expect((await db().select().from(discoveredVaults).where(eq(discoveredVaults.address, fading)))[0]).toMatchObject({ belowFloorSince: null, delisted: false });
    // The dust vault was never listed.
    expect(await instrumentOf(vaults().dust!)).toBeUndefined();
  });
});

describe("a failing discovery", () => {
  it("never stops the sync: the other markets are read, and the chain's health names the error", async () => {
    proxy.limits.getLogsDown = true;
    await devnet.rpc("evm_mine"); // a block the factories' cursors have not reached
    try {
      const at = new Date(Date.now() + 3 * 86_400_000);
      const result = await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => at });
      const rows = await db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
      expect(result.updated).toBe(rows.length);
      expect(result.error).toMatch(/^Morpho vault discovery: eth_getLogs failed/);
      const [state] = await db().select().from(chainSyncState).where(eq(chainSyncState.chainId, LOCAL_CHAIN_ID));
      expect(state!.lastSuccessAt!.getTime()).toBe(at.getTime());
      const health = await getHealth({ database, now: new Date() });
      expect(health.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!.lastError).toMatch(/Morpho vault discovery: eth_getLogs failed/);
    } finally {
      proxy.limits.getLogsDown = false;
    }
  });
});
