import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import { lastBlockAtOrBefore } from "@/lib/machinery/chain/share-price-history";
import type { Database } from "@/lib/machinery/db/client";
import { instruments, sharePriceSamples } from "@/lib/machinery/db/schema";
import { erc4626Abi, parseEventLogs, type Hex } from "viem";
import { fluidLiquidityResolverArtifact } from "@/devnet/generated/fluid-liquidity";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { fluidContracts, fluidMarkets } from "@/devnet/plan/fluid";
import { operateCall, submit as fluidSubmit, vaultAbi } from "@/devnet/protocols/fluid/actions";
import { fluidBorrowerRole } from "@/devnet/protocols/fluid/deploy";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { openTestDatabase } from "../support/test-database";
import { startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import { expectRelative, fluidApyExpected, sharePriceApyExpected } from "./formulas";

// A vault without a rate of its own (a Morpho Vault V2) on its first sync: its APY comes from the
// share price a day back on chain, where the node keeps that state, instead of waiting for a second
// sample. (MetaMorpho vaults read their rate; fTokens their supply rate, their rewards being a stream.)

const DAY = 86_400;
let devnet: TestDevnet;
let proxy: RpcProxy;
let a: { number: bigint; timestamp: bigint };
let b: { number: bigint; timestamp: bigint };
const databases: Database[] = [];

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProxy(devnet.url);
  // The chain after its deployment: a block a day later (A), and another a day after that (B).
  await devnet.advance(DAY);
  a = await devnet.reader.getBlock();
  await devnet.advance(DAY);
  b = await devnet.reader.getBlock();
});
afterAll(async () => {
  for (const database of databases) await database.close();
  await proxy?.close();
  await devnet?.stop();
});
afterEach(() => {
  proxy.mode = "pass";
});

const client = () => createChainClient(LOCAL_CHAIN_ID, proxy.url, { retries: 0, timeoutMs: 2_000 });
/** A sync of `database`'s local chain through the proxy, at block B's time. */
const syncAtB = (database: Database) =>
  syncChain({ db: database.db, client: client(), chainId: LOCAL_CHAIN_ID, now: () => new Date(Number(b.timestamp) * 1000) });
async function freshDatabase() {
  const database = await openTestDatabase();
  databases.push(database);
  return database;
}
const vaultsOf = (database: Database) =>
  database.db
    .select()
    .from(instruments)
    .where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), inArray(instruments.protocol, ["fluid", "morpho"])));
/** The local chain's Vault V2, whose APY is its share price's growth. */
const VAULT_V2 = "steakPrimeUSDC";
const sharePriceAt = async (vault: string, blockNumber: bigint) =>
  (await devnet.reader.readContract({
    address: vault as `0x${string}`,
    abi: erc4626Abi,
    functionName: "convertToAssets",
    args: [10n ** 30n],
    blockNumber,
  })) as bigint;

/** The Liquidity layer's supply rate of `token` (Fluid's LiquidityResolver, 1e2 precision: 10,000 = 100 %) at `blockNumber`. */
async function supplyRateAt(token: Hex, blockNumber: bigint) {
  const data = (await devnet.reader.readContract({
    address: devnetAddresses[fluidContracts.liquidityResolver],
    abi: fluidLiquidityResolverArtifact.abi,
    functionName: "getOverallTokenData",
    args: [token],
    blockNumber,
  })) as { supplyRate: bigint };
  return data.supplyRate;
}

/**
 * The borrower of the fToken's Vault T1 pays its debt back: all that the vault owes the Liquidity layer
 * but a millionth of a token, the interest of the second its payback is mined in, which leaves the
 * layer's utilization at 0 (in its 1e2 precision). (operate's own "pay back all", type(int).min,
 * reverted for this position on the local chain, with an arithmetic panic when ETH was sent in excess.)
 */
async function repayAll(market: (typeof fluidMarkets)[number]) {
  const borrower = await devnet.ctx.sender(fluidBorrowerRole(market));
  const vault = devnetAddresses[market.vault.contract as keyof typeof devnetAddresses];
  const logs = await devnet.reader.getLogs({ address: vault, fromBlock: 0n, toBlock: "latest" });
  const opened = parseEventLogs({ abi: vaultAbi, eventName: "LogOperate", logs }) as unknown as { args: { user_: Hex; nftId_: bigint } }[];
  const nftId = opened.find((e) => e.args.user_ === borrower.address)!.args.nftId_;
  const [{ borrow }] = (await devnet.reader.readContract({
    address: devnetAddresses[fluidContracts.liquidityResolver],
    abi: fluidLiquidityResolverArtifact.abi,
    functionName: "getUserBorrowData",
    args: [vault, NATIVE_TOKEN_ADDRESS],
  })) as readonly [{ borrow: bigint }, unknown];
  const payback = borrow - 10n ** 12n;
  await fluidSubmit(borrower, operateCall(vault, nftId, 0n, -payback, borrower.address, payback));
}

describe("lastBlockAtOrBefore", () => {
  const latest = () => ({ number: b.number, timestamp: b.timestamp });

  it("finds the last block at or before a time", async () => {
    expect(await lastBlockAtOrBefore(client(), b.timestamp - BigInt(DAY), latest())).toEqual({
      number: a.number,
      timestamp: a.timestamp,
    });
    expect(await lastBlockAtOrBefore(client(), a.timestamp - 1n, latest())).toMatchObject({
      number: a.number - 1n,
    });
  });

  it("answers the latest block for a time after it, and null for a time before the first block", async () => {
    expect(await lastBlockAtOrBefore(client(), b.timestamp + 10n, latest())).toEqual(latest());
    expect(await lastBlockAtOrBefore(client(), 1_000n, latest())).toBeNull();
  });
});

describe("a first sync", () => {
  // Each test's first sync runs on a database of its own, opened (migrated and seeded) beforehand.
  const fresh: Database[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) fresh.push(await freshDatabase());
  });

  it("takes a Vault V2's APY from the share price a day back on chain, and stores that sample; fTokens' stays their supply rate", async () => {
    const database = fresh[0]!;
    const vault = (await vaultsOf(database)).find((v) => v.yieldTokenSymbol === VAULT_V2)!;
    const result = await syncAtB(database);
    expect(result.error).toBeNull();

    const synced = new Map((await vaultsOf(database)).map((v) => [v.yieldTokenSymbol, v]));
    const p0 = await sharePriceAt(vault.adapterAddress, a.number);
    const p1 = await sharePriceAt(vault.adapterAddress, b.number);
    expect(p1).toBeGreaterThan(p0);
    expectRelative(synced.get(VAULT_V2)!.currentApy, sharePriceApyExpected(p0, Number(a.timestamp), p1, Number(b.timestamp)));
    const samples = await database.db.select().from(sharePriceSamples).where(eq(sharePriceSamples.instrumentId, vault.instrumentId));
    expect(samples.map((s) => [s.sampledAt.getTime() / 1000, s.sharePrice]).sort()).toEqual(
      [
        [Number(a.timestamp), p0.toString()],
        [Number(b.timestamp), p1.toString()],
      ].sort(),
    );
    // fUSDC's share price grew as much a day back, rewards included: its APY is the supply rate alone,
    // as Fluid's Liquidity layer reports it at the sync's block.
    const usdcRate = await supplyRateAt(devnetAddresses.usdc, BigInt(result.block!));
    expect(usdcRate).toBeGreaterThan(0n);
    expectRelative(synced.get("fUSDC")!.currentApy, fluidApyExpected(usdcRate));
  });

  it("on a node without old state, keeps a Vault V2's previous APY, gives fTokens their supply rate (0 % where nobody borrows), and reports no error", async () => {
    const database = fresh[1]!;
    const before = new Map((await vaultsOf(database)).map((v) => [v.instrumentId, v.currentApy]));
    await devnet.within(async () => {
      // Nobody borrows native ETH, the token fWETH lends, any more: its borrower pays its debt back. The
      // Liquidity layer, which lists the token, then pays a supply rate of 0 for it: fWETH earns 0 %
      // (docs/data.md, Fluid), not its previous APY.
      await repayAll(fluidMarkets.find((m) => m.contract === "fWeth")!);
      expect(await supplyRateAt(NATIVE_TOKEN_ADDRESS, await devnet.reader.getBlockNumber({ cacheTime: 0 }))).toBe(0n);
      proxy.mode = "pruned";
      const seen = proxy.requests.length;
      const result = await syncAtB(database);
      expect(result.error).toBeNull();
      expect(result.failed).toEqual([]);
      // The past read was tried (an eth_call at a numbered block) and refused.
      expect(
        proxy.requests
          .slice(seen)
          .some((body) => /"eth_call","params":\[\{[^\]]*\},"0x[0-9a-f]+"\]/.test(body)),
      ).toBe(true);
      const after = await vaultsOf(database);
      // fUSDC and fEURC (discovered by this sync) show the supply rate, fWETH its 0 %; the Vault V2 keeps its previous APY.
      const bySymbol = new Map(after.map((v) => [v.yieldTokenSymbol, v]));
      for (const [symbol, token] of [["fUSDC", devnetAddresses.usdc], ["fEURC", devnetAddresses.eurc]] as const) {
        const rate = await supplyRateAt(token, BigInt(result.block!));
        expect(rate, symbol).toBeGreaterThan(0n);
        expectRelative(bySymbol.get(symbol)!.currentApy, fluidApyExpected(rate));
      }
      const fWeth = bySymbol.get("fWETH")!;
      expect(before.get(fWeth.instrumentId)).toBeGreaterThan(0);
      expect(fWeth.currentApy).toBe(0);
      const v2 = bySymbol.get(VAULT_V2)!;
      expect(v2.currentApy).toBe(before.get(v2.instrumentId));
      for (const vault of after) expect(vault.lastSyncedAt.getTime()).toBe(Number(b.timestamp) * 1000);
    });
  });
});
