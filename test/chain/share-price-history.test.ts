import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import { lastBlockAtOrBefore } from "@/lib/machinery/chain/share-price-history";
import type { Database } from "@/lib/machinery/db/client";
import { instruments, sharePriceSamples } from "@/lib/machinery/db/schema";
import * as artifacts from "@/devnet/generated/contracts";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
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
    abi: artifacts.mockERC4626VaultArtifact.abi,
    functionName: "convertToAssets",
    args: [10n ** 30n],
    blockNumber,
  })) as bigint;

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
  it("takes a Vault V2's APY from the share price a day back on chain, and stores that sample; fTokens' stays their supply rate", async () => {
    const database = await freshDatabase();
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
    // fUSDC's share price grew as much a day back, rewards included: its APY is the supply rate alone.
    expectRelative(synced.get("fUSDC")!.currentApy, fluidApyExpected(470n));
  });

  it("on a node without old state, keeps a Vault V2's previous APY, gives fTokens their supply rate, and reports no error", async () => {
    const database = await freshDatabase();
    const before = new Map((await vaultsOf(database)).map((v) => [v.instrumentId, v.currentApy]));
    // The resolver answers a 0 supply rate for native ETH, the token fWETH lends (WETH's is 0 anyway):
    // that is no rate at all, so fWETH keeps its previous APY too.
    const liquidity = {
      address: devnetAddresses.fluidLiquidityResolver,
      abi: artifacts.mockFluidLiquidityResolverArtifact.abi,
    } as const;
    await devnet.send({
      ...liquidity,
      functionName: "setSupplyRate",
      args: [NATIVE_TOKEN_ADDRESS, 0n],
    });
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
    // fUSDC and fEURC (discovered by this sync) show the supply rate; fWETH and the Vault V2 keep their previous APY.
    const bySymbol = new Map(after.map((v) => [v.yieldTokenSymbol, v]));
    expectRelative(bySymbol.get("fUSDC")!.currentApy, fluidApyExpected(470n));
    expectRelative(bySymbol.get("fEURC")!.currentApy, fluidApyExpected(310n));
    for (const symbol of ["fWETH", VAULT_V2]) {
      const kept = bySymbol.get(symbol)!;
      expect(kept.currentApy, symbol).toBe(before.get(kept.instrumentId));
    }
    for (const vault of after) expect(vault.lastSyncedAt.getTime()).toBe(Number(b.timestamp) * 1000);
  });
});
