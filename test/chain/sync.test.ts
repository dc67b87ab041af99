import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import { catalogInstruments } from "@/lib/machinery/catalog/catalog-data";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import type { Database } from "@/lib/machinery/db/client";
import { catalogRow } from "@/lib/machinery/db/seed";
import { chainSyncState, datasetMeta, instrumentSnapshots, instruments, protocols, sharePriceSamples } from "@/lib/machinery/db/schema";
import * as artifacts from "@/devnet/generated/contracts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getHealth } from "@/lib/domain/health/get-health";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { getProtocolStats } from "@/lib/domain/protocols/protocol-stats";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { moveYieldWindow } from "@/lib/domain/instruments/yield-windows";
import { openTestDatabase } from "../support/test-database";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import {
  aaveApyExpected,
  expectRelative,
  fluidApyExpected,
  metaMorphoApyExpected,
  sharePriceApyExpected,
} from "./formulas";
import { readMetaMorphoRaw } from "./morpho-state";

// The sync job against the local chain: what it writes, what it leaves alone when a chain fails,
// and discovery of markets the catalog does not list.

let devnet: TestDevnet;
let proxy: RpcProxy;
let database: Database;
const db = () => database.db;
const SEPOLIA = 11155111;

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProxy(devnet.url);
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 1, timeoutMs: 1_500 });
/** A sync of the local chain through the proxy, at `now`. */
const syncAt = (now: Date) => syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => now });
const localRows = () => db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
/** convertToAssets(1e30), the probe the sync samples, read straight from the vault. */
const sharePriceOf = async (vault: string) =>
  (await devnet.reader.readContract({
    address: vault as `0x${string}`,
    abi: artifacts.mockERC4626VaultArtifact.abi,
    functionName: "convertToAssets",
    args: [10n ** 30n],
  })) as bigint;
const idOf = (symbol: string) =>
  catalogRow(localChainInstruments.find((i) => i.chainId === LOCAL_CHAIN_ID && i.yieldTokenSymbol === symbol)!)
    .instrumentId;

/**
 * Every local instrument's apy7d, apy30d and apyChange7d as listed at `now`, against the day points
 * `history?interval=day&from=<now − 7 (30) days>` gives at `now`.
 */
async function expectYieldFiguresFromHistory(now: Date) {
  const { data } = await listInstruments({ db: db(), environment: "test", query: { chainId: [LOCAL_CHAIN_ID], limit: 100 }, origin: "", now });
  expect(data.length).toBeGreaterThan(10);
  for (const record of data) {
    const points = async (days: number) =>
      (await getInstrumentHistory({ db: db(), environment: "test", instrumentId: record.instrumentId, interval: "day", from: new Date(now.getTime() - days * 86_400_000).toISOString(), now })).data;
    const week = await points(7);
    const month = await points(30);
    const mean = (p: { apy: number }[]) => p.reduce((sum, x) => sum + x.apy, 0) / p.length;
    expect(week.length, record.yieldTokenSymbol).toBeGreaterThan(0);
    expect(record.apy7d, record.yieldTokenSymbol).toBeCloseTo(mean(week), 9);
    expect(record.apy30d, record.yieldTokenSymbol).toBeCloseTo(mean(month), 9);
    expect(record.apyChange7d, record.yieldTokenSymbol).toBe(record.currentApy - week[0]!.apy);
  }
  return data;
}

describe("a first sync of the local chain", () => {
  let syncedAt: Date;
  let beforeSamples: Map<string, { p: bigint; t: number }>;

  // As a server does when it starts: the yield figures are exact for today, and each sync keeps them so.
  beforeAll(() => moveYieldWindow({ db: db(), now: new Date() }));

  it("writes currentApy, tvl, isActive and lastSyncedAt for every instrument, and discovers unlisted markets", async () => {
    expect((await db().select().from(datasetMeta).where(eq(datasetMeta.key, "mode")))[0]?.value).toBe("demo");
    const before = await localRows();
    expect(before.map((r) => r.yieldTokenSymbol)).not.toContain("aLocWBTC");
    // Share prices right before the sync (no block is mined in between), for the APY check below.
    beforeSamples = new Map();
    const block = await devnet.reader.getBlock();
    for (const symbol of ["steakPrimeUSDC", "fUSDC"]) {
      const row = before.find((r) => r.yieldTokenSymbol === symbol)!;
      const p = await sharePriceOf(row.adapterAddress);
      beforeSamples.set(row.instrumentId, { p, t: Number(block.timestamp) });
    }

    syncedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const result = await syncAt(syncedAt);
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);
    // The core pool's WBTC reserve and the Prime pool's two reserves (Aave getReservesList of every
    // pool), and fEURC (Fluid's resolver).
    expect(result.discovered).toBe(4);

    const rows = await localRows();
    expect(rows).toHaveLength(before.length + 4);
    const wbtc = rows.find((r) => r.yieldTokenSymbol === "aLocWBTC")!;
    expect(wbtc).toMatchObject({
      protocol: "aave",
      tokenSymbol: "WBTC",
      tokenDecimals: 8,
      assetCategory: "BTC",
      isStablecoin: false,
      isActive: true,
      tokenAddress: devnetAddresses.wbtc,
      yieldTokenAddress: devnetAddresses.aWbtc,
    });
    expect(wbtc.tvl).toBeCloseTo(2_000 * 97_250, 6);
    expect(wbtc.priceUsd).toBe(97_250);
    // The Prime pool's USDC reserve: its own instrument (its Pool is its protocolAddress) under the
    // chain's one Aave v3 record, beside the core pool's USDC.
    const primeUsdc = rows.find((r) => r.yieldTokenSymbol === "aLocPrimeUSDC")!;
    const coreUsdc = rows.find((r) => r.yieldTokenSymbol === "aLocUSDC")!;
    expect(primeUsdc).toMatchObject({
      instrumentId: instrumentIdOf(LOCAL_CHAIN_ID, devnetAddresses.aavePrimePool, marketIdOf(devnetAddresses.usdc)),
      protocolAddress: devnetAddresses.aavePrimePool,
      adapterAddress: devnetAddresses.aavePrimePool,
      protocolId: coreUsdc.protocolId,
      tokenAddress: devnetAddresses.usdc,
      yieldTokenAddress: devnetAddresses.aPrimeUsdc,
      description: "Aave V3 USDC reserve (Prime market) on Local",
      isActive: true,
    });
    expectRelative(primeUsdc.currentApy, aaveApyExpected((510n * 10n ** 27n) / 10_000n));
    expectRelative(primeUsdc.tvl, 40_000_000);
    expect(
      (await db().select().from(protocols).where(and(eq(protocols.chainId, LOCAL_CHAIN_ID), eq(protocols.name, "aave")))).length,
    ).toBe(1);
    const feurc = rows.find((r) => r.yieldTokenSymbol === "fEURC")!;
    expect(feurc).toMatchObject({
      protocol: "fluid",
      tokenSymbol: "EURC",
      assetCategory: "EUR",
      isStablecoin: true,
      adapterAddress: devnetAddresses.fEurc,
    });
    for (const row of rows) {
      expect(row.lastSyncedAt.getTime(), row.yieldTokenSymbol).toBe(syncedAt.getTime());
      expect(row.tvl, row.yieldTokenSymbol).toBeGreaterThan(0);
    }
    const usdc = rows.find((r) => r.instrumentId === idOf("aLocUSDC"))!;
    expectRelative(usdc.currentApy, aaveApyExpected(4n * 10n ** 25n));
    expectRelative(usdc.tvl, 250_002_500.123456);
    // MetaMorpho vaults: recipe A over their Morpho Blue markets, from the first sync on.
    for (const symbol of ["steakUSDC", "gtWETH"]) {
      const vault = rows.find((r) => r.yieldTokenSymbol === symbol)!;
      const raw = await readMetaMorphoRaw(devnet, vault.adapterAddress as `0x${string}`);
      expectRelative(vault.currentApy, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
    }
    // fTokens: the Liquidity layer's supply rate alone (fUSDC 4.70 %, fEURC 3.10 % APR in the devnet's
    // plan), the discovered fEURC included; fWETH lends native ETH, whose rate (2.20 %) the resolver
    // gives under 0xEeee…, not WETH's 0. fUSDC's rewards are a stream of their own.
    expectRelative(rows.find((r) => r.yieldTokenSymbol === "fUSDC")!.currentApy, fluidApyExpected(470n));
    expectRelative(feurc.currentApy, fluidApyExpected(310n));
    expectRelative(rows.find((r) => r.yieldTokenSymbol === "fWETH")!.currentApy, fluidApyExpected(220n));
    // cWBTCv3's feed is WBTC/BTC: supply × WBTC/BTC × BTC/USD (the oracle's WBTC, this chain's BTC reference).
    const cwbtc = rows.find((r) => r.yieldTokenSymbol === "cWBTCv3")!;
    expectRelative(cwbtc.tvl, 1_500.05 * 0.9998 * 97_250);
    expectRelative(cwbtc.priceUsd!, 0.9998 * 97_250);
    // Each instrument's underlying USD price is kept, as the oracle (or feed) gives it.
    const priceOf = (symbol: string) => rows.find((r) => r.yieldTokenSymbol === symbol)!.priceUsd;
    expect([priceOf("aLocUSDC"), priceOf("aLocWETH"), priceOf("fEURC"), priceOf("cWETHv3"), priceOf("steakUSDC")]).toEqual([
      1, 3_412.55, 1.08, 3_412.55, 1,
    ]);
    // Only a Vault V2 holds money in a listed vault: what its MorphoVaultV1Adapter's shares redeem for.
    const v2 = rows.find((r) => r.yieldTokenSymbol === "steakPrimeUSDC")!;
    const adapterShares = (await devnet.reader.readContract({
      address: devnetAddresses.morphoUsdcVault,
      abi: artifacts.mockERC4626VaultArtifact.abi,
      functionName: "balanceOf",
      args: [devnetAddresses.morphoVaultV1Adapter],
    })) as bigint;
    const inV1 = (await devnet.reader.readContract({
      address: devnetAddresses.morphoUsdcVault,
      abi: artifacts.mockERC4626VaultArtifact.abi,
      functionName: "previewRedeem",
      args: [adapterShares],
    })) as bigint;
    expectRelative(v2.tvlInListedVaults, Number(inV1) / 1e6);
    for (const row of rows) if (row.instrumentId !== v2.instrumentId) expect(row.tvlInListedVaults, row.yieldTokenSymbol).toBe(0);
    expect((await db().select().from(datasetMeta).where(eq(datasetMeta.key, "mode")))[0]?.value).toBe("live");
  });

  it("replaces the generated demo history with real hour and day snapshots", async () => {
    const id = idOf("aLocUSDC");
    const snapshots = await db()
      .select()
      .from(instrumentSnapshots)
      .where(eq(instrumentSnapshots.instrumentId, id));
    expect(snapshots.filter((s) => s.isDemo)).toEqual([]);
    expect(snapshots.map((s) => s.interval).sort()).toEqual(["day", "hour"]);
    const row = (await localRows()).find((r) => r.instrumentId === id)!;
    for (const s of snapshots) {
      expect(s.apy).toBe(row.currentApy);
      expect(s.tvl).toBe(row.tvl);
    }
    // Other chains' demo history is untouched.
    const mainnet = catalogRow(catalogInstruments.find((i) => i.chainId === 1)!).instrumentId;
    expect(
      (
        await db()
          .select()
          .from(instrumentSnapshots)
          .where(and(eq(instrumentSnapshots.instrumentId, mainnet), eq(instrumentSnapshots.isDemo, true)))
      ).length,
    ).toBeGreaterThan(300);
  });

  it("keeps apy7d, apy30d and apyChange7d those of the real history: its one day point so far", async () => {
    for (const record of await expectYieldFiguresFromHistory(syncedAt)) {
      expect(record.apy7d).toBe(record.currentApy);
      expect(record.apyChange7d).toBe(0);
    }
  });

  it("reports the chain's last success in health, with mode live", async () => {
    const health = await getHealth({ database, now: new Date() });
    expect(health.mode).toBe("live");
    const local = health.chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;
    expect(local.lastSuccessAt).toBe(syncedAt.toISOString());
    expect(local.lastError).toBeNull();
  });

  it("a later sync turns a Vault V2's share-price growth into its APY; an fToken's stays its supply rate", async () => {
    await devnet.advance(24 * 3600);
    const later = new Date(syncedAt.getTime() + 24 * 3600_000);
    const result = await syncAt(later);
    expect(result.error).toBeNull();
    const block = await devnet.reader.getBlock();
    const rows = await localRows();
    const growth = new Map<string, number>();
    for (const [id, before] of beforeSamples) {
      const row = rows.find((r) => r.instrumentId === id)!;
      const p1 = await sharePriceOf(row.adapterAddress);
      growth.set(row.yieldTokenSymbol, sharePriceApyExpected(before.p, before.t, p1, Number(block.timestamp)));
      expect(row.lastSyncedAt.getTime()).toBe(later.getTime());
    }
    const byId = (symbol: string) => rows.find((r) => r.instrumentId === idOf(symbol))!;
    expectRelative(byId("steakPrimeUSDC").currentApy, growth.get("steakPrimeUSDC")!);
    // fUSDC's shares grew by its supply rate and its rewards (about 2 %): the APY is the former alone.
    expectRelative(byId("fUSDC").currentApy, fluidApyExpected(470n));
    expect(growth.get("fUSDC")! - byId("fUSDC").currentApy).toBeGreaterThan(1.5);
    const samples = await db()
      .select()
      .from(sharePriceSamples)
      .where(eq(sharePriceSamples.instrumentId, idOf("fUSDC")));
    expect(samples).toHaveLength(2);
    // The next day's first read moves the window: both days' points count, the newest is currentApy.
    await moveYieldWindow({ db: db(), now: later });
    const records = await expectYieldFiguresFromHistory(later);
    expect(records.some((r) => r.apyChange7d !== 0)).toBe(true);
  });
});

describe("totals across protocol versions", () => {
  it("count a Vault V2's money inside a listed MetaMorpho vault once", async () => {
    const rows = await localRows();
    const stats = await getProtocolStats({ db: db(), environment: "test" });
    const records = await db().select().from(protocols).where(eq(protocols.chainId, LOCAL_CHAIN_ID));
    const statsOf = (name: string, version: number) => stats.get(records.find((p) => p.name === name && p.version === version)!.id)!;
    const sumTvl = (filter: (r: (typeof rows)[number]) => boolean) => rows.filter(filter).reduce((sum, r) => sum + r.tvl, 0);
    const v2 = rows.find((r) => r.yieldTokenSymbol === "steakPrimeUSDC")!;
    expect(v2.tvlInListedVaults).toBeGreaterThan(24_000_000);
    // The MetaMorpho vaults count the V2's deposit in their TVL; the V2's version leaves it out.
    expectRelative(statsOf("morpho", 1).tvl, sumTvl((r) => r.protocol === "morpho" && r.instrumentId !== v2.instrumentId));
    expectRelative(statsOf("morpho", 2).tvl, v2.tvl - v2.tvlInListedVaults);
    expect(statsOf("morpho", 2).tvlInListedVaults).toBe(v2.tvlInListedVaults);
    // So the chain's total over every version is every instrument's TVL, minus that deposit once.
    const local = records.map((p) => stats.get(p.id)?.tvl ?? 0).reduce((a, b) => a + b, 0);
    expectRelative(local, sumTvl(() => true) - v2.tvlInListedVaults);
  });
});

describe("a vault's own symbol", () => {
  it("replaces a provisional catalog symbol", async () => {
    const v2 = (await localRows()).find((r) => r.yieldTokenSymbol === "steakPrimeUSDC")!;
    await db().update(instruments).set({ yieldTokenSymbol: "provisional" }).where(eq(instruments.instrumentId, v2.instrumentId));
    const result = await syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID });
    expect(result.failed).toEqual([]);
    const after = (await localRows()).find((r) => r.instrumentId === v2.instrumentId)!;
    expect(after.yieldTokenSymbol).toBe("steakPrimeUSDC");
  });
});

describe("a price feed of unknown denomination", () => {
  it("is never read as USD: the Comet keeps its last TVL and the chain's health names it", async () => {
    const before = (await localRows()).find((r) => r.yieldTokenSymbol === "cWBTCv3")!;
    const deployment = deploymentOf(LOCAL_CHAIN_ID);
    const priceFeeds = { ...deployment.priceFeeds };
    delete priceFeeds[devnetAddresses.wbtcBtcPriceFeed.toLowerCase()];
    const at = new Date(Date.now() + 2 * 86_400_000);
    const result = await syncChain({
      db: db(),
      client: client(),
      chainId: LOCAL_CHAIN_ID,
      now: () => at,
      deployment: { ...deployment, priceFeeds },
    });
    expect(result.failed.map((f) => f.instrumentId)).toEqual([before.instrumentId]);
    const after = await localRows();
    expect(after.find((r) => r.instrumentId === before.instrumentId)).toEqual(before);
    expect(after.filter((r) => r.lastSyncedAt.getTime() === at.getTime())).toHaveLength(after.length - 1);
    const local = (await getHealth({ database, now: at })).chains.find((c) => c.chainId === LOCAL_CHAIN_ID)!;
    expect(local.lastSuccessAt).toBe(at.toISOString());
    expect(local.lastError).toBe(
      `1 market(s) not read: cWBTCv3 (${before.instrumentId.slice(0, 10)}…): its price feed ${devnetAddresses.wbtcBtcPriceFeed} has no known denomination (not a feed Compound's configuration lists, nor a constant feed): TVL not converted to USD`,
    );
  });
});

describe("a chain that fails", () => {
  it("keeps its instruments' last values and lastSyncedAt, and reports the error in health", async () => {
    const before = await localRows();
    proxy.mode = "down";
    try {
      const result = await syncChain({
        db: db(),
        client: client(),
        chainId: LOCAL_CHAIN_ID,
        now: () => new Date(Date.now() + 3 * 86_400_000),
      });
      expect(result.ok).toBe(false);
      expect(result.error).toBeTruthy();
    } finally {
      proxy.mode = "pass";
    }
    const after = await localRows();
    const key = (rows: typeof before) =>
      rows.map((r) => [r.instrumentId, r.currentApy, r.tvl, r.isActive, r.lastSyncedAt.getTime()]).sort();
    expect(key(after)).toEqual(key(before));
    const [state] = await db()
      .select()
      .from(chainSyncState)
      .where(eq(chainSyncState.chainId, LOCAL_CHAIN_ID));
    expect(state?.lastError).toBeTruthy();
    expect(state!.lastErrorAt!.getTime()).toBeGreaterThan(state!.lastSuccessAt!.getTime());
  });

  it("a slow node times out and counts as down; another chain syncs in the same run", async () => {
    proxy.mode = "slow";
    proxy.delayMs = 3_000;
    const sepoliaRows = () => db().select().from(instruments).where(eq(instruments.chainId, SEPOLIA)).orderBy(instruments.instrumentId);
    const sepoliaBefore = await sepoliaRows();
    try {
      const slow = createChainClient(SEPOLIA, proxy.url, { retries: 0, timeoutMs: 500 });
      const [sepolia, local] = await Promise.all([
        syncChain({ db: db(), client: slow, chainId: SEPOLIA }),
        syncChain({
          db: db(),
          client: createChainClient(LOCAL_CHAIN_ID, devnet.url),
          chainId: LOCAL_CHAIN_ID,
        }),
      ]);
      expect(sepolia.ok).toBe(false);
      expect(sepolia.error).toMatch(/took too long/i);
      expect(local.error).toBeNull();
      expect(local.updated).toBeGreaterThan(0);
    } finally {
      proxy.mode = "pass";
    }
    const sepoliaAfter = await sepoliaRows();
    expect(sepoliaAfter).toEqual(sepoliaBefore);
    const health = await getHealth({ database, now: new Date() });
    const sepolia = health.chains.find((c) => c.chainId === SEPOLIA)!;
    expect(sepolia.lastSuccessAt).toBeNull();
    expect(sepolia.lastError).toMatch(/took too long/i);
  });

  it("one market that cannot be read keeps its values while the rest of the chain syncs", async () => {
    const broken = idOf("aLocEURC");
    // Point the catalog row at a contract that is not its aToken: the adapter's check rejects it.
    await db()
      .update(instruments)
      .set({ yieldTokenAddress: devnetAddresses.aWeth })
      .where(eq(instruments.instrumentId, broken));
    const before = (await localRows()).find((r) => r.instrumentId === broken)!;
    const at = new Date(Date.now() + 5 * 86_400_000);
    const result = await syncAt(at);
    expect(result.failed.map((f) => f.instrumentId)).toEqual([broken]);
    const rows = await localRows();
    expect(rows.find((r) => r.instrumentId === broken)).toEqual(before);
    expect(rows.filter((r) => r.lastSyncedAt.getTime() === at.getTime())).toHaveLength(rows.length - 1);
    const [state] = await db()
      .select()
      .from(chainSyncState)
      .where(eq(chainSyncState.chainId, LOCAL_CHAIN_ID));
    expect(state?.lastSuccessAt?.getTime()).toBe(at.getTime());
    expect(state?.lastError).toMatch(/aToken/);
  });
});
