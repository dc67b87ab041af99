import { and, eq } from "drizzle-orm";
import { encodeFunctionData, erc20Abi, erc4626Abi, formatUnits, type Abi, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleSender } from "@/devnet/deploy/context";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import { vaultV2Artifact } from "@/devnet/generated/vault-v2";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { aaveBorrowers, aaveMarketOf, aavePoolOf, type AaveMarket } from "@/devnet/plan/aave";
import { compoundMarketOf, compoundRoles } from "@/devnet/plan/compound";
import { fluidContracts, fluidMarkets } from "@/devnet/plan/fluid";
import { devnetMarketOf, devnetUnits } from "@/devnet/plan/markets";
import { morphoBlueMarketOf, morphoMarkets, morphoRoles, type MetaMorphoVaultPlan, type MorphoBlueMarketKey } from "@/devnet/plan/morpho";
import { devnetTokenOf, units } from "@/devnet/plan/tokens";
import { aaveActions } from "@/devnet/protocols/aave";
import * as fluid from "@/devnet/protocols/fluid/actions";
import { FLUID_SUPPLIER } from "@/devnet/protocols/fluid/deploy";
import { fluidLiquidityResolverArtifact } from "@/devnet/generated/fluid-liquidity";
import { morphoActions, morphoMarketParams } from "@/devnet/protocols/morpho";
import * as compound from "@/devnet/protocols/compound/actions";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { getPositions } from "@/lib/domain/positions/get-positions";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { Database } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { syncChain } from "@/lib/machinery/sync/sync-chain";
import { chainLab, type ChainLab } from "../support/chain-lab";
import { openTestDatabase } from "../support/test-database";
import { startTestDevnet, type TestDevnet } from "../support/devnet";
import { exitLiquidityReader } from "./exit-liquidity";
import { readMetaMorphoRaw } from "./morpho-state";

// Exit liquidity against the local chain, on the protocols' own contracts: each protocol's available
// liquidity and utilization as the sync writes them equal the protocol's own figures read raw
// (test/chain/exit-liquidity.ts), and when markets are borrowed (or withdrawn) dry by real flows,
// positions say what can still be withdrawn, read with the balances. Each describe that acts on the
// chain takes it back afterwards.

let devnet: TestDevnet;
let database: Database;
let lab: ChainLab;
let exitLiquidityOf: ReturnType<typeof exitLiquidityReader>;

beforeAll(async () => {
  devnet = await startTestDevnet();
  database = await openTestDatabase();
  lab = chainLab(devnet);
  exitLiquidityOf = exitLiquidityReader(devnet);
});
afterAll(async () => {
  await database?.close();
  await devnet?.stop();
});

const a = devnetAddresses;
const usdc = (amount: bigint) => amount * 10n ** 6n;
const weth = (amount: bigint) => amount * 10n ** 18n;
const client = () => createChainClient(LOCAL_CHAIN_ID, devnet.url, { retries: 0 });
async function sync(db = database) {
  const result = await syncChain({ db: db.db, client: client(), chainId: LOCAL_CHAIN_ID });
  expect(result.error).toBeNull();
  expect(result.rejected).toBe(0);
  return result;
}
const localRows = (db = database) =>
  db.db
    .select({ row: instruments, version: protocols.version })
    .from(instruments)
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
    .where(eq(instruments.chainId, LOCAL_CHAIN_ID));
const positionsOf = (address: Hex, db = database) =>
  getPositions({ db: db.db, environment: "test", address, chainId: LOCAL_CHAIN_ID, defaultChainId: 11155111, client: client() });
const read = <T>(address: Hex, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  devnet.reader.readContract({ address, abi, functionName, args } as never) as Promise<T>;
const head = () => devnet.reader.getBlockNumber({ cacheTime: 0 });
const cashOf = (token: Hex, holder: Hex) => read<bigint>(token, erc20Abi, "balanceOf", [holder]);

/** Every local instrument's availableLiquidityUsd and utilization against the raw figures at `block`; returns the raw figures by symbol. */
async function expectLiquidityFromRawFigures(block: bigint, db = database) {
  const rows = await localRows(db);
  expect(rows.length).toBeGreaterThanOrEqual(15);
  const raw = new Map<string, { available: bigint; supplied: bigint }>();
  for (const { row, version } of rows) {
    expect(row.asOfBlock, row.yieldTokenSymbol).toBe(Number(block));
    const figures = await exitLiquidityOf({ ...row, version }, block);
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

// ---- Actions the lab (test/support/chain-lab.ts) has no single step for, written here from its own ----

/** `amount` of WBTC worth `usd8` US dollars (8 decimals) at the plan's prices. */
const wbtcWorth = (usd8: bigint) => (usd8 * 10n ** 8n) / devnetTokenOf("wbtc").priceUsd8;
const usdOf = (token: Parameters<typeof devnetTokenOf>[0], amount: bigint) => (amount * devnetTokenOf(token).priceUsd8) / 10n ** BigInt(devnetTokenOf(token).decimals);

/**
 * Pool.borrow of `amount` from a Core reserve against WBTC worth three times it (chain-lab's
 * aaveBorrow posts WETH, whose reserve's caps the WETH borrowed here would not leave room for).
 */
async function aaveBorrowAgainstWbtc(actor: RoleSender, market: AaveMarket["contract"], amount: bigint) {
  const m = aaveMarketOf(market);
  await lab.aaveSupply(actor, "aWbtc", wbtcWorth(3n * usdOf(m.underlying, amount)));
  return aaveActions.borrow(actor, a[aavePoolOf(m.pool).contracts.pool], a[m.underlying], amount);
}

/** Borrows all the free liquidity (supply − borrow) of a Morpho Blue market. */
async function borrowMarketDry(actor: RoleSender, key: MorphoBlueMarketKey) {
  const [totalSupplyAssets, , totalBorrowAssets] = await read<readonly bigint[]>(MORPHO_BLUE_ADDRESS, morphoArtifact.abi, "market", [morphoActions.marketIdOf(morphoMarketParams(devnet.ctx, key))]);
  await lab.morphoBorrow(actor, key, totalSupplyAssets! - totalBorrowAssets!);
}

/** Borrows every market of a MetaMorpho vault's queue dry, except its idle markets (no collateral: none can borrow there). */
async function borrowVaultMarketsDry(actor: RoleSender, vault: string) {
  const plan = morphoMarkets.find((v) => v.contract === vault) as MetaMorphoVaultPlan;
  for (const { market } of plan.metaMorpho.markets) if (morphoBlueMarketOf(market).collateral !== null) await borrowMarketDry(actor, market);
}

/** A Vault V2 allocator's allocation of `amount` of its idle assets to its MorphoVaultV1Adapter (into steakUSDC). */
async function allocateToSteakUsdc(amount: bigint) {
  const allocator = await devnet.ctx.sender(morphoRoles.allocator);
  await morphoActions.allocate(allocator, a.morphoUsdcVaultV2, a.morphoVaultV1Adapter, "0x", amount);
}

/** What the fToken could withdraw at the Liquidity layer now (Fluid's LiquidityResolver). */
async function fTokenWithdrawable(fToken: Hex, lent: Hex) {
  const [data] = await read<readonly [{ withdrawable: bigint }, unknown]>(a[fluidContracts.liquidityResolver], fluidLiquidityResolverArtifact.abi, "getUserSupplyData", [fToken, lent]);
  return data.withdrawable;
}

/** A snapshot taken before a describe's real actions and reverted after it (devnet.within over several tests). */
function restoredAfter() {
  let snapshot: Hex;
  beforeAll(async () => {
    snapshot = await devnet.rpc<Hex>("evm_snapshot");
  });
  afterAll(async () => {
    await devnet.rpc("evm_revert", [snapshot]);
    devnet.ctx.forgetSenders();
  });
}

describe("available liquidity and utilization", () => {
  it("are each protocol's own figures at the sync's block: aToken and Comet cash, vault markets, the fToken's withdrawable amount", async () => {
    const { block } = await sync();
    const raw = await expectLiquidityFromRawFigures(BigInt(block!));
    // The plan's utilizations, made by real borrows: 85 % of aLocUSDC's supply is lent out (212.5 M of
    // 250 M and the demo wallet's 2,500.123456), 85 % of the USDC Comet's and 80 % of fUSDC's.
    const bySymbol = new Map((await localRows()).map(({ row }) => [row.yieldTokenSymbol, row]));
    const aUsdc = devnetMarketOf("aUsdc");
    const aUsdcBorrowed = aaveBorrowers.flatMap((b) => b.borrows).filter((b) => b.market === "aUsdc").reduce((sum, b) => sum + units(b.amount, 6), 0n);
    expect(bySymbol.get("aLocUSDC")!.utilization).toBeCloseTo(Number(aUsdcBorrowed) / Number(devnetUnits(aUsdc, "supply") + devnetUnits(aUsdc, "demoBalance")), 7);
    expect(bySymbol.get("cUSDCv3")!.utilization).toBeCloseTo(Number(compoundMarketOf("cometUsdc").utilizationBps) / 10_000, 7);
    expect(bySymbol.get("fUSDC")!.utilization).toBeCloseTo(Number(fluidMarkets.find((m) => m.contract === "fUsdc")!.vault.utilizationBps) / 10_000, 7);
    // The MetaMorpho vault's liquidity is what its markets would pay out, far less than its assets.
    const steak = raw.get("steakUSDC")!;
    expect(steak.available).toBeLessThan(steak.supplied / 2n);
    expect(steak.available).toBeGreaterThan(0n);
    // The Vault V2's: its idle USDC (40,000,500 deposited, 35 M allocated), all that steakUSDC can pay its
    // MorphoVaultV1Adapter (steakUSDC's whole liquidity: less than the 25 M and more it holds there), and
    // the 5 % of its market adapter's market (10 M supplied, 95 % borrowed) that is not borrowed.
    const v2 = raw.get("steakPrimeUSDC")!.available;
    expect(await cashOf(a.usdc, a.morphoUsdcVaultV2)).toBe(usdc(5_000_500n));
    const inSteak = await read<bigint>(a.morphoUsdcVault, erc4626Abi, "convertToAssets", [await read<bigint>(a.morphoUsdcVault, erc4626Abi, "balanceOf", [a.morphoVaultV1Adapter])]);
    expect(inSteak).toBeGreaterThanOrEqual(usdc(25_000_000n) - 1n); // a share conversion rounds down
    expect(inSteak).toBeGreaterThan(steak.available);
    expect(v2).toBe(usdc(5_000_500n) + steak.available + usdc(500_000n));
  });
});

describe("markets borrowed (or withdrawn) dry", () => {
  restoredAfter();
  let wallet: RoleSender;

  beforeAll(async () => {
    // A second wallet: 10 aWETH, 10 WETH in the Comet and in fWETH (as native ETH), 5 WETH in gtWETH,
    // 20 M USDC in the Vault V2, which its allocator allocates to steakUSDC through its MorphoVaultV1Adapter.
    wallet = await lab.actor("liquidity second wallet");
    await lab.aaveSupply(wallet, "aWeth", weth(10n));
    await lab.cometSupply(wallet, "cometWeth", weth(10n));
    await lab.vaultDeposit(wallet, "fWeth", weth(10n));
    await lab.vaultDeposit(wallet, "morphoWethVault", weth(5n));
    await lab.vaultDeposit(wallet, "morphoUsdcVaultV2", usdc(20_000_000n));
    await allocateToSteakUsdc(usdc(20_000_000n));

    // Dry: aLocUSDC and cUSDCv3 borrowed to their last unit; fUSDC's Liquidity-layer USDC withdrawn by
    // its supplier; gtWETH's markets, steakUSDC's borrowable ones and the V2 market adapter's borrowed dry.
    const borrower = await lab.actor("liquidity borrower");
    await aaveBorrowAgainstWbtc(borrower, "aUsdc", await cashOf(a.usdc, a.aUsdc));
    await lab.cometBorrow(borrower, "cometUsdc", await cashOf(a.usdc, a.cometUsdc));
    const fluidSupplier = await devnet.ctx.sender(FLUID_SUPPLIER);
    await fluid.withdraw(fluidSupplier, a.fUsdc, await fTokenWithdrawable(a.fUsdc, a.usdc));
    expect(await cashOf(a.usdc, a[fluidContracts.liquidity])).toBe(0n); // what it could withdraw was all the layer held
    await borrowVaultMarketsDry(borrower, "morphoWethVault");
    await borrowVaultMarketsDry(borrower, "morphoUsdcVault");
    await borrowMarketDry(borrower, "usdcWbtc915");

    // Nearly dry: 4 WETH left in aLocWETH (borrowed), 3 in the WETH Comet (its supplier withdrew the
    // rest), 1 native ETH at the Liquidity layer (fWETH's supplier withdrew 1,500 ETH, a vault borrowed the rest).
    await lab.aaveSupply(borrower, "aWbtc", wbtcWorth(3n * usdOf("weth", await cashOf(a.weth, a.aWeth))));
    await aaveActions.borrow(borrower, a.aavePool, a.weth, (await cashOf(a.weth, a.aWeth)) - weth(4n));
    const cometSupplier = await devnet.ctx.sender(compoundRoles.supplier);
    await compound.withdraw(cometSupplier, a.cometWeth, a.weth, (await cashOf(a.weth, a.cometWeth)) - weth(3n));
    await fluid.withdrawNative(fluidSupplier, a.fWeth, weth(1_500n));
    const liquidityLayer = a[fluidContracts.liquidity];
    await lab.fluidBorrow(borrower, "fWeth", (await devnet.reader.getBalance({ address: liquidityLayer, blockTag: "latest" })) - weth(1n));
    expect(await devnet.reader.getBalance({ address: liquidityLayer, blockTag: "latest" })).toBe(weth(1n));
    await sync();
  });

  it("have no available liquidity and a utilization of 1; every instrument still matches its raw figures", async () => {
    await expectLiquidityFromRawFigures(await head());
    const bySymbol = new Map((await localRows()).map(({ row }) => [row.yieldTokenSymbol, row]));
    for (const symbol of ["aLocUSDC", "cUSDCv3", "fUSDC", "gtWETH"]) expect(bySymbol.get(symbol), symbol).toMatchObject({ availableLiquidityUsd: 0, utilization: 1 });
    // steakUSDC keeps its idle market's supply, which no one can borrow.
    const { markets } = await readMetaMorphoRaw(devnet, a.morphoUsdcVault);
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
    const answer = await positionsOf(wallet.address);
    const block = BigInt(answer.blockNumber!);
    expect(block).toBe(await head());
    const bySymbol = new Map(answer.positions.map((p) => [p.yieldTokenSymbol, p]));
    expect([...bySymbol.keys()].sort()).toEqual(["aLocWETH", "cWETHv3", "fWETH", "gtWETH", "steakPrimeUSDC"]);
    const expectWithdrawable = (symbol: string, raw: bigint) => {
      const p = bySymbol.get(symbol)!;
      expect(BigInt(p.withdrawableNowRaw!), symbol).toBe(raw);
      expect(raw, symbol).toBeLessThan(BigInt(p.balanceRaw));
      expect(p.withdrawableNow, symbol).toBe(formatUnits(raw, p.decimals));
      expect(p.withdrawableNowUsd!, symbol).toBeCloseTo((Number(raw) / 10 ** p.decimals) * p.priceUsd!, 6);
    };
    // The 10 WETH supplied, as the aToken counts it now (a unit's rounding down at supply, interest since).
    const aWeth = await read<bigint>(a.aWeth, erc20Abi, "balanceOf", [wallet.address]);
    expect(bySymbol.get("aLocWETH")!.balanceRaw).toBe(aWeth.toString());
    expect(aWeth).toBeGreaterThanOrEqual(weth(10n) - 1n);
    expect(await cashOf(a.weth, a.aWeth)).toBe(weth(4n));
    expectWithdrawable("aLocWETH", weth(4n));
    expectWithdrawable("cWETHv3", weth(3n));
    expectWithdrawable("fWETH", weth(1n));
    expectWithdrawable("gtWETH", 0n);
    // The Vault V2: 20 M USDC deep in steakUSDC, of which steakUSDC can pay out its idle market; plus the V2's idle USDC.
    const v2 = (await localRows()).find(({ row }) => row.adapterAddress === a.morphoUsdcVaultV2)!;
    const liquidity = await exitLiquidityOf({ ...v2.row, version: v2.version }, block);
    expectWithdrawable("steakPrimeUSDC", liquidity.available);
  });
});

describe("a position in a market whose liquidity cannot be read", () => {
  it("has withdrawableNow null, its balance still read", async () => {
    // fEURC's maxWithdraw asks EURC how much the Liquidity layer holds: without EURC's code, it reverts
    // (its share price, from the Liquidity layer's exchange price, is still read).
    const [row] = await database.db.select().from(instruments).where(and(eq(instruments.chainId, LOCAL_CHAIN_ID), eq(instruments.yieldTokenSymbol, "fEURC")));
    await devnet.within(async () => {
      await devnet.rpc("anvil_setCode", [a.eurc, "0x00"]);
      const p = (await positionsOf(devnetDemoWallet.address)).positions.find((x) => x.instrumentId === row!.instrumentId)!;
      expect(BigInt(p.balanceRaw)).toBeGreaterThan(0n);
      expect(p).toMatchObject({ withdrawableNow: null, withdrawableNowRaw: null, withdrawableNowUsd: null });
    });
  });
});

describe("a Vault V2 with an adapter the lens cannot read", () => {
  restoredAfter();
  // Runtime code answering every call with one word, 1,000,000 USDC: realAssets() reads as that, and
  // morphoVaultV1() as an address without code, so what the adapter could deallocate is unknown.
  const word = (1_000_000n * 10n ** 6n).toString(16).padStart(64, "0");
  const adapter = privateKeyToAccount(generatePrivateKey()).address;
  let large: RoleSender;
  /** The chain went back past the first database's last sync: a database of its own. */
  let db: Database;

  beforeAll(async () => {
    // A wallet with 20 M USDC in the Vault V2, which its allocator allocates to steakUSDC, as above, and
    // steakUSDC's borrowable markets and the V2 market adapter's borrowed dry: the liquidity the lens can
    // read (the V2's idle USDC, steakUSDC's idle market) is less than that position.
    large = await lab.actor("liquidity large vault v2 holder");
    await lab.vaultDeposit(large, "morphoUsdcVaultV2", usdc(20_000_000n));
    await allocateToSteakUsdc(usdc(20_000_000n));
    const borrower = await lab.actor("liquidity borrower");
    await borrowVaultMarketsDry(borrower, "morphoUsdcVault");
    await borrowMarketDry(borrower, "usdcWbtc915");
    // The curator adds the adapter (the Vault V2's timelocks are 0: submitted and made in one multicall).
    await devnet.rpc("anvil_setCode", [adapter, `0x7f${word}60005260206000f3`]);
    const v2 = { address: a.morphoUsdcVaultV2, abi: vaultV2Artifact.abi } as const;
    const addAdapter = encodeFunctionData({ ...v2, functionName: "addAdapter", args: [adapter] });
    const curator = await devnet.ctx.sender(morphoRoles.curator);
    await morphoActions.submit(curator, { ...v2, functionName: "multicall", args: [[encodeFunctionData({ ...v2, functionName: "submit", args: [addAdapter] }), addAdapter]] });
    expect(await read<bigint>(v2.address, v2.abi, "adaptersLength")).toBe(3n);
    db = await openTestDatabase();
    await sync(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("has an unknown available liquidity and utilization, not a smaller one", async () => {
    const v2 = (await localRows(db)).find(({ row }) => row.adapterAddress === a.morphoUsdcVaultV2)!.row;
    expect(v2.tvl).toBeGreaterThan(0);
    expect(v2).toMatchObject({ availableLiquidityUsd: null, utilization: null });
  });

  it("still says what a position smaller than the vault's idle assets can withdraw (all of it), and null for a larger one", async () => {
    const demo = (await positionsOf(devnetDemoWallet.address, db)).positions.find((p) => p.yieldTokenSymbol === "steakPrimeUSDC")!;
    expect(BigInt(demo.balanceRaw)).toBeLessThan(await cashOf(a.usdc, a.morphoUsdcVaultV2));
    expect(demo).toMatchObject({ withdrawableNow: demo.balance, withdrawableNowRaw: demo.balanceRaw });
    // The other wallet's 20 M USDC, more than the idle assets: what the unknown adapter adds would decide it.
    const p = (await positionsOf(large.address, db)).positions.find((x) => x.yieldTokenSymbol === "steakPrimeUSDC")!;
    expect(BigInt(p.balanceRaw)).toBeGreaterThan(await cashOf(a.usdc, a.morphoUsdcVaultV2));
    expect(p).toMatchObject({ withdrawableNow: null, withdrawableNowRaw: null, withdrawableNowUsd: null });
  });
});
