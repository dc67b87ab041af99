import { and, eq } from "drizzle-orm";
import { erc4626Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import { catalogInstruments } from "@/lib/machinery/catalog/catalog-data";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { instrumentIdOf, marketIdOf } from "@/lib/machinery/catalog/instrument-id";
import type { Database } from "@/lib/machinery/db/client";
import { catalogRow } from "@/lib/machinery/db/seed";
import { chainSyncState, datasetMeta, instrumentSnapshots, instruments, protocols, sharePriceSamples } from "@/lib/machinery/db/schema";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import type { AaveMarket } from "@/devnet/plan/aave";
import type { CompoundMarketPlan } from "@/devnet/plan/compound";
import type { FluidMarketPlan } from "@/devnet/plan/fluid";
import { morphoMarkets } from "@/devnet/plan/morpho";
import { units } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getHealth } from "@/lib/domain/health/get-health";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { getProtocolStats } from "@/lib/domain/protocols/protocol-stats";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { getInstrumentHistory } from "@/lib/domain/instruments/get-instrument-history";
import { listInstruments } from "@/lib/domain/instruments/list-instruments";
import { moveYieldWindow } from "@/lib/domain/instruments/yield-windows";
import { openTestDatabase } from "../support/test-database";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import {
  aaveApyExpected,
  cometApyExpected,
  expectRelative,
  fluidApyExpected,
  fluidRewardPerYearExpected,
  metaMorphoApyExpected,
  sharePriceApyExpected,
  usdExpected,
} from "./formulas";

// The sync job against the local chain of the protocols' own contracts: what it writes (each figure
// checked against what the contracts report at the block the sync read), what it leaves alone when a
// chain fails, discovery of markets the catalog does not list, and, with the chain as a lab, the APYs
// it publishes after real borrows.

let devnet: TestDevnet;
let lab: ChainLab;
let proxy: RpcProxy;
let database: Database;
const db = () => database.db;
const SEPOLIA = 11155111;

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

const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 1, timeoutMs: 1_500 });
/** A sync of the local chain through the proxy, at `now`. */
const syncAt = (now: Date) => syncChain({ db: db(), client: client(), chainId: LOCAL_CHAIN_ID, now: () => now });
const localRows = () => db().select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
/** A contract's name in the deployment's manifest, from its address. */
const nameOf = (address: string) => (Object.entries(devnetAddresses) as [DevnetContract, Hex][]).find(([, a]) => a.toLowerCase() === address.toLowerCase())![0];
/** The core (or Prime) AaveOracle's price at `block`, 8 decimals. */
const oraclePrice = (oracle: Hex, asset: Hex, block: bigint) =>
  devnet.reader.readContract({ address: oracle, abi: aaveOracleArtifact.abi, functionName: "getAssetPrice", args: [asset], blockNumber: block }) as Promise<bigint>;
const readVault = (vault: Hex, functionName: "balanceOf" | "previewRedeem", arg: Hex | bigint, block: bigint) =>
  devnet.reader.readContract({ address: vault, abi: erc4626Abi, functionName, args: [arg], blockNumber: block } as never) as Promise<bigint>;
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
      const p = await lab.sharePriceAt(nameOf(row.adapterAddress), block.number);
      beforeSamples.set(row.instrumentId, { p, t: Number(block.timestamp) });
    }

    syncedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const result = await syncAt(syncedAt);
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);
    // The core pool's WBTC reserve and the Prime pool's two reserves (Aave getReservesList of every
    // pool), and fEURC (Fluid's resolver).
    expect(result.discovered).toBe(4);
    // Every figure below is what the contracts report at the block the sync read.
    const at = BigInt(result.block!);
    expect(at).toBe(block.number);

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
    expectRelative(wbtc.tvl, usdExpected(await lab.totalSupplyAt("aWbtc", at), 8, await oraclePrice(devnetAddresses.aaveOracle, devnetAddresses.wbtc, at), 10n ** 8n));
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
    expectRelative(primeUsdc.currentApy, aaveApyExpected((await lab.aaveReserveAt("aPrimeUsdc", at)).currentLiquidityRate));
    expectRelative(primeUsdc.tvl, usdExpected(await lab.totalSupplyAt("aPrimeUsdc", at), 6, await oraclePrice(devnetAddresses.aavePrimeOracle, devnetAddresses.usdc, at), 10n ** 8n));
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
    expectRelative(usdc.currentApy, aaveApyExpected((await lab.aaveReserveAt("aUsdc", at)).currentLiquidityRate));
    expectRelative(usdc.tvl, usdExpected(await lab.totalSupplyAt("aUsdc", at), 6, await oraclePrice(devnetAddresses.aaveOracle, devnetAddresses.usdc, at), 10n ** 8n));
    // MetaMorpho vaults: recipe A over their Morpho Blue markets, from the first sync on.
    for (const symbol of ["steakUSDC", "gtWETH"]) {
      const vault = rows.find((r) => r.yieldTokenSymbol === symbol)!;
      const raw = await lab.metaMorphoAt(nameOf(vault.adapterAddress), at);
      expectRelative(vault.currentApy, metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee));
    }
    // fTokens: the Liquidity layer's supply rate alone, the discovered fEURC included; fWETH lends
    // native ETH, whose rate the resolver gives under 0xEeee…, not WETH's 0. fUSDC's rewards are a
    // stream of their own.
    for (const fToken of ["fUsdc", "fEurc", "fWeth"] as const) {
      const { supplyRate } = await lab.fluidAt(fToken, at);
      expect(supplyRate, fToken).toBeGreaterThan(0n);
      expectRelative(rows.find((r) => r.yieldTokenAddress === devnetAddresses[fToken])!.currentApy, fluidApyExpected(supplyRate));
    }
    // cWBTCv3's feed is WBTC/BTC: supply × WBTC/BTC × BTC/USD (the oracle's WBTC, this chain's BTC reference).
    const cwbtc = rows.find((r) => r.yieldTokenSymbol === "cWBTCv3")!;
    expectRelative(cwbtc.tvl, usdExpected((await lab.cometAt("cometWbtc", at)).totalSupply * 99_980_000n, 8, 9_725_000_000_000n, 10n ** 16n));
    expectRelative(cwbtc.priceUsd!, 0.9998 * 97_250);
    // Each instrument's underlying USD price is kept, as the oracle (or feed) gives it.
    const priceOf = (symbol: string) => rows.find((r) => r.yieldTokenSymbol === symbol)!.priceUsd;
    expect([priceOf("aLocUSDC"), priceOf("aLocWETH"), priceOf("fEURC"), priceOf("cWETHv3"), priceOf("steakUSDC")]).toEqual([
      1, 3_412.55, 1.08, 3_412.55, 1,
    ]);
    // Only a Vault V2 holds money in a listed vault: what its MorphoVaultV1Adapter's shares redeem for.
    const v2 = rows.find((r) => r.yieldTokenSymbol === "steakPrimeUSDC")!;
    const adapterShares = await readVault(devnetAddresses.morphoUsdcVault, "balanceOf", devnetAddresses.morphoVaultV1Adapter, at);
    const inV1 = await readVault(devnetAddresses.morphoUsdcVault, "previewRedeem", adapterShares, at);
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
    expect(BigInt(result.block!)).toBe(block.number);
    for (const [id, before] of beforeSamples) {
      const row = rows.find((r) => r.instrumentId === id)!;
      const p1 = await lab.sharePriceAt(nameOf(row.adapterAddress), block.number);
      growth.set(row.yieldTokenSymbol, sharePriceApyExpected(before.p, before.t, p1, Number(block.timestamp)));
      expect(row.lastSyncedAt.getTime()).toBe(later.getTime());
    }
    const byId = (symbol: string) => rows.find((r) => r.instrumentId === idOf(symbol))!;
    expectRelative(byId("steakPrimeUSDC").currentApy, growth.get("steakPrimeUSDC")!);
    // fUSDC's shares grew by its supply rate and its rewards (about 2 %): the APY is the former alone.
    expectRelative(byId("fUSDC").currentApy, fluidApyExpected((await lab.fluidAt("fUsdc", block.number)).supplyRate));
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

describe("the local chain as a lab: after real borrows", () => {
  // Its own database, so that the syncs of a chain taken back afterwards (devnet.within) publish
  // nothing the tests above read.
  let labDatabase: Database;
  beforeAll(async () => {
    labDatabase = await openTestDatabase();
  });
  afterAll(() => labDatabase?.close());

  const labRows = () => labDatabase.db.select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
  const syncLab = async () => {
    const head = await devnet.reader.getBlock();
    const result = await syncChain({ db: labDatabase.db, client: client(), chainId: LOCAL_CHAIN_ID, now: () => new Date(Number(head.timestamp) * 1000) });
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);
    expect(result.rejected).toBe(0);
    return BigInt(result.block!);
  };

  /** What the contracts report at `block` as each protocol's APY (percent); null for a Vault V2 (share-price growth). */
  async function chainApyOf(row: Awaited<ReturnType<typeof labRows>>[number], block: bigint): Promise<number | null> {
    switch (row.protocol) {
      case "aave":
        return aaveApyExpected((await lab.aaveReserveAt(nameOf(row.yieldTokenAddress) as AaveMarket["contract"], block)).currentLiquidityRate);
      case "compound":
        return cometApyExpected((await lab.cometAt(nameOf(row.adapterAddress) as CompoundMarketPlan["contract"], block)).supplyRate);
      case "morpho": {
        if (morphoMarkets.find((v) => v.contract === nameOf(row.adapterAddress))!.version === 2) return null;
        const raw = await lab.metaMorphoAt(nameOf(row.adapterAddress), block);
        return metaMorphoApyExpected(raw.markets, raw.totalAssets, raw.fee);
      }
      case "fluid":
        return fluidApyExpected((await lab.fluidAt(nameOf(row.adapterAddress) as FluidMarketPlan["contract"], block)).supplyRate);
    }
  }

  /**
   * Every instrument the sync published at `block` has the APY its contracts report there; an fToken's
   * rewards rate model's stream is its reward APR (tokens a year at the instrument's price over its TVL).
   */
  async function expectSyncedAsTheChainReports(block: bigint) {
    const rows = await labRows();
    expect(rows.length).toBeGreaterThanOrEqual(14);
    const apys = new Map<string, number>();
    for (const row of rows) {
      expect(row.asOfBlock, row.yieldTokenSymbol).toBe(Number(block));
      const expected = await chainApyOf(row, block);
      if (expected !== null) expectRelative(row.currentApy, expected);
      apys.set(row.yieldTokenSymbol, row.currentApy);
      if (row.protocol !== "fluid") continue;
      const fToken = await lab.fluidAt(nameOf(row.adapterAddress) as FluidMarketPlan["contract"], block);
      const stream = row.rewards.find((r) => r.source === "fluid-rewards-model");
      if (fToken.rewardsRate === 0n) {
        expect(stream, row.yieldTokenSymbol).toBeUndefined();
        continue;
      }
      const perYear = fluidRewardPerYearExpected({ rate: fToken.rewardsRate, totalAssets: fToken.totalAssets, decimals: BigInt(row.tokenDecimals) });
      expectRelative(stream!.apr!, ((perYear * row.priceUsd!) / row.tvl) * 100);
      expectRelative(row.apyReward, stream!.apr!);
      // The model's rate itself, 10^12 = 1 % a year: the two parts are the share price's growth.
      expectRelative(row.apyReward, Number(fToken.rewardsRate) / 1e12, 1e-6);
    }
    return apys;
  }

  it("each protocol's APY the sync publishes equals what its contracts report at the block it read; a Vault V2's is its share price's growth over the time moved", async () => {
    const borrower = (what: string) => lab.actor(`sync lab borrower ${what}`);
    await devnet.within(async () => {
      const before = await syncLab().then(expectSyncedAsTheChainReports);

      // Real borrows, by accounts of their own against real collateral, in a market of every protocol
      // and in the markets the Morpho vaults supply to (the Vault V2 through its market adapter's).
      await lab.aaveBorrow(await borrower("aave core"), "aUsdc", units("10000000", 6));
      await lab.aaveBorrow(await borrower("aave prime"), "aPrimeUsdc", units("2000000", 6));
      await lab.cometBorrow(await borrower("comet usdc"), "cometUsdc", units("5000000", 6));
      await lab.cometBorrow(await borrower("comet weth"), "cometWeth", units("100", 18));
      await lab.morphoBorrow(await borrower("steakUSDC"), "usdcWeth86", units("1000000", 6));
      await lab.morphoBorrow(await borrower("gtWETH"), "wethWbtc915", units("200", 18));
      await lab.morphoBorrow(await borrower("steakPrimeUSDC"), "usdcWbtc915", units("300000", 6));
      await lab.fluidBorrow(await borrower("fUSDC"), "fUsdc", units("2000000", 6));
      await lab.fluidBorrow(await borrower("fEURC"), "fEurc", units("200000", 6));

      const borrowedAt = await syncLab();
      const after = await expectSyncedAsTheChainReports(borrowedAt);
      // The borrows moved the rates the sync read: each borrowed market pays its suppliers more.
      for (const symbol of ["aLocUSDC", "aLocPrimeUSDC", "cUSDCv3", "cWETHv3", "steakUSDC", "gtWETH", "fUSDC", "fEURC"])
        expect(after.get(symbol), symbol).toBeGreaterThan(before.get(symbol)!);

      // A day later the Vault V2's APY is its share price's growth between the two syncs' blocks,
      // which its market adapter's borrowed market and its MetaMorpho vault's markets made.
      await devnet.advance(86_400);
      const later = await syncLab();
      await expectSyncedAsTheChainReports(later);
      const v2 = (await labRows()).find((r) => r.yieldTokenSymbol === "steakPrimeUSDC")!;
      const growth = sharePriceApyExpected(
        await lab.sharePriceAt("morphoUsdcVaultV2", borrowedAt),
        await lab.timestampAt(borrowedAt),
        await lab.sharePriceAt("morphoUsdcVaultV2", later),
        await lab.timestampAt(later),
      );
      expect(growth).toBeGreaterThan(0);
      expectRelative(v2.currentApy, growth);
    });
  });
});
