import { and, eq, inArray } from "drizzle-orm";
import { erc20Abi, erc4626Abi, formatUnits, getAddress, type Abi, type Hex } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { instruments } from "@/lib/machinery/db/schema";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { devnetAddresses, type DevnetContract } from "@/devnet/plan/addresses";
import { aavePools } from "@/devnet/plan/aave";
import { compoundMarketOf, type CompoundMarketPlan } from "@/devnet/plan/compound";
import { devnetAavePoolOf, devnetMarkets, devnetUnits, type DevnetMarket } from "@/devnet/plan/markets";
import { DEVNET_DEMO_USDC, devnetTokenOf } from "@/devnet/plan/tokens";
import { cometAbi } from "@/devnet/protocols/compound/actions";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { ChainUnavailable } from "@/lib/domain/errors";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import type { PositionsResponse } from "@/lib/schemas/positions";
import { chainLab } from "../support/chain-lab";
import { openTestDatabase } from "../support/test-database";
import { lowerHex, startRpcProxy, startTestDevnet, type RpcProxy, type TestDevnet } from "../support/devnet";
import { exitLiquidityReader } from "./exit-liquidity";

// POST /positions' domain code against the local chain, on the protocols' own contracts: exact
// balances in every protocol (each the chain's own answer at the block the positions were read), one
// RPC round trip per request, and 503 instead of zeros when the chain cannot be read.

let devnet: TestDevnet;
let proxy: RpcProxy;
let database: Database;

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProxy(devnet.url);
  database = await openTestDatabase();
  // Discovery lists fEURC, in which the demo wallet also holds a position.
  const synced = await syncChain({ db: database.db, client: createChainClient(LOCAL_CHAIN_ID, devnet.url), chainId: LOCAL_CHAIN_ID });
  expect(synced.error).toBeNull();
  // Let the markets earn for a day, so that balances have grown and shares and assets differ everywhere.
  await devnet.advance(86_400);
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await devnet?.stop();
});

const positionsOf = (address: string, url = proxy.url) =>
  getPositions({ db: database.db, environment: "test", address, chainId: LOCAL_CHAIN_ID, defaultChainId: 11155111, client: createChainClient(LOCAL_CHAIN_ID, url, { retries: 0, timeoutMs: 2_000 }) });

const read = <T>(address: Hex, abi: Abi, functionName: string, args: readonly unknown[], blockNumber: bigint) =>
  devnet.reader.readContract({ address, abi, functionName, args, blockNumber } as never) as Promise<T>;
const at = (contract: string) => devnetAddresses[contract as DevnetContract];
const marketAt = (yieldToken: string) => devnetMarkets.find((m) => at(m.contract) === getAddress(yieldToken))!;

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

/**
 * The USD price a sync values `market`'s underlying at, as the contracts answer it: an Aave reserve
 * at its pool's oracle, a Morpho vault or an fToken at the core pool's oracle, a Comet at its base
 * price feed in the feed's unit (USD, or ETH and BTC at the core oracle's WETH and WBTC prices).
 */
async function priceUsdOf(market: DevnetMarket, block: bigint): Promise<number> {
  const oraclePrice = async (oracle: string, token: string) => Number(await read<bigint>(at(oracle), aaveOracleArtifact.abi, "getAssetPrice", [at(token)], block)) / 1e8;
  const core = aavePools[0].contracts.oracle;
  if (market.kind === "aToken") return oraclePrice(devnetAavePoolOf(market).oracle, market.underlying);
  if (market.kind === "vault") return oraclePrice(core, market.underlying);
  const comet = at(market.contract);
  const feed = await read<Hex>(comet, cometAbi, "baseTokenPriceFeed", [], block);
  const inUnit = Number(await read<bigint>(comet, cometAbi, "getPrice", [feed], block)) / 1e8;
  const unit = compoundMarketOf(market.contract as CompoundMarketPlan["contract"]).baseFeedDenomination;
  return inUnit * (unit === "USD" ? 1 : await oraclePrice(core, unit === "ETH" ? "weth" : "wbtc"));
}

/**
 * What the chain says of `holder`'s position in `market` at `block`: its balance in underlying units
 * (an aToken's or Comet's balanceOf; a vault's convertToAssets of exactly the shares held) and what it
 * could withdraw now (an aToken or Comet: the lesser of the balance and the underlying the market holds;
 * a MetaMorpho vault or an fToken: its own maxWithdraw; a Vault V2, whose maxWithdraw is 0 by design:
 * the lesser of the assets and the vault's exit liquidity, test/chain/exit-liquidity.ts).
 */
async function chainPosition(market: DevnetMarket, holder: Hex, block: bigint) {
  const address = at(market.contract);
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  if (market.kind !== "vault") {
    const balance = await read<bigint>(address, erc20Abi, "balanceOf", [holder], block);
    const cash = await read<bigint>(at(market.underlying), erc20Abi, "balanceOf", [address], block);
    return { shares: null, balance, withdrawable: min(balance, cash) };
  }
  const shares = await read<bigint>(address, erc4626Abi, "balanceOf", [holder], block);
  const balance = await read<bigint>(address, erc4626Abi, "convertToAssets", [shares], block);
  if (market.protocol === "morpho" && market.version === 2) {
    const { available } = await exitLiquidityReader(devnet)({ ...market, adapterAddress: address, tokenAddress: at(market.underlying), yieldTokenAddress: address }, block);
    return { shares, balance, withdrawable: min(balance, available) };
  }
  return { shares, balance, withdrawable: await read<bigint>(address, erc4626Abi, "maxWithdraw", [holder], block) };
}

/** Every position of `answer` is the chain's at the answer's block, valued at the sync's price; returns the chain's figures by symbol. */
async function expectPositionsFromChain(answer: PositionsResponse, holder: Hex) {
  const block = BigInt(answer.blockNumber!);
  const figures = new Map<string, Awaited<ReturnType<typeof chainPosition>>>();
  for (const position of answer.positions) {
    const market = marketAt(position.yieldTokenAddress);
    const symbol = market.yieldTokenSymbol;
    const chain = await chainPosition(market, holder, block);
    figures.set(symbol, chain);
    expect(position.balanceRaw, symbol).toBe(chain.balance.toString());
    expect(position.balance, symbol).toBe(formatUnits(chain.balance, devnetTokenOf(market.underlying).decimals));
    expect(position.withdrawableNowRaw, symbol).toBe(chain.withdrawable.toString());
    expect(position.withdrawableNow, symbol).toBe(formatUnits(chain.withdrawable, position.decimals));
    expect(position.yieldTokenAddress, symbol).toBe(at(market.contract));
    expect(position.tokenAddress, symbol).toBe(at(market.underlying));
    const row = (await database.db.select().from(instruments).where(eq(instruments.instrumentId, position.instrumentId)))[0]!;
    expect(position, symbol).toMatchObject({ currentApy: row.currentApy, tvl: row.tvl, symbol: row.tokenSymbol, protocol: row.protocol, decimals: row.tokenDecimals });
    // Valued at the underlying's USD price of the sync, which is the contracts' (the feeds have not moved since).
    const priceUsd = await priceUsdOf(market, block);
    expect(position.priceUsd, symbol).toBeCloseTo(priceUsd, 9);
    expect(position.valueUsd, symbol).toBeCloseTo((Number(chain.balance) / 10 ** position.decimals) * priceUsd, 6);
    expect(position.withdrawableNowUsd, symbol).toBeCloseTo((Number(chain.withdrawable) / 10 ** position.decimals) * priceUsd, 6);
  }
  return figures;
}

describe("the demo wallet's positions", () => {
  it("are exact to the smallest unit in every protocol, with the vault shares converted exactly", async () => {
    const block = await devnet.reader.getBlockNumber({ cacheTime: 0 });
    const answer = await positionsOf(devnetDemoWallet.address);
    expect(await devnet.reader.getBlockNumber({ cacheTime: 0 })).toBe(block); // nothing mined: the reads below see the same state
    expect(BigInt(answer.blockNumber!)).toBe(block);
    // The plan's 10,000 USDC the demo wallet holds outside any market, as the token counts it.
    expect(answer.usdcBalanceRaw).toBe(DEVNET_DEMO_USDC.toString());
    expect(answer.usdcBalance).toBe("10000");
    expect(answer.usdcBalanceRaw).toBe((await read<bigint>(at("usdc"), erc20Abi, "balanceOf", [devnetDemoWallet.address], block)).toString());

    const held = devnetMarkets.filter((m) => m.demoBalance !== "0");
    expect(answer.positions.map((p) => p.yieldTokenSymbol).sort()).toEqual(held.map((m) => m.yieldTokenSymbol).sort());
    expect(new Set(answer.positions.map((p) => p.protocol))).toEqual(new Set(["aave", "compound", "morpho", "fluid"]));
    const figures = await expectPositionsFromChain(answer, devnetDemoWallet.address);
    for (const market of held) {
      const position = answer.positions.find((p) => p.yieldTokenSymbol === market.yieldTokenSymbol)!;
      const chain = figures.get(market.yieldTokenSymbol)!;
      // Shares and assets differ: a missing conversion would show.
      if (chain.shares !== null) expect(chain.shares, market.yieldTokenSymbol).not.toBe(chain.balance);
      // The plan's deposit, grown by a day of interest (an aToken may round a unit down at supply).
      const deposited = devnetUnits(market, "demoBalance");
      expect(chain.balance, market.yieldTokenSymbol).toBeGreaterThanOrEqual(deposited - 1n);
      expect(Number(chain.balance - deposited) / Number(deposited), market.yieldTokenSymbol).toBeLessThan(1e-3);
      // Every market of the plan has liquidity to spare for the demo wallet (test/chain/liquidity.test.ts borrows them dry).
      expect(position, market.yieldTokenSymbol).toMatchObject({ withdrawableNow: position.balance, withdrawableNowRaw: position.balanceRaw, withdrawableNowUsd: position.valueUsd });
    }
    // The plan's 2,500.123456 USDC in Aave, grown by a day of the reserve's interest (its rate is above 0).
    const aUsdc = answer.positions.find((p) => p.yieldTokenSymbol === "aLocUSDC")!;
    expect(aUsdc).toMatchObject({ decimals: 6, priceUsd: 1 });
    expect(BigInt(aUsdc.balanceRaw)).toBeGreaterThan(2_500_123_456n);
    expect(aUsdc.valueUsd).toBeCloseTo(Number(aUsdc.balanceRaw) / 1e6, 9);
    const aWeth = answer.positions.find((p) => p.yieldTokenSymbol === "aLocWETH")!;
    expect(aWeth).toMatchObject({ decimals: 18, priceUsd: 3412.55 });
    expect(BigInt(aWeth.balanceRaw)).toBeGreaterThan(1_500_000_000_000_000_000n);
    expect(aWeth.valueUsd).toBeCloseTo((Number(aWeth.balanceRaw) / 1e18) * 3412.55, 9);
    // WBTC in a Comet priced in BTC: the 0.05 WBTC (and its day of interest) × 0.9998 BTC/WBTC × 97,250 USD/BTC.
    const cWbtc = answer.positions.find((p) => p.yieldTokenSymbol === "cWBTCv3")!;
    expect(cWbtc.priceUsd).toBeCloseTo(0.9998 * 97_250, 9);
    expect(cWbtc.valueUsd).toBeCloseTo((Number(cWbtc.balanceRaw) / 1e8) * 0.9998 * 97_250, 9);
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

describe("after a real deposit in every market", () => {
  it("positions and withdrawable amounts are the chain's, in every protocol, and the chain pays each withdrawable amount out", async () => {
    await devnet.within(async () => {
      const lab = chainLab(devnet);
      const depositor = await lab.actor("positions depositor");
      const rows = await database.db.select().from(instruments).where(eq(instruments.chainId, LOCAL_CHAIN_ID));
      const markets = rows.map((r) => marketAt(r.yieldTokenAddress));
      expect(new Set(markets.map((m) => m.protocol))).toEqual(new Set(["aave", "compound", "morpho", "fluid"]));
      expect(markets.some((m) => m.protocol === "morpho" && m.version === 2)).toBe(true);
      expect(markets.some((m) => m.contract === "fWeth")).toBe(true); // over native ETH
      // $25,000 of the underlying in each, at the plan's prices: Pool.supply, Comet.supply, ERC-4626 deposit (fWETH's in ETH).
      const deposited = new Map<string, bigint>();
      for (const m of markets) {
        const token = devnetTokenOf(m.underlying);
        const amount = (25_000n * 10n ** 8n * 10n ** BigInt(token.decimals)) / token.priceUsd8;
        deposited.set(m.yieldTokenSymbol, amount);
        if (m.kind === "aToken") await lab.aaveSupply(depositor, m.contract as Parameters<typeof lab.aaveSupply>[1], amount);
        else if (m.kind === "comet") await lab.cometSupply(depositor, m.contract as CompoundMarketPlan["contract"], amount);
        else await lab.vaultDeposit(depositor, m.contract, amount);
      }

      const answer = await positionsOf(depositor.address);
      expect(BigInt(answer.blockNumber!)).toBe(await devnet.reader.getBlockNumber({ cacheTime: 0 }));
      expect(answer.positions.map((p) => p.yieldTokenSymbol).sort()).toEqual(markets.map((m) => m.yieldTokenSymbol).sort());
      await expectPositionsFromChain(answer, depositor.address);
      for (const p of answer.positions) {
        // What was deposited, to a unit's rounding and the few seconds of interest since.
        const amount = deposited.get(p.yieldTokenSymbol!)!;
        expect(BigInt(p.balanceRaw), p.yieldTokenSymbol).toBeGreaterThanOrEqual(amount - 2n);
        expect(Number(BigInt(p.balanceRaw) - amount) / Number(amount), p.yieldTokenSymbol).toBeLessThan(1e-6);
        // Every market of the plan can pay this much out.
        expect(p.withdrawableNowRaw, p.yieldTokenSymbol).toBe(p.balanceRaw);
      }

      // The chain agrees: each withdrawable amount is withdrawn (Pool.withdraw, Comet.withdraw, ERC-4626 withdraw).
      for (const p of answer.positions) {
        const m = marketAt(p.yieldTokenAddress);
        const amount = BigInt(p.withdrawableNowRaw!);
        if (m.kind === "aToken") await lab.aaveWithdraw(depositor, m.contract as Parameters<typeof lab.aaveWithdraw>[1], amount);
        else if (m.kind === "comet") await lab.cometWithdraw(depositor, m.contract as CompoundMarketPlan["contract"], amount);
        else await lab.vaultWithdraw(depositor, m.contract, amount);
      }
      const after = await positionsOf(depositor.address);
      // At most the interest of the seconds since, and a share's rounding, is left.
      for (const p of after.positions) expect(p.valueUsd!, p.yieldTokenSymbol).toBeLessThan(0.01);
    });
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
      const balance = await read<bigint>(at("aUsdc"), erc20Abi, "balanceOf", [devnetDemoWallet.address], BigInt(answer.blockNumber!));
      expect(balance).toBeGreaterThan(2_500_123_456n);
      for (const p of usdc) expect(p.balanceRaw).toBe(balance.toString());
    } finally {
      await database.db.delete(instruments).where(inArray(instruments.instrumentId, copies.map((c) => c.instrumentId)));
    }
  });
});
