import { and, eq } from "drizzle-orm";
import { formatUnits, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as artifacts from "@/devnet/generated/contracts";
import { devnetDemoWallet, devnetDeployer } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS, NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { openTestDatabase } from "../support/test-database";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { exitLiquidityReader } from "./exit-liquidity";
import { readMetaMorphoRaw } from "./morpho-state";

// Exit liquidity against the local chain: each protocol's available liquidity and utilization as the
// sync writes them equal the protocol's own figures read raw (test/chain/exit-liquidity.ts), and when
// markets are borrowed dry, positions say what can still be withdrawn, read with the balances.

let devnet: TestDevnet;
let database: Database;
let exitLiquidityOf: ReturnType<typeof exitLiquidityReader>;
/** A wallet the tests give positions larger than what their markets can pay out. */
const wallet = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  devnet = await startTestDevnet();
  database = await openTestDatabase();
  exitLiquidityOf = exitLiquidityReader(devnet);
});
afterAll(async () => {
  await database?.close();
  await devnet?.stop();
});

const client = () => createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0 });
async function sync() {
  const result = await syncChain({ db: database.db, client: client(), chainId: LOCAL_CHAIN_ID });
  expect(result.error).toBeNull();
  expect(result.rejected).toBe(0);
}
const localRows = () =>
  database.db
    .select({ row: instruments, version: protocols.version })
    .from(instruments)
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
    .where(eq(instruments.chainId, LOCAL_CHAIN_ID));
const positionsOf = (address: Hex) =>
  getPositions({ db: database.db, environment: "test", address, chainId: LOCAL_CHAIN_ID, defaultChainId: 11155111, client: client() });
const read = <T>(address: Hex, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
  devnet.reader.readContract({ address, abi: abi as never, functionName, args } as never) as Promise<T>;

/** Every local instrument's availableLiquidityUsd and utilization against the raw figures; returns the raw figures by symbol. */
async function expectLiquidityFromRawFigures() {
  const rows = await localRows();
  expect(rows.length).toBeGreaterThanOrEqual(15);
  const raw = new Map<string, { available: bigint; supplied: bigint }>();
  for (const { row, version } of rows) {
    const figures = await exitLiquidityOf({ ...row, version });
    raw.set(row.yieldTokenSymbol, figures);
    // Never more than was supplied; valued at the instrument's price of the same sync.
    const available = figures.available < figures.supplied ? figures.available : figures.supplied;
    const usd = (Number(available) / 10 ** row.tokenDecimals) * row.priceUsd!;
    expect(row.availableLiquidityUsd, row.yieldTokenSymbol).not.toBeNull();
    expect(Math.abs(row.availableLiquidityUsd! - usd), row.yieldTokenSymbol).toBeLessThanOrEqual(usd * 1e-12);
    const utilization = Number(((figures.supplied - available) * 10n ** 18n) / figures.supplied) / 1e18;
    expect(Math.abs(row.utilization! - utilization), row.yieldTokenSymbol).toBeLessThanOrEqual(1e-12);
  }
  return raw;
}

describe("available liquidity and utilization", () => {
  it("are each protocol's own figures at the sync's block: aToken and Comet cash, vault markets, the fToken's withdrawable amount", async () => {
    await sync();
    const raw = await expectLiquidityFromRawFigures();
    // The plan's utilizations: 85 % of aLocUSDC's supply is lent out, 80 % of the USDC Comet's and of fUSDC's.
    const bySymbol = new Map((await localRows()).map(({ row }) => [row.yieldTokenSymbol, row]));
    expect(bySymbol.get("aLocUSDC")!.utilization).toBeCloseTo(0.85, 12);
    expect(bySymbol.get("cUSDCv3")!.utilization).toBeCloseTo(0.8, 12);
    expect(bySymbol.get("fUSDC")!.utilization).toBeCloseTo(0.8, 9);
    // The MetaMorpho vault's liquidity is what its markets would pay out, far less than its assets.
    const steak = raw.get("steakUSDC")!;
    expect(steak.available).toBeLessThan(steak.supplied / 2n);
    expect(steak.available).toBeGreaterThan(0n);
    // The Vault V2's: its idle USDC, all it holds in steakUSDC (25M, grown since; steakUSDC can pay it), and
    // its market adapter's share of the 5 % of its market that is not borrowed.
    const v2 = raw.get("steakPrimeUSDC")!.available;
    expect(v2).toBeGreaterThanOrEqual((5_000_500n + 25_000_000n + 1_500_000n) * 10n ** 6n - 1n); // a share conversion rounds down
    expect(v2).toBeLessThan((5_000_500n + 25_000_000n + 1_500_000n + 1n) * 10n ** 6n);
  });
});

describe("markets borrowed dry", () => {
  const borrower = privateKeyToAccount(generatePrivateKey()).address;
  const usdc = (amount: bigint) => amount * 10n ** 6n;
  const weth = (amount: bigint) => amount * 10n ** 18n;
  const morpho = { address: MORPHO_BLUE_ADDRESS, abi: artifacts.mockMorphoBlueArtifact.abi } as const;

  /** Borrows every market of a MetaMorpho vault's queue dry, except its idle markets (no collateral: none can borrow there). */
  async function borrowVaultMarketsDry(vault: Hex) {
    const { markets } = await readMetaMorphoRaw(devnet, vault);
    for (const [i, m] of markets.entries()) {
      const id = await read<Hex>(vault, artifacts.mockMetaMorphoVaultArtifact.abi, "withdrawQueue", [BigInt(i)]);
      const [, collateral] = await read<readonly [Hex, Hex]>(MORPHO_BLUE_ADDRESS, morpho.abi, "idToMarketParams", [id]);
      if (/^0x0{40}$/.test(collateral)) continue;
      await devnet.send({ ...morpho, functionName: "borrow", args: [id, m.totalSupplyAssets - m.totalBorrowAssets] });
    }
  }

  beforeAll(async () => {
    const a = devnetAddresses;
    const cash = (token: Hex, holder: Hex) => read<bigint>(token, artifacts.mockERC20Artifact.abi, "balanceOf", [holder]);
    // A second wallet: 10 aWETH, 10 WETH in the Comet and in fWETH, 5 WETH in gtWETH, 20M USDC in the Vault V2.
    await devnet.send({ address: a.aWeth, abi: artifacts.mockATokenArtifact.abi, functionName: "mint", args: [wallet, weth(10n)] });
    await devnet.send({ address: a.cometWeth, abi: artifacts.mockCometArtifact.abi, functionName: "setSupply", args: [wallet, weth(10n)] });
    await devnet.send({ address: a.fWeth, abi: artifacts.mockFTokenArtifact.abi, functionName: "depositFor", args: [wallet, weth(10n)] });
    await devnet.send({ address: a.morphoWethVault, abi: artifacts.mockMetaMorphoVaultArtifact.abi, functionName: "depositFor", args: [wallet, weth(5n)] });
    // The Vault V2 deposit is allocated to steakUSDC through its MorphoVaultV1Adapter, as its allocator would.
    const v2 = { address: a.morphoUsdcVaultV2, abi: artifacts.mockVaultV2Artifact.abi } as const;
    await devnet.send({ address: a.usdc, abi: artifacts.mockERC20Artifact.abi, functionName: "mint", args: [devnetDeployer.address, usdc(20_000_000n)] });
    await devnet.send({ address: a.usdc, abi: artifacts.mockERC20Artifact.abi, functionName: "approve", args: [v2.address, usdc(20_000_000n)] });
    await devnet.send({ ...v2, functionName: "depositFor", args: [wallet, usdc(20_000_000n)] });
    await devnet.send({ ...v2, functionName: "moveToAdapter", args: [a.morphoVaultV1Adapter, usdc(20_000_000n)] });
    await devnet.send({ address: a.morphoUsdcVault, abi: artifacts.mockMetaMorphoVaultArtifact.abi, functionName: "depositFor", args: [a.morphoVaultV1Adapter, usdc(20_000_000n)] });

    // Borrowed dry: aLocUSDC, cUSDCv3, fUSDC, gtWETH, steakUSDC's borrowable markets, the V2 market adapter's market.
    await devnet.send({ address: a.aUsdc, abi: artifacts.mockATokenArtifact.abi, functionName: "transferUnderlyingTo", args: [borrower, await cash(a.usdc, a.aUsdc)] });
    await devnet.send({ address: a.cometUsdc, abi: artifacts.mockCometArtifact.abi, functionName: "lend", args: [borrower, await cash(a.usdc, a.cometUsdc)] });
    await devnet.send({ address: a.fluidLiquidityResolver, abi: artifacts.mockFluidLiquidityResolverArtifact.abi, functionName: "setLiquidityBalance", args: [a.usdc, 0n] });
    await borrowVaultMarketsDry(a.morphoWethVault);
    await borrowVaultMarketsDry(a.morphoUsdcVault);
    const adapterMarket = await read<Hex>(a.morphoMarketAdapter, artifacts.mockMorphoMarketAdapterArtifact.abi, "marketIds", [0n]);
    const [supplied, , borrowed] = await read<readonly bigint[]>(MORPHO_BLUE_ADDRESS, morpho.abi, "market", [adapterMarket]);
    await devnet.send({ ...morpho, functionName: "borrow", args: [adapterMarket, supplied! - borrowed!] });
    // Nearly dry: 4 WETH left in aLocWETH, 3 in the WETH Comet, 1 native ETH at the Liquidity layer.
    await devnet.send({ address: a.aWeth, abi: artifacts.mockATokenArtifact.abi, functionName: "transferUnderlyingTo", args: [borrower, (await cash(a.weth, a.aWeth)) - weth(4n)] });
    await devnet.send({ address: a.cometWeth, abi: artifacts.mockCometArtifact.abi, functionName: "lend", args: [borrower, (await cash(a.weth, a.cometWeth)) - weth(3n)] });
    await devnet.send({ address: a.fluidLiquidityResolver, abi: artifacts.mockFluidLiquidityResolverArtifact.abi, functionName: "setLiquidityBalance", args: [NATIVE_TOKEN_ADDRESS, weth(1n)] });
    await sync();
  });

  it("have no available liquidity and a utilization of 1; every instrument still matches its raw figures", async () => {
    await expectLiquidityFromRawFigures();
    const bySymbol = new Map((await localRows()).map(({ row }) => [row.yieldTokenSymbol, row]));
    for (const symbol of ["aLocUSDC", "cUSDCv3", "fUSDC", "gtWETH"]) expect(bySymbol.get(symbol), symbol).toMatchObject({ availableLiquidityUsd: 0, utilization: 1 });
    // steakUSDC keeps its idle market's supply, which no one can borrow.
    const { markets } = await readMetaMorphoRaw(devnet, devnetAddresses.morphoUsdcVault);
    const idle = markets.find((m) => m.borrowRate === 0n)!;
    expect(bySymbol.get("steakUSDC")!.availableLiquidityUsd).toBeCloseTo(Number((idle.supplyShares * (idle.totalSupplyAssets + 1n)) / (idle.totalSupplyShares + 10n ** 6n)) / 1e6, 6);
    expect(bySymbol.get("steakUSDC")!.utilization).toBeGreaterThan(0.85);
  });

  it("leave the demo wallet's positions there withdrawable at 0, read in the one round trip of the balances", async () => {
    const answer = await positionsOf(devnetDemoWallet.address);
    const bySymbol = new Map(answer.positions.map((p) => [p.yieldTokenSymbol, p]));
    for (const symbol of ["aLocUSDC", "cUSDCv3", "fUSDC"]) {
      const p = bySymbol.get(symbol)!;
      expect(BigInt(p.balanceRaw), symbol).toBeGreaterThan(0n);
      expect(p, symbol).toMatchObject({ withdrawableNow: "0", withdrawableNowRaw: "0", withdrawableNowUsd: 0 });
    }
    // steakUSDC's idle market and the Vault V2's idle USDC still cover the demo wallet's positions there;
    // positions in markets nobody borrowed from are withdrawable in full.
    for (const symbol of ["steakUSDC", "steakPrimeUSDC", "aLocWETH", "cWBTCv3", "fEURC"]) {
      const p = bySymbol.get(symbol)!;
      expect(p, symbol).toMatchObject({ withdrawableNow: p.balance, withdrawableNowRaw: p.balanceRaw, withdrawableNowUsd: p.valueUsd });
    }
  });

  it("cap another wallet's positions at what their markets can pay out: exactly the liquidity left", async () => {
    const a = devnetAddresses;
    const answer = await positionsOf(wallet);
    const bySymbol = new Map(answer.positions.map((p) => [p.yieldTokenSymbol, p]));
    expect([...bySymbol.keys()].sort()).toEqual(["aLocWETH", "cWETHv3", "fWETH", "gtWETH", "steakPrimeUSDC"]);
    const expectWithdrawable = (symbol: string, raw: bigint) => {
      const p = bySymbol.get(symbol)!;
      expect(BigInt(p.withdrawableNowRaw!), symbol).toBe(raw);
      expect(raw, symbol).toBeLessThan(BigInt(p.balanceRaw));
      expect(p.withdrawableNow, symbol).toBe(formatUnits(raw, p.decimals));
      expect(p.withdrawableNowUsd!, symbol).toBeCloseTo((Number(raw) / 10 ** p.decimals) * p.priceUsd!, 6);
    };
    expect(bySymbol.get("aLocWETH")!.balanceRaw).toBe(weth(10n).toString());
    expectWithdrawable("aLocWETH", weth(4n));
    expectWithdrawable("cWETHv3", weth(3n));
    expectWithdrawable("fWETH", weth(1n));
    expectWithdrawable("gtWETH", 0n);
    // The Vault V2: 20M USDC deep in steakUSDC, of which steakUSDC can pay out its idle market; plus the V2's idle USDC.
    const v2 = (await localRows()).find(({ row }) => row.adapterAddress === a.morphoUsdcVaultV2)!;
    const liquidity = await exitLiquidityOf({ ...v2.row, version: v2.version });
    expectWithdrawable("steakPrimeUSDC", liquidity.available);
  });
});

describe("a position in a market whose liquidity cannot be read", () => {
  it("has withdrawableNow null, its balance still read", async () => {
    // fEURC's maxWithdraw asks the Liquidity layer (the LiquidityResolver mock): without its code, it reverts.
    const [row] = await database.db.select().from(instruments).where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), eq(instruments.yieldTokenSymbol, "fEURC")));
    const resolver = { address: devnetAddresses.fluidLiquidityResolver, abi: artifacts.mockFluidLiquidityResolverArtifact.abi } as const;
    const code = await devnet.reader.getCode({ address: resolver.address });
    await devnet.rpc("anvil_setCode", [resolver.address, "0x00"]);
    try {
      const p = (await positionsOf(devnetDemoWallet.address)).positions.find((x) => x.instrumentId === row!.instrumentId)!;
      expect(BigInt(p.balanceRaw)).toBeGreaterThan(0n);
      expect(p).toMatchObject({ withdrawableNow: null, withdrawableNowRaw: null, withdrawableNowUsd: null });
    } finally {
      await devnet.rpc("anvil_setCode", [resolver.address, code]);
    }
  });
});

describe("a Vault V2 with an adapter the lens cannot read", () => {
  // Runtime code answering every call with one word, 1,000,000 USDC: realAssets() reads as that, and
  // morphoVaultV1() as an address without code, so what the adapter could deallocate is unknown.
  const word = (1_000_000n * 10n ** 6n).toString(16).padStart(64, "0");
  const adapter = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    await devnet.rpc("anvil_setCode", [adapter, `0x7f${word}60005260206000f3`]);
    await devnet.send({ address: devnetAddresses.morphoUsdcVaultV2, abi: artifacts.mockVaultV2Artifact.abi, functionName: "addAdapter", args: [adapter] });
    await sync();
  });

  it("has an unknown available liquidity and utilization, not a smaller one", async () => {
    const v2 = (await localRows()).find(({ row }) => row.adapterAddress === devnetAddresses.morphoUsdcVaultV2)!.row;
    expect(v2.tvl).toBeGreaterThan(0);
    expect(v2).toMatchObject({ availableLiquidityUsd: null, utilization: null });
  });

  it("still says what a position smaller than the vault's idle assets can withdraw (all of it), and null for a larger one", async () => {
    const demo = (await positionsOf(devnetDemoWallet.address)).positions.find((p) => p.yieldTokenSymbol === "steakPrimeUSDC")!;
    expect(demo).toMatchObject({ withdrawableNow: demo.balance, withdrawableNowRaw: demo.balanceRaw });
    // The other wallet's 20M USDC, more than the idle assets: what the unknown adapter adds would decide it.
    const large = (await positionsOf(wallet)).positions.find((p) => p.yieldTokenSymbol === "steakPrimeUSDC")!;
    expect(BigInt(large.balanceRaw)).toBeGreaterThan(10n ** 13n);
    expect(large).toMatchObject({ withdrawableNow: null, withdrawableNowRaw: null, withdrawableNowUsd: null });
  });
});
