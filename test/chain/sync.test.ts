import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/chain/client";
import { catalogInstruments } from "@/lib/catalog/catalog-data";
import type { Database } from "@/lib/db/client";
import { catalogRow } from "@/lib/db/seed";
import {
  chainSyncState,
  datasetMeta,
  instrumentSnapshots,
  instruments,
  sharePriceSamples,
} from "@/lib/db/schema";
import * as artifacts from "@/lib/devnet/generated/contracts";
import { DEVNET_CHAIN_ID, devnetAddresses } from "@/lib/devnet/plan";
import { getHealth } from "@/lib/health/get-health";
import { syncChain } from "@/lib/sync/sync-chain";
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

const client = () => createChainClient(DEVNET_CHAIN_ID, proxy.url, { retries: 1, timeoutMs: 1_500 });
const localRows = () => db().select().from(instruments).where(eq(instruments.chainId, DEVNET_CHAIN_ID));
/** convertToAssets(1e30), the probe the sync samples, read straight from the vault. */
const sharePriceOf = async (vault: string) =>
  (await devnet.reader.readContract({
    address: vault as `0x${string}`,
    abi: artifacts.mockERC4626VaultArtifact.abi,
    functionName: "convertToAssets",
    args: [10n ** 30n],
  })) as bigint;
const idOf = (symbol: string) =>
  catalogRow(catalogInstruments.find((i) => i.chainId === DEVNET_CHAIN_ID && i.yieldTokenSymbol === symbol)!)
    .instrumentId;

describe("a first sync of the local chain", () => {
  let syncedAt: Date;
  let beforeSamples: Map<string, { p: bigint; t: number }>;

  it("writes currentApy, tvl, isActive and lastSyncedAt for every instrument, and discovers unlisted markets", async () => {
    expect((await db().select().from(datasetMeta).where(eq(datasetMeta.key, "mode")))[0]?.value).toBe("demo");
    const before = await localRows();
    expect(before.map((r) => r.yieldTokenSymbol)).not.toContain("aLocWBTC");
    // Share prices right before the sync (no block is mined in between), for the APY check below.
    beforeSamples = new Map();
    const block = await devnet.reader.getBlock();
    for (const symbol of ["fUSDC", "fWETH"]) {
      const row = before.find((r) => r.yieldTokenSymbol === symbol)!;
      const p = await sharePriceOf(row.adapterAddress);
      beforeSamples.set(row.instrumentId, { p, t: Number(block.timestamp) });
    }

    syncedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const result = await syncChain({
      db: db(),
      client: client(),
      chainId: DEVNET_CHAIN_ID,
      now: () => syncedAt,
    });
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);
    expect(result.discovered).toBe(2); // the WBTC reserve (Aave getReservesList) and fEURC (Fluid resolver)

    const rows = await localRows();
    expect(rows).toHaveLength(before.length + 2);
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
    // fTokens on a chain too young for a share price a day back: the Liquidity layer's supply rate
    // stands in (fUSDC 4.70 %, fEURC 3.10 % APR in the devnet's plan), the discovered fEURC included.
    expectRelative(rows.find((r) => r.yieldTokenSymbol === "fUSDC")!.currentApy, fluidApyExpected(470n));
    expectRelative(feurc.currentApy, fluidApyExpected(310n));
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

  it("reports the chain's last success in health, with mode live", async () => {
    const health = await getHealth({ database, now: new Date() });
    expect(health.mode).toBe("live");
    const local = health.chains.find((c) => c.chainId === DEVNET_CHAIN_ID)!;
    expect(local.lastSuccessAt).toBe(syncedAt.toISOString());
    expect(local.lastError).toBeNull();
  });

  it("a later sync turns the vaults' share-price growth into their APY", async () => {
    await devnet.advance(24 * 3600);
    const later = new Date(syncedAt.getTime() + 24 * 3600_000);
    const result = await syncChain({
      db: db(),
      client: client(),
      chainId: DEVNET_CHAIN_ID,
      now: () => later,
    });
    expect(result.error).toBeNull();
    const block = await devnet.reader.getBlock();
    const rows = await localRows();
    for (const [id, before] of beforeSamples) {
      const row = rows.find((r) => r.instrumentId === id)!;
      const p1 = await sharePriceOf(row.adapterAddress);
      expectRelative(row.currentApy, sharePriceApyExpected(before.p, before.t, p1, Number(block.timestamp)));
      expect(row.lastSyncedAt.getTime()).toBe(later.getTime());
    }
    const samples = await db()
      .select()
      .from(sharePriceSamples)
      .where(eq(sharePriceSamples.instrumentId, idOf("fUSDC")));
    expect(samples).toHaveLength(2);
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
        chainId: DEVNET_CHAIN_ID,
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
      .where(eq(chainSyncState.chainId, DEVNET_CHAIN_ID));
    expect(state?.lastError).toBeTruthy();
    expect(state!.lastErrorAt!.getTime()).toBeGreaterThan(state!.lastSuccessAt!.getTime());
  });

  it("a slow node times out and counts as down; another chain syncs in the same run", async () => {
    proxy.mode = "slow";
    proxy.delayMs = 3_000;
    const sepoliaBefore = await db().select().from(instruments).where(eq(instruments.chainId, SEPOLIA));
    try {
      const slow = createChainClient(SEPOLIA, proxy.url, { retries: 0, timeoutMs: 500 });
      const [sepolia, local] = await Promise.all([
        syncChain({ db: db(), client: slow, chainId: SEPOLIA }),
        syncChain({
          db: db(),
          client: createChainClient(DEVNET_CHAIN_ID, devnet.url),
          chainId: DEVNET_CHAIN_ID,
        }),
      ]);
      expect(sepolia.ok).toBe(false);
      expect(sepolia.error).toMatch(/took too long/i);
      expect(local.error).toBeNull();
      expect(local.updated).toBeGreaterThan(0);
    } finally {
      proxy.mode = "pass";
    }
    const sepoliaAfter = await db().select().from(instruments).where(eq(instruments.chainId, SEPOLIA));
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
    const result = await syncChain({ db: db(), client: client(), chainId: DEVNET_CHAIN_ID, now: () => at });
    expect(result.failed.map((f) => f.instrumentId)).toEqual([broken]);
    const rows = await localRows();
    expect(rows.find((r) => r.instrumentId === broken)).toEqual(before);
    expect(rows.filter((r) => r.lastSyncedAt.getTime() === at.getTime())).toHaveLength(rows.length - 1);
    const [state] = await db()
      .select()
      .from(chainSyncState)
      .where(eq(chainSyncState.chainId, DEVNET_CHAIN_ID));
    expect(state?.lastSuccessAt?.getTime()).toBe(at.getTime());
    expect(state?.lastError).toMatch(/aToken/);
  });
});
