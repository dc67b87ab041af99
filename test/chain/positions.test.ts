import { and, eq, inArray } from "drizzle-orm";
import { formatUnits } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { instruments } from "@/lib/machinery/db/schema";
import * as artifacts from "@/devnet/generated/contracts";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import { DEVNET_DEMO_USDC, devnetTokenOf } from "@/devnet/plan/tokens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { ChainUnavailable } from "@/lib/domain/errors";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { openTestDatabase } from "../support/test-database";
import { lowerHex, startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";

// POST /positions' domain code against the local chain: exact balances in every
// protocol, one RPC round trip per request, and 503 instead of zeros when the chain cannot be read.

let devnet: TestDevnet;
let proxy: RpcProxy;
let database: Database;

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProxy(devnet.url);
  database = await openTestDatabase();
  // Discovery lists fEURC, in which the demo wallet also holds a position.
  await syncChain({ db: database.db, client: createChainClient(LOCAL_CHAIN_ID, devnet.url), chainId: LOCAL_CHAIN_ID });
  // Let the vaults earn for a day, so that shares and assets differ everywhere.
  await devnet.advance(86_400);
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

const positionsOf = (address: string, url = proxy.url) =>
  getPositions({ db: database.db, environment: "test", address, chainId: LOCAL_CHAIN_ID, defaultChainId: 11155111, client: createChainClient(LOCAL_CHAIN_ID, url, { retries: 0, timeoutMs: 2_000 }) });

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    (answer) => answer,
    (e: unknown) => e,
  );
  // The edge answers a ChainUnavailable with 503 UPSTREAM_UNAVAILABLE (test/api/positions.test.ts).
  expect(error).toBeInstanceOf(ChainUnavailable);
  expect((error as ChainUnavailable).details.chainId).toBe(LOCAL_CHAIN_ID);
  return error as ChainUnavailable;
}

describe("the demo wallet's positions", () => {
  it("are exact to the smallest unit in every protocol, with the vault shares converted exactly", async () => {
    const block = await devnet.reader.getBlockNumber();
    const answer = await positionsOf(devnetDemoWallet.address);
    expect(await devnet.reader.getBlockNumber()).toBe(block); // nothing mined: the reads below see the same state
    expect(answer.usdcBalanceRaw).toBe(DEVNET_DEMO_USDC.toString());
    expect(answer.usdcBalance).toBe("10000");

    const held = devnetMarkets.filter((m) => m.demoBalance !== "0");
    expect(answer.positions.map((p) => p.yieldTokenSymbol).sort()).toEqual(held.map((m) => m.yieldTokenSymbol).sort());
    expect(new Set(answer.positions.map((p) => p.protocol))).toEqual(new Set(["aave", "compound", "morpho", "fluid"]));
    for (const market of held) {
      const position = answer.positions.find((p) => p.yieldTokenSymbol === market.yieldTokenSymbol)!;
      const address = devnetAddresses[market.contract];
      let expected: bigint;
      if (market.rate.kind === "vault") {
        const vault = { address, abi: artifacts.mockERC4626VaultArtifact.abi } as const;
        const shares = (await devnet.reader.readContract({ ...vault, functionName: "balanceOf", args: [devnetDemoWallet.address] })) as bigint;
        const totalAssets = (await devnet.reader.readContract({ ...vault, functionName: "totalAssets" })) as bigint;
        const totalSupply = (await devnet.reader.readContract({ ...vault, functionName: "totalSupply" })) as bigint;
        // ERC-4626 convertToAssets as the vault defines it, applied to exactly the shares held.
        expected = (shares * (totalAssets + 1n)) / (totalSupply + 10n ** BigInt(market.rate.decimalsOffset));
        expect(shares).not.toBe(expected); // shares and assets differ: a missing conversion would show
      } else {
        expected = (await devnet.reader.readContract({ address, abi: artifacts.mockERC20Artifact.abi, functionName: "balanceOf", args: [devnetDemoWallet.address] })) as bigint;
      }
      expect(position.balanceRaw, market.yieldTokenSymbol).toBe(expected.toString());
      expect(position.balance).toBe(formatUnits(expected, position.decimals));
      // Every market of the plan has liquidity to spare for the demo wallet (test/chain/liquidity.test.ts borrows them dry).
      expect(position, market.yieldTokenSymbol).toMatchObject({ withdrawableNow: position.balance, withdrawableNowRaw: position.balanceRaw, withdrawableNowUsd: position.valueUsd });
      expect(position.yieldTokenAddress).toBe(address);
      expect(position.tokenAddress).toBe(devnetAddresses[market.underlying]);
      const row = (await database.db.select().from(instruments).where(eq(instruments.instrumentId, position.instrumentId)))[0]!;
      expect(position).toMatchObject({ currentApy: row.currentApy, tvl: row.tvl, symbol: row.tokenSymbol, protocol: row.protocol });
      // Valued at the underlying's USD price of the sync: the oracle's, or the Comet feed's in USD.
      const priceUsd = market.rate.kind === "comet"
        ? Number(market.rate.feed === "wbtcBtcPriceFeed" ? 0.9998 : 1) * Number(devnetTokenOf(market.underlying).priceUsd8) / 1e8
        : Number(devnetTokenOf(market.underlying).priceUsd8) / 1e8;
      expect(position.priceUsd, market.yieldTokenSymbol).toBeCloseTo(priceUsd, 9);
      expect(position.valueUsd, market.yieldTokenSymbol).toBeCloseTo((Number(expected) / 10 ** position.decimals) * priceUsd, 6);
    }
    expect(answer.positions.find((p) => p.yieldTokenSymbol === "aLocUSDC")).toMatchObject({ balance: "2500.123456", balanceRaw: "2500123456", decimals: 6, priceUsd: 1, valueUsd: 2500.123456 });
    expect(answer.positions.find((p) => p.yieldTokenSymbol === "aLocWETH")).toMatchObject({ balance: "1.5", balanceRaw: "1500000000000000000", decimals: 18, priceUsd: 3412.55 });
    expect(answer.positions.find((p) => p.yieldTokenSymbol === "aLocWETH")!.valueUsd).toBeCloseTo(1.5 * 3412.55, 9);
    // WBTC in a Comet priced in BTC: 0.05 WBTC × 0.9998 BTC/WBTC × 97,250 USD/BTC.
    expect(answer.positions.find((p) => p.yieldTokenSymbol === "cWBTCv3")!.valueUsd).toBeCloseTo(0.05 * 0.9998 * 97_250, 9);
    expect(answer.totalValueUsd).toBeCloseTo(answer.positions.reduce((sum, p) => sum + p.valueUsd!, 0), 6);
  });

  it("take one RPC HTTP request per call", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const before = proxy.requests.length;
    await positionsOf(wallet);
    const calls = proxy.requests.slice(before).filter((body) => body.includes(lowerHex(wallet)));
    expect(proxy.requests.length - before).toBe(1);
    expect(calls).toHaveLength(1);
    const request = JSON.parse(calls[0]!) as unknown;
    expect(Array.isArray(request) ? request : [request]).toMatchObject([{ method: "eth_call" }]);
  });
});

describe("a wallet with nothing", () => {
  it("gets an empty list and a zero USDC balance, read at the chain's latest block", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const head = Number(await devnet.reader.getBlockNumber({ cacheTime: 0 }));
    expect(await positionsOf(wallet)).toEqual({ address: wallet, chainId: LOCAL_CHAIN_ID, blockNumber: head, usdcBalance: "0", usdcBalanceRaw: "0", totalValueUsd: 0, positions: [] });
  });
});

describe("when the chain cannot be read", () => {
  it("a node that is down gives 503 UPSTREAM_UNAVAILABLE, not zeros", async () => {
    proxy.mode = "down";
    try {
      await expectUnavailable(positionsOf(devnetDemoWallet.address));
    } finally {
      proxy.mode = "pass";
    }
  });

  it("a slow node times out into 503", async () => {
    proxy.mode = "slow";
    proxy.delayMs = 4_000;
    try {
      await expectUnavailable(positionsOf(devnetDemoWallet.address));
    } finally {
      proxy.mode = "pass";
    }
  });

  it("a market without a contract makes the whole answer 503, naming the market", async () => {
    const [row] = await database.db.select().from(instruments).where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), eq(instruments.yieldTokenSymbol, "gtWETH")));
    await database.db.update(instruments).set({ yieldTokenAddress: "0x000000000000000000000000000000000000bEEF" }).where(eq(instruments.instrumentId, row!.instrumentId));
    try {
      const error = await expectUnavailable(positionsOf(devnetDemoWallet.address));
      expect(error.details.instrumentIds).toEqual([row!.instrumentId]);
    } finally {
      await database.db.update(instruments).set({ yieldTokenAddress: row!.yieldTokenAddress }).where(eq(instruments.instrumentId, row!.instrumentId));
    }
  });
});

describe("a chain with more markets than one lens call holds", () => {
  it("still takes one RPC HTTP request and reads every market", async () => {
    const [aUsdc] = await database.db.select().from(instruments).where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), eq(instruments.yieldTokenSymbol, "aLocUSDC")));
    // 450 more listings of the same aToken: each is read, and each holds the demo wallet's balance.
    const copies = Array.from({ length: 450 }, (_, i) => ({ ...aUsdc!, instrumentId: `0xee${(i + 1).toString(16).padStart(62, "0")}` }));
    await database.db.insert(instruments).values(copies);
    try {
      const before = proxy.requests.length;
      const answer = await positionsOf(devnetDemoWallet.address);
      expect(proxy.requests.length - before).toBe(1);
      const usdc = answer.positions.filter((p) => p.yieldTokenSymbol === "aLocUSDC");
      expect(usdc).toHaveLength(451);
      for (const p of usdc) expect(p.balanceRaw).toBe("2500123456");
    } finally {
      await database.db.delete(instruments).where(inArray(instruments.instrumentId, copies.map((c) => c.instrumentId)));
    }
  });
});
