import { eq } from "drizzle-orm";
import { arbitrum, mainnet } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { localChainInstruments } from "@/lib/machinery/catalog/local-chain";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { catalogRow } from "@/lib/machinery/db/seed";
import { instruments } from "@/lib/machinery/db/schema";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getHealth } from "@/lib/domain/health/get-health";
import { PUBLIC_RPC_SYNC_SECONDS, syncCadences } from "@/lib/machinery/sync/scheduler";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { chainLab } from "../support/chain-lab";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { startLimitedRpc, type LimitedRpc } from "@/devnet/limited-rpc";
import { openTestDatabase } from "../support/test-database";
import { aaveApyExpected, expectRelative } from "./formulas";

// Chains without RPC_URL_<chainId> are read through their public RPC. A local proxy in
// front of Anvil plays one with a public RPC's limits; nothing here reaches the internet.

let devnet: TestDevnet;
let proxy: LimitedRpc;
let database: Database;

beforeAll(async () => {
  devnet = await startTestDevnet({ discovery: { gapBlocks: 30 } });
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a sync through a public RPC's limits", () => {
  it("gets every market read through small batches, a 429 with Retry-After, refused log ranges and timeouts", async () => {
    proxy = await startLimitedRpc(devnet.url, {
      rateLimitNext: 1,
      retryAfterSeconds: 1,
      maxBatch: 3,
      getLogsMaxBlocks: 100,
      refusalStyle: "publicnode",
      getLogsHangEvery: 3,
    });
    const client = createChainClient(LOCAL_CHAIN_ID, proxy.url, { profile: "public", timeoutMs: 2_000, retries: 2 });
    const result = await syncChain({ db: database.db, client, chainId: LOCAL_CHAIN_ID });
    expect(result.error).toBeNull();
    expect(result.failed).toEqual([]);
    const rows = await database.db.select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
    expect(result.updated).toBe(rows.length);
    expect(result.discovered).toBe(4 + 5); // Aave's WBTC reserve, the Prime pool's USDC and WETH reserves, fEURC, and five Morpho vaults
    const usdc = rows.find((r) => r.instrumentId === catalogRow(localChainInstruments.find((i) => i.chainId === LOCAL_CHAIN_ID && i.yieldTokenSymbol === "aLocUSDC")!).instrumentId)!;
    // As the reserve reports it at the block the sync read.
    expectRelative(usdc.currentApy, aaveApyExpected((await chainLab(devnet).aaveReserveAt("aUsdc", BigInt(result.block!))).currentLiquidityRate));

    const [first, second] = proxy.exchanges;
    // The 429 was waited out for its Retry-After before the provider was asked again.
    expect(first!.status).toBe(429);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    // Batches over three calls were refused (dRPC's words) and split; once learned, none went out again.
    const sizes = proxy.exchanges.map((e) => e.calls.length);
    const tooLarge = sizes.filter((n) => n > 3);
    expect(tooLarge.length).toBeGreaterThan(0);
    expect(tooLarge.length).toBeLessThanOrEqual(3); // halved until it fits: 10, 5, then 2
    expect(sizes.slice(sizes.lastIndexOf(tooLarge.at(-1)!) + 1).every((n) => n <= 3)).toBe(true);
    // eth_getLogs over 100 blocks was refused ("block range too large") and hung now and then; every
    // answered query kept within the limit.
    const getLogs = proxy.exchanges.flatMap((e) => e.getLogs);
    expect(getLogs.some((g) => g.toBlock - g.fromBlock + 1 > 100)).toBe(true);
    expect(proxy.exchanges.some((e) => e.status === 0)).toBe(true);
    for (const g of proxy.answeredGetLogs()) expect(g.toBlock - g.fromBlock + 1).toBeLessThanOrEqual(100);
  });
});

describe("which RPC a chain is read through", () => {
  it("is RPC_URL_<chainId>'s list, then viem's public RPC unless PUBLIC_RPC=false; /health names them", async () => {
    vi.stubEnv("PUBLIC_RPC", "");
    vi.stubEnv("RPC_URL_42161", "https://arb-mainnet.example/v2/a-secret-key");
    vi.stubEnv("DEVNET_MANIFEST", "/nonexistent/devnet.json");
    const chains = (await getHealth({ database, now: new Date() })).chains;
    expect(chains.find((c) => c.chainId === 1)).toMatchObject({ rpcConfigured: true, rpcSource: "public", rpcUrl: mainnet.rpcUrls.default.http[0] });
    // A configured URL may hold a key: its source is named, never the URL.
    expect(chains.find((c) => c.chainId === arbitrum.id)).toMatchObject({ rpcConfigured: true, rpcSource: "configured", rpcUrl: null });
    // Every RPC of a chain, by scheme and host only: the configured ones, then the public one.
    const noErrors = { lastError: null, lastErrorAt: null };
    expect(chains.find((c) => c.chainId === 1)!.rpcs).toEqual([{ name: new URL(mainnet.rpcUrls.default.http[0]).origin, source: "public", rank: 1, ...noErrors }]);
    expect(chains.find((c) => c.chainId === arbitrum.id)!.rpcs).toEqual([
      { name: "https://arb-mainnet.example", source: "configured", rank: 1, ...noErrors },
      { name: new URL(arbitrum.rpcUrls.default.http[0]).origin, source: "public", rank: 2, ...noErrors },
    ]);
    expect(JSON.stringify(chains)).not.toMatch(/a-secret-key/);
    // The local chain has no public RPC: it is read only while `npm run devnet` runs.
    expect(chains.find((c) => c.chainId === LOCAL_CHAIN_ID)).toMatchObject({ rpcConfigured: false, rpcSource: null, rpcUrl: null });

    vi.stubEnv("PUBLIC_RPC", "false");
    const off = (await getHealth({ database, now: new Date() })).chains;
    expect(off.find((c) => c.chainId === 1)).toMatchObject({ rpcConfigured: false, rpcSource: null, rpcUrl: null });
    expect(off.find((c) => c.chainId === arbitrum.id)).toMatchObject({ rpcSource: "configured" });
    expect(off.find((c) => c.chainId === arbitrum.id)!.rpcs.map((r) => r.source)).toEqual(["configured"]);
    expect(off.find((c) => c.chainId === 1)!.rpcs).toEqual([]);
  });

  it("decides the scheduler's loops: public RPCs every five minutes in a loop of their own", () => {
    vi.stubEnv("PUBLIC_RPC", "");
    vi.stubEnv("RPC_URL_42161", "https://arb-mainnet.example/v2/a-secret-key");
    vi.stubEnv("DEVNET_MANIFEST", "/nonexistent/devnet.json");
    const [own, open] = syncCadences(null);
    // Without SYNC_INTERVAL_SECONDS: only a running local chain (none here) in the first loop.
    expect(own).toMatchObject({ name: "own", periodSeconds: 15 });
    expect(own!.candidates()).toEqual([]);
    expect(open).toMatchObject({ name: "public", periodSeconds: PUBLIC_RPC_SYNC_SECONDS });
    expect(open!.candidates()).toEqual([1, 8453, 10, 137, 11155111, 84532]);
    // With it, configured chains follow it; public ones are never read more often than every five minutes.
    const [own60, open60] = syncCadences(60);
    expect(own60!.candidates()).toEqual([arbitrum.id]);
    expect(open60!.periodSeconds).toBe(300);
    expect(syncCadences(900)[1]!.periodSeconds).toBe(900);
    vi.stubEnv("PUBLIC_RPC", "false");
    expect(syncCadences(null)[1]!.candidates()).toEqual([]);
  });
});
