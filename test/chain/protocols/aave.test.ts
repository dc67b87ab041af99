import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, getAddress, http, maxUint256, zeroAddress, type Abi, type Hex, type PublicClient, type TransactionReceipt } from "viem";
import { foundry } from "viem/chains";
import { readAaveV3 } from "@/lib/machinery/chain/adapters/aave-v3";
import type { AdapterContext, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { createChainClient } from "@/lib/machinery/chain/client";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import { readOnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
import { readRewardsLens } from "@/lib/machinery/rewards/rewards-lens";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { deployContext, type DeployContext } from "@/devnet/deploy/context";
import * as aave from "@/devnet/generated/aave-v3";
import * as rewards from "@/devnet/generated/aave-rewards";
import { multicall3Artifact } from "@/devnet/generated/multicall3";
import { rpc } from "@/devnet/json-rpc";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import {
  AAVE_DEPLOYER,
  AAVE_SUPPLIER,
  aaveBorrowers,
  aaveMarketOf,
  aaveMarkets,
  aavePoolOf,
  aavePools,
  aaveSharedContracts,
  aaveSupplierAmount,
  aaveUnits,
  aaveVariableDebtName,
  type AaveMarket,
} from "@/devnet/plan/aave";
import { devnetAaveStream } from "@/devnet/plan/rewards";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { aaveActions, deployAave, populateAave } from "@/devnet/protocols/aave";
import { deployTokens, fundToken } from "@/devnet/protocols/tokens";
import { aaveApyExpected, expectRelative, SECONDS_PER_YEAR, usdExpected } from "../formulas";

// Aave v3 on the local chain, its own contracts (aave-dao/aave-v3-origin v3.7) used as a lab: a fresh
// Anvil with the tokens and both Aave pools deployed and populated by real flows; each action runs in
// an evm_snapshot that is reverted after it. The pool's own views are the truth: the rates it stores
// equal DefaultReserveInterestRateStrategyV2's model (written below, independently) applied to its
// state, and the sync's adapter (lib/machinery/chain/adapters/aave-v3.ts) and reward reader
// (lib/machinery/rewards/) read at a block what the contracts report at that block.

let anvil: RunningAnvil;
let base: DeployContext;
let reader: PublicClient;
beforeAll(async () => {
  anvil = await startAnvil();
  base = await deployContext(anvil.url);
  await deployTokens(base);
  // Multicall3 at its real address, where the sync's multicalls go.
  const multicall = await (await base.sender("multicall3")).create(multicall3Artifact, []);
  const code = await (await base.sender("multicall3")).client.wallet.getCode({ address: multicall });
  await (await base.sender("multicall3")).client.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: code! });
  await deployAave(base);
  await populateAave(base);
  reader = createPublicClient({ chain: foundry, transport: http(anvil.url) }) as PublicClient;
});
afterAll(() => anvil?.stop());

/**
 * Runs `act` on the chain as it is after the deployment, with senders that start from the chain's
 * nonces, then reverts everything it did.
 */
async function lab<T>(act: (ctx: DeployContext) => Promise<T>): Promise<T> {
  const snapshot = await rpc<Hex>(anvil.url, "evm_snapshot");
  try {
    const ctx = await deployContext(anvil.url);
    Object.assign(ctx.addresses, base.addresses);
    return await act(ctx);
  } finally {
    await rpc(anvil.url, "evm_revert", [snapshot]);
  }
}

const at = (name: string) => base.address(name);
const read = <T>(address: Hex, abi: Abi, functionName: string, args: readonly unknown[] = [], blockNumber?: bigint) =>
  reader.readContract({ address, abi, functionName, args, blockNumber } as never) as Promise<T>;
const poolOf = (m: AaveMarket) => at(aavePoolOf(m.pool).contracts.pool);
const assetOf = (m: AaveMarket) => at(m.underlying);
const oracleOf = (m: AaveMarket) => at(aavePoolOf(m.pool).contracts.oracle);
const decimalsOf = (m: AaveMarket) => devnetTokenOf(m.underlying).decimals;
const { abi: poolAbi } = aave.poolInstanceArtifact;
const { abi: erc20Abi } = aave.testnetERC20Artifact;

interface ReserveData {
  configuration: { data: bigint };
  liquidityIndex: bigint;
  currentLiquidityRate: bigint;
  variableBorrowIndex: bigint;
  currentVariableBorrowRate: bigint;
  lastUpdateTimestamp: number;
  aTokenAddress: Hex;
  variableDebtTokenAddress: Hex;
}
const reserveOf = (m: AaveMarket, blockNumber?: bigint) => read<ReserveData>(poolOf(m), poolAbi, "getReserveData", [assetOf(m)], blockNumber);
const balanceOf = (token: Hex, account: Hex, blockNumber?: bigint) => read<bigint>(token, erc20Abi, "balanceOf", [account], blockNumber);
const totalSupplyOf = (token: Hex, blockNumber?: bigint) => read<bigint>(token, erc20Abi, "totalSupply", [], blockNumber);
/** The chain's head now (viem caches the block number for seconds otherwise). */
const head = () => reader.getBlockNumber({ cacheTime: 0 });

/** The block of an action's receipt: where its effects are read. */
const blockOf = async (receipt: Promise<TransactionReceipt>) => (await receipt).blockNumber;

// ---- DefaultReserveInterestRateStrategyV2.calculateInterestRates, from its source, in ray ----
const RAY = 10n ** 27n;
const rayMul = (a: bigint, b: bigint) => (a * b + RAY / 2n) / RAY;
const rayDiv = (a: bigint, b: bigint) => (a * RAY + b / 2n) / b;
const rayMulCeil = (a: bigint, b: bigint) => (a * b + RAY - 1n) / RAY;
const percentMul = (value: bigint, bps: bigint) => (value * bps + 5_000n) / 10_000n;
const bpsToRay = (bps: number) => BigInt(bps) * 10n ** 23n;

/**
 * The rates a reserve's last update stored: its debt then (scaled debt × the stored borrow index,
 * rounded up as the vToken rounds), its virtual balance and deficit, through the plan's parameters.
 */
function modelRates(m: AaveMarket, s: { debt: bigint; virtualBalance: bigint; deficit: bigint }) {
  const r = m.reserve.rate;
  const optimal = bpsToRay(r.optimalUsageRatio);
  let borrowRate = bpsToRay(r.baseVariableBorrowRate);
  if (s.debt === 0n) return { liquidityRate: 0n, borrowRate };
  const usage = rayDiv(s.debt, s.virtualBalance + s.debt);
  const supplyUsage = rayDiv(s.debt, s.virtualBalance + s.debt + s.deficit);
  if (usage > optimal) borrowRate += bpsToRay(r.variableRateSlope1) + rayMul(bpsToRay(r.variableRateSlope2), rayDiv(usage - optimal, RAY - optimal));
  else borrowRate += rayDiv(rayMul(bpsToRay(r.variableRateSlope1), usage), optimal);
  return { liquidityRate: percentMul(rayMul(borrowRate, supplyUsage), BigInt(10_000 - m.reserve.reserveFactor)), borrowRate };
}

/** The pool's state a reserve's rates were last computed from, and those rates. */
async function reserveState(m: AaveMarket, blockNumber?: bigint) {
  const data = await reserveOf(m, blockNumber);
  const scaledDebt = await read<bigint>(data.variableDebtTokenAddress, aave.variableDebtTokenInstanceArtifact.abi, "scaledTotalSupply", [], blockNumber);
  const virtualBalance = await read<bigint>(poolOf(m), poolAbi, "getVirtualUnderlyingBalance", [assetOf(m)], blockNumber);
  const deficit = await read<bigint>(poolOf(m), poolAbi, "getReserveDeficit", [assetOf(m)], blockNumber);
  return { data, virtualBalance, deficit, debt: rayMulCeil(scaledDebt, data.variableBorrowIndex) };
}

async function expectModelRates(m: AaveMarket, blockNumber?: bigint) {
  const s = await reserveState(m, blockNumber);
  const expected = modelRates(m, s);
  expect({ market: m.contract, liquidityRate: s.data.currentLiquidityRate, borrowRate: s.data.currentVariableBorrowRate }).toEqual({
    market: m.contract,
    ...expected,
  });
  return s;
}

// ---- the sync's adapter, on a deployment made of this chain's manifest ----
const deployment = (): ChainDeployment => ({
  aavePools: aavePools.map((p) => ({ name: p.name, pool: at(p.contracts.pool), oracle: at(p.contracts.oracle) })),
  aaveOracle: at("aaveOracle"),
  usdReferences: { ETH: at("weth"), BTC: at("wbtc") },
  priceFeeds: {},
  fluidLendingResolver: null,
  fluidLiquidityResolver: null,
  cometRewards: null,
});
const marketOf = (m: AaveMarket): Market => ({
  instrumentId: m.contract,
  protocol: "aave",
  version: 3,
  adapterAddress: poolOf(m),
  tokenAddress: assetOf(m),
  tokenDecimals: decimalsOf(m),
  yieldTokenAddress: at(m.contract),
  assetCategory: devnetTokenOf(m.underlying).assetCategory,
});
const adapterAt = (blockNumber: bigint): AdapterContext => ({
  client: pinnedToBlock(createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }), blockNumber),
  chainId: LOCAL_CHAIN_ID,
  deployment: deployment(),
});
function ok(reading: MarketReading | undefined) {
  if (!reading?.ok) throw new Error(`not read: ${reading ? reading.error : "missing"}`);
  return reading;
}

/** The adapter's reading of `m` at `blockNumber` equals the contracts' own answers at that block. */
async function expectAdapterReads(m: AaveMarket, blockNumber: bigint) {
  const reading = ok((await readAaveV3(adapterAt(blockNumber), [marketOf(m)])).get(m.contract));
  const reserve = await reserveOf(m, blockNumber);
  const supplied = await totalSupplyOf(at(m.contract), blockNumber);
  const cash = await balanceOf(assetOf(m), at(m.contract), blockNumber);
  const price = await read<bigint>(oracleOf(m), aave.aaveOracleArtifact.abi, "getAssetPrice", [assetOf(m)], blockNumber);
  expectRelative(reading.apy!, aaveApyExpected(reserve.currentLiquidityRate));
  expectRelative(reading.tvl, usdExpected(supplied, decimalsOf(m), price, 10n ** 8n));
  expect(reading.liquidity).toEqual({ available: cash, supplied });
  expect(reading.isActive).toBe(true);
  return { reading, reserve, supplied, cash };
}

const configBits = (data: bigint, start: number, bits: number) => Number((data >> BigInt(start)) & ((1n << BigInt(bits)) - 1n));

describe("Aave v3 deployed as a market is", () => {
  it("each pool: its addresses provider, ACL, Pool and PoolConfigurator proxies of the v3.7 implementations, its oracle", async () => {
    const deployer = (await base.sender(AAVE_DEPLOYER)).address;
    const implementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
    for (const { contracts: c } of aavePools) {
      const provider = { address: at(c.addressesProvider), abi: aave.poolAddressesProviderArtifact.abi } as const;
      expect(await read<Hex>(provider.address, provider.abi, "getPool")).toBe(at(c.pool));
      expect(await read<Hex>(provider.address, provider.abi, "getPoolConfigurator")).toBe(at(c.configurator));
      expect(await read<Hex>(provider.address, provider.abi, "getPriceOracle")).toBe(at(c.oracle));
      expect(await read<Hex>(provider.address, provider.abi, "getACLManager")).toBe(at(c.aclManager));
      expect(await read<boolean>(at(c.aclManager), aave.aCLManagerArtifact.abi, "isPoolAdmin", [deployer])).toBe(true);
      const implementation = async (proxy: Hex) => getAddress(`0x${(await reader.getStorageAt({ address: proxy, slot: implementationSlot }))!.slice(26)}`);
      expect(await implementation(at(c.pool))).toBe(at(c.poolImpl));
      expect(await implementation(at(c.configurator))).toBe(at(aaveSharedContracts.configuratorImpl));
      expect(await read<bigint>(at(c.pool), poolAbi, "POOL_REVISION")).toBe(11n);
      expect(await read<bigint>(at(c.configurator), aave.poolConfiguratorInstanceArtifact.abi, "CONFIGURATOR_REVISION")).toBe(8n);
      expect(await read<Hex>(at(c.pool), poolAbi, "RESERVE_INTEREST_RATE_STRATEGY")).toBe(at(c.interestRateStrategy));
      expect(await read<Hex>(at(c.oracle), aave.aaveOracleArtifact.abi, "BASE_CURRENCY")).toBe(zeroAddress);
      expect(await read<bigint>(at(c.oracle), aave.aaveOracleArtifact.abi, "BASE_CURRENCY_UNIT")).toBe(10n ** 8n);
    }
  });

  it("each reserve initialised through the configurator with its real counterpart's parameters, its tokens naming the RewardsController", async () => {
    for (const m of aaveMarkets) {
      const data = (await reserveOf(m)).configuration.data;
      const r = m.reserve;
      expect({
        market: m.contract,
        ltv: configBits(data, 0, 16),
        liquidationThreshold: configBits(data, 16, 16),
        liquidationBonus: configBits(data, 32, 16),
        decimals: configBits(data, 48, 8),
        active: configBits(data, 56, 1),
        frozen: configBits(data, 57, 1),
        borrowing: configBits(data, 58, 1),
        paused: configBits(data, 60, 1),
        flashLoans: configBits(data, 63, 1),
        reserveFactor: configBits(data, 64, 16),
        borrowCap: BigInt(configBits(data, 80, 36)),
        supplyCap: BigInt(configBits(data, 116, 36)),
        liquidationProtocolFee: configBits(data, 152, 16),
      }).toEqual({
        market: m.contract,
        ltv: r.ltv,
        liquidationThreshold: r.liquidationThreshold,
        liquidationBonus: r.liquidationBonus,
        decimals: decimalsOf(m),
        active: 1,
        frozen: 0,
        borrowing: 1,
        paused: 0,
        flashLoans: 1,
        reserveFactor: r.reserveFactor,
        borrowCap: r.borrowCap,
        supplyCap: r.supplyCap,
        liquidationProtocolFee: r.liquidationProtocolFee,
      });
      const strategy = at(aavePoolOf(m.pool).contracts.interestRateStrategy);
      expect(await read(strategy, aave.defaultReserveInterestRateStrategyV2Artifact.abi, "getInterestRateDataBps", [assetOf(m)])).toEqual(r.rate);
      const aToken = at(m.contract);
      expect(await read<string>(aToken, aave.aTokenInstanceArtifact.abi, "name")).toBe(m.yieldTokenName);
      expect(await read<string>(aToken, aave.aTokenInstanceArtifact.abi, "symbol")).toBe(m.yieldTokenSymbol);
      expect(await read<Hex>(aToken, aave.aTokenInstanceArtifact.abi, "UNDERLYING_ASSET_ADDRESS")).toBe(assetOf(m));
      expect(await read<Hex>(aToken, aave.aTokenInstanceArtifact.abi, "POOL")).toBe(poolOf(m));
      for (const token of [aToken, at(aaveVariableDebtName(m))])
        expect(await read<Hex>(token, aave.aTokenInstanceArtifact.abi, "getIncentivesController")).toBe(at(aaveSharedContracts.rewardsController));
    }
  });
});

describe("Aave v3 populated by real flows", () => {
  it("every reserve holds its planned supply, its borrowers' debt makes its utilization, and its rates are the rate model's", async () => {
    const debts = new Map<string, bigint>();
    for (const b of aaveBorrowers) for (const d of b.borrows) debts.set(d.market, (debts.get(d.market) ?? 0n) + aaveUnits(aaveMarketOf(d.market), d.amount));
    for (const m of aaveMarkets) {
      const s = await expectModelRates(m);
      const planned = aaveUnits(m, m.supply) + aaveUnits(m, m.demoBalance);
      // No time has passed since the supplies: interest has not yet moved the totals.
      expect(await totalSupplyOf(at(m.contract))).toBeGreaterThanOrEqual(planned - 1n);
      expect(Number(await totalSupplyOf(at(m.contract))) / Number(planned)).toBeCloseTo(1, 6);
      expect(s.debt).toBeGreaterThanOrEqual(debts.get(m.contract) ?? 0n);
      expect(Number(s.debt) / Number(debts.get(m.contract) ?? 1n)).toBeCloseTo(1, 6);
      expect(s.virtualBalance).toBe(await balanceOf(assetOf(m), at(m.contract)));
      expect(s.data.currentLiquidityRate).toBeGreaterThan(0n);
    }
    // Core USDC at 85 % utilization: 1.75 % + 5.25 % × 0.85 / 0.9 borrowing, × 0.85 × 0.9 supplying.
    expect(aaveApyExpected((await reserveOf(aaveMarketOf("aUsdc"))).currentLiquidityRate)).toBeCloseTo(5.26, 1);
  });

  it("the borrowers post real collateral and stay healthy; the supplier and the demo wallet hold their aTokens", async () => {
    for (const b of aaveBorrowers) {
      const account = (await base.sender(b.role)).address;
      const [collateral, debt, , , , healthFactor] = await read<bigint[]>(poolOf(aaveMarketOf(b.borrows[0]!.market)), poolAbi, "getUserAccountData", [account]);
      expect(collateral).toBeGreaterThan(debt!);
      expect(Number(healthFactor) / 1e18).toBeGreaterThan(1.1);
      for (const c of b.collateral) expect(await balanceOf(at(c.market), account)).toBeGreaterThanOrEqual(aaveUnits(aaveMarketOf(c.market), c.amount) - 1n);
    }
    const supplier = (await base.sender(AAVE_SUPPLIER)).address;
    for (const m of aaveMarkets) expect(await balanceOf(at(m.contract), supplier)).toBeGreaterThanOrEqual(aaveSupplierAmount(m) - 1n);
    // The demo wallet's deposits, grown by the seconds of interest since.
    for (const m of aaveMarkets) {
      const held = await balanceOf(at(m.contract), devnetDemoWallet.address);
      const planned = aaveUnits(m, m.demoBalance);
      expect(held).toBeGreaterThanOrEqual(planned === 0n ? 0n : planned - 1n);
      if (planned === 0n) expect(held).toBe(0n);
      else expect(Number(held) / Number(planned)).toBeCloseTo(1, 6);
    }
  });
});

describe("Aave v3 flows, each reverted after it", () => {
  const usdc = aaveMarketOf("aUsdc");

  it("Pool.supply: aTokens 1:1, cash and utilization move, the rate falls as the model says, and the adapter reads it", async () => {
    await lab(async (ctx) => {
      const before = await reserveOf(usdc);
      const cashBefore = await balanceOf(assetOf(usdc), at(usdc.contract));
      const tx = await ctx.sender("aave lab supplier");
      const amount = aaveUnits(usdc, "10000000");
      await fundToken(ctx, "usdc", tx.address, amount);
      await blockOf(aaveActions.approve(tx, assetOf(usdc), poolOf(usdc)));
      const block = await blockOf(aaveActions.supply(tx, poolOf(usdc), assetOf(usdc), amount));
      const held = await balanceOf(at(usdc.contract), tx.address, block);
      expect(held === amount || held === amount - 1n).toBe(true);
      const { reserve, cash } = await expectAdapterReads(usdc, block);
      expect(cash).toBe(cashBefore + amount);
      expect(reserve.currentLiquidityRate).toBeLessThan(before.currentLiquidityRate);
      await expectModelRates(usdc, block);
    });
  });

  it("Pool.borrow against WBTC collateral: debt, utilization and rates rise, cash falls, and the adapter reads it", async () => {
    await lab(async (ctx) => {
      const before = await reserveOf(usdc);
      const cashBefore = await balanceOf(assetOf(usdc), at(usdc.contract));
      const tx = await ctx.sender("aave lab borrower");
      const wbtc = aaveMarketOf("aWbtc");
      const collateral = aaveUnits(wbtc, "100");
      await fundToken(ctx, "wbtc", tx.address, collateral);
      await blockOf(aaveActions.approve(tx, assetOf(wbtc), poolOf(wbtc)));
      await blockOf(aaveActions.supply(tx, poolOf(wbtc), assetOf(wbtc), collateral));
      const amount = aaveUnits(usdc, "5000000");
      const block = await blockOf(aaveActions.borrow(tx, poolOf(usdc), assetOf(usdc), amount));
      expect(await balanceOf(assetOf(usdc), tx.address, block)).toBe(amount);
      const debt = await balanceOf(at(aaveVariableDebtName(usdc)), tx.address, block);
      expect(debt === amount || debt === amount + 1n).toBe(true);
      const { reserve, cash } = await expectAdapterReads(usdc, block);
      expect(cash).toBe(cashBefore - amount);
      expect(reserve.currentLiquidityRate).toBeGreaterThan(before.currentLiquidityRate);
      expect(reserve.currentVariableBorrowRate).toBeGreaterThan(before.currentVariableBorrowRate);
      await expectModelRates(usdc, block);
      // Borrowing more than the collateral allows is refused.
      await expect(blockOf(aaveActions.borrow(tx, poolOf(usdc), assetOf(usdc), aaveUnits(usdc, "10000000")))).rejects.toThrow();
    });
  });

  it("Pool.repay lowers the debt and the rates; Pool.withdraw pays the demo wallet its aTokens' worth", async () => {
    await lab(async (ctx) => {
      const before = await reserveOf(usdc);
      const borrower = await ctx.sender("aave borrower 1");
      const repaid = aaveUnits(usdc, "50000000");
      const debtToken = { address: at(aaveVariableDebtName(usdc)), abi: aave.variableDebtTokenInstanceArtifact.abi } as const;
      const scaledBefore = await read<bigint>(debtToken.address, debtToken.abi, "scaledBalanceOf", [borrower.address]);
      await blockOf(aaveActions.approve(borrower, assetOf(usdc), poolOf(usdc)));
      let block = await blockOf(aaveActions.repay(borrower, poolOf(usdc), assetOf(usdc), repaid));
      // The debt falls by the amount repaid at the borrow index of the repayment's block (TokenMath: rounded down).
      const scaledAfter = await read<bigint>(debtToken.address, debtToken.abi, "scaledBalanceOf", [borrower.address], block);
      expect(scaledBefore - scaledAfter).toBe((repaid * RAY) / (await reserveOf(usdc, block)).variableBorrowIndex);
      expect((await reserveOf(usdc, block)).currentLiquidityRate).toBeLessThan(before.currentLiquidityRate);
      await expectModelRates(usdc, block);
      await expectAdapterReads(usdc, block);

      const demo = await ctx.senderOf(devnetDemoWallet);
      const usdcBefore = await balanceOf(assetOf(usdc), demo.address);
      const aTokens = await balanceOf(at(usdc.contract), demo.address);
      block = await blockOf(aaveActions.withdraw(demo, poolOf(usdc), assetOf(usdc), maxUint256));
      expect(await balanceOf(at(usdc.contract), demo.address, block)).toBe(0n);
      expect((await balanceOf(assetOf(usdc), demo.address, block)) - usdcBefore).toBeGreaterThanOrEqual(aTokens);
      await expectModelRates(usdc, block);
      await expectAdapterReads(usdc, block);
    });
  });

  it("exit liquidity: a holder can withdraw the aToken's cash now, and not a unit more", async () => {
    await lab(async (ctx) => {
      const supplier = await ctx.sender(AAVE_SUPPLIER);
      const { reading } = await expectAdapterReads(usdc, await head());
      const available = reading.liquidity!.available;
      expect(await balanceOf(at(usdc.contract), supplier.address)).toBeGreaterThan(available);
      const block = await blockOf(aaveActions.withdraw(supplier, poolOf(usdc), assetOf(usdc), available));
      expect(await balanceOf(assetOf(usdc), at(usdc.contract), block)).toBe(0n);
      await expect(blockOf(aaveActions.withdraw(supplier, poolOf(usdc), assetOf(usdc), 1n))).rejects.toThrow();
    });
  });

  it("interest accrues at the stored liquidity rate: a year later the demo wallet's aTokens grew by it", async () => {
    await lab(async () => {
      const scaled = await read<bigint>(at(usdc.contract), aave.aTokenInstanceArtifact.abi, "scaledBalanceOf", [devnetDemoWallet.address]);
      const reserve = await reserveOf(usdc);
      await rpc(anvil.url, "evm_increaseTime", [Number(SECONDS_PER_YEAR)]);
      await rpc(anvil.url, "evm_mine");
      const block = await reader.getBlock();
      // ReserveLogic.getNormalizedIncome: the linear interest since the last update, then the aToken rounds down.
      const linear = RAY + (reserve.currentLiquidityRate * (block.timestamp - BigInt(reserve.lastUpdateTimestamp))) / SECONDS_PER_YEAR;
      const expected = (scaled * rayMul(linear, reserve.liquidityIndex)) / RAY;
      expect(await balanceOf(at(usdc.contract), devnetDemoWallet.address, block.number)).toBe(expected);
      const grown = Number(expected) / Number(aaveUnits(usdc, usdc.demoBalance)) - 1;
      expect(grown).toBeCloseTo(Number(reserve.currentLiquidityRate) / 1e27, 4);
    });
  });

  it("the adapter reads frozen and paused reserves as inactive", async () => {
    await lab(async (ctx) => {
      const tx = await ctx.sender(AAVE_DEPLOYER);
      const weth = aaveMarketOf("aWeth");
      const eurc = aaveMarketOf("aEurc");
      const configurator = { address: at(aavePoolOf("Core").contracts.configurator), abi: aave.poolConfiguratorInstanceArtifact.abi };
      await aaveActions.send(tx, { ...configurator, functionName: "setReserveFreeze", args: [assetOf(weth), true] });
      await aaveActions.send(tx, { ...configurator, functionName: "setReservePause", args: [assetOf(eurc), true] });
      const block = await head();
      const readings = await readAaveV3(adapterAt(block), [usdc, weth, eurc].map(marketOf));
      expect(ok(readings.get("aUsdc")).isActive).toBe(true);
      expect(ok(readings.get("aWeth")).isActive).toBe(false);
      expect(ok(readings.get("aEurc")).isActive).toBe(false);
    });
  });

  it("the Prime pool's reserves are read at Prime's own oracle", async () => {
    await lab(async (ctx) => {
      const primeUsdc = aaveMarketOf("aPrimeUsdc");
      // Prime's USDC source becomes a feed of its own that answers 0.9995.
      const feeds = await ctx.sender("tokens");
      const { mockV3AggregatorArtifact } = await import("@/devnet/generated/chainlink");
      const feed = await feeds.create(mockV3AggregatorArtifact, [8, 99_950_000n]);
      const deployer = await ctx.sender(AAVE_DEPLOYER);
      await aaveActions.send(deployer, { address: oracleOf(primeUsdc), abi: aave.aaveOracleArtifact.abi, functionName: "setAssetSources", args: [[assetOf(primeUsdc)], [feed]] });
      const block = await head();
      const readings = await readAaveV3(adapterAt(block), [marketOf(usdc), marketOf(primeUsdc)]);
      expect(ok(readings.get("aUsdc")).priceUsd).toBe(1);
      expect(ok(readings.get("aPrimeUsdc")).priceUsd).toBe(0.9995);
      const { reading } = await expectAdapterReads(primeUsdc, block);
      expectRelative(reading.tvl, usdExpected(await totalSupplyOf(at(primeUsdc.contract), block), 6, 99_950_000n, 10n ** 8n));
    });
  });
});

describe("aLocUSDC's AAVE stream, through the aToken's incentives controller", () => {
  const usdc = aaveMarketOf("aUsdc");
  const controller = () => at(aaveSharedContracts.rewardsController);

  it("the sync's RewardsLens reads it as the RewardsController holds it, priced by the Core oracle", async () => {
    const block = await head();
    const client = pinnedToBlock(createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }), block);
    const lens = await readRewardsLens(client, { aave: [{ aToken: at(usdc.contract), oracle: at("aaveOracle") }], cometRewards: zeroAddress, comets: [], fTokens: [] });
    const [aUsdc] = lens.aave;
    if (!aUsdc || "refused" in aUsdc) throw new Error("the lens did not read aLocUSDC");
    expect(aUsdc.controller).toBe(controller());
    const [, emissionPerSecond, , distributionEnd] = await read<bigint[]>(controller(), rewards.rewardsControllerArtifact.abi, "getRewardsData", [
      at(usdc.contract),
      at("aaveToken"),
    ]);
    expect(emissionPerSecond).toBe(devnetAaveStream.emissionPerSecond);
    expect(aUsdc.rewards).toHaveLength(1);
    expect(aUsdc.rewards[0]).toMatchObject({
      token: at("aaveToken"),
      dataOk: true,
      emissionPerSecond,
      distributionEnd,
      priceOk: true,
      price: 18_000_000_000n,
      feedOk: true,
      feedAnswer: 18_000_000_000n,
      feedDecimals: 8,
    });

    const answer = await readOnChainRewards({
      client,
      chainId: LOCAL_CHAIN_ID,
      instruments: [marketOf(usdc)],
      deployment: deployment(),
    });
    expect(answer.failures).toEqual([]);
    expect(answer.readings).toHaveLength(1);
    expect(answer.readings[0]).toMatchObject({
      source: "aave-rewards-controller",
      yieldTokenAddress: at(usdc.contract).toLowerCase(),
      tokenAddress: at("aaveToken").toLowerCase(),
      tokenSymbol: "AAVE",
      tokenDecimals: 18,
      protocolPriceUsd: 180,
      endsAt: Number(distributionEnd),
    });
    expectRelative(answer.readings[0]!.tokensPerYear!, Number(emissionPerSecond! * SECONDS_PER_YEAR) / 1e18);
  });

  it("pays: a day later the demo wallet claims its accrued AAVE from the deployer's through the transfer strategy", async () => {
    await lab(async (ctx) => {
      const demo = await ctx.senderOf(devnetDemoWallet);
      const aToken = at(usdc.contract);
      const reward = at("aaveToken");
      const scaledSupply = await read<bigint>(aToken, aave.aTokenInstanceArtifact.abi, "scaledTotalSupply");
      const scaled = await read<bigint>(aToken, aave.aTokenInstanceArtifact.abi, "scaledBalanceOf", [demo.address]);
      const [index, emissionPerSecond, lastUpdate] = await read<bigint[]>(controller(), rewards.rewardsControllerArtifact.abi, "getRewardsData", [aToken, reward]);
      const userIndex = await read<bigint>(controller(), rewards.rewardsControllerArtifact.abi, "getUserAssetIndex", [demo.address, aToken, reward]);
      const vault = (await ctx.sender(AAVE_DEPLOYER)).address;
      const vaultBefore = await balanceOf(reward, vault);
      await rpc(anvil.url, "evm_increaseTime", [86_400]);
      const block = await reader.getBlock({
        blockNumber: await blockOf(
          aaveActions.send(demo, { address: controller(), abi: rewards.rewardsControllerArtifact.abi, functionName: "claimAllRewardsToSelf", args: [[aToken]] }),
        ),
      });
      // RewardsDistributor: the asset's index grows by emission × Δt × 10^6 / scaled supply; the user
      // is paid scaled balance × (index − its own index) / 10^6.
      const unit = 10n ** BigInt(decimalsOf(usdc));
      const newIndex = index! + (emissionPerSecond! * (block.timestamp - lastUpdate!) * unit) / scaledSupply;
      const expected = (scaled * (newIndex - userIndex)) / unit;
      expect(expected).toBeGreaterThan(0n);
      expect(await balanceOf(reward, demo.address, block.number)).toBe(expected);
      expect(vaultBefore - (await balanceOf(reward, vault, block.number))).toBe(expected);
    });
  });
});
