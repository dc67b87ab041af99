import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, erc20Abi, getAddress, http, maxUint256, zeroAddress, type Abi, type Hex, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { readCompoundV3 } from "@/lib/machinery/chain/adapters/compound-v3";
import type { AdapterContext, Market } from "@/lib/machinery/chain/adapters/types";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { createChainClient } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { readOnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { rpc as rpcCall } from "@/devnet/json-rpc";
import { deployContext, type DeployContext } from "@/devnet/deploy/context";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import * as comet from "@/devnet/generated/comet";
import * as rewards from "@/devnet/generated/comet-rewards";
import { multicall3Artifact } from "@/devnet/generated/multicall3";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import {
  baseUnits,
  cometContractsOf,
  compoundContracts,
  compoundMarketOf,
  compoundMarkets,
  compoundRoles,
  percentage,
  plannedBorrow,
  tokenUnits,
  type CompoundMarketPlan,
} from "@/devnet/plan/compound";
import { devnetCometStream, devnetRewardTokens } from "@/devnet/plan/rewards";
import { devnetTokenOf } from "@/devnet/plan/tokens";
import { borrow, claimRewards, cometAbi, repay, supply, withdraw } from "@/devnet/protocols/compound/actions";
import { compoundPriceFeeds, deployCompound, populateCompound } from "@/devnet/protocols/compound";
import { deployTokens, fundToken } from "@/devnet/protocols/tokens";
import { cometApyExpected, cometRewardPerYearExpected, expectRelative, SECONDS_PER_YEAR, usdExpected } from "../formulas";

// Compound III on its own contracts (vendor/comet) on a fresh Anvil chain: deployed as Ethereum
// deploys a market, filled by real supplies and borrows, then used as a lab. Each action runs inside
// evm_snapshot … evm_revert; what Comet answers is checked against Comet's published arithmetic
// (written here from the plan's configuration, not read back from the contract) and against what the
// sync's adapter and reward reader make of the same block.

const WAD = 10n ** 18n;
const BASE_INDEX_SCALE = 10n ** 15n;

let anvil: RunningAnvil;
let ctx: DeployContext;
let adapterCtx: AdapterContext;
let setup: { deployMs: number; deployTransactions: number; populateMs: number; populateTransactions: number };

const rpc = <T = unknown>(method: string, params: unknown[] = []) => rpcCall<T>(anvil.url, method, params);
/** Plain reads, independent of the code under test; never a cached block number. */
let readerClient: PublicClient | undefined;
const reader = () => readerClient!;
const read = <T>(address: Hex, functionName: string, args: unknown[] = [], abi: readonly unknown[] = cometAbi, blockNumber?: bigint) =>
  reader().readContract({ address, abi: abi as never, functionName, args, blockNumber } as never) as Promise<T>;
const balanceOf = (token: Hex, account: Hex, blockNumber?: bigint) => read<bigint>(token, "balanceOf", [account], erc20Abi, blockNumber);

/**
 * The error `account` would get from the call, by eth_call (a transaction that fails in gas
 * estimation would leave its sender's nonce behind): Comet's custom error name, or the revert's text.
 */
async function revertOf(account: Hex, address: Hex, abi: Abi, functionName: string, args: unknown[]): Promise<string> {
  try {
    await reader().simulateContract({ account, address, abi, functionName, args } as never);
  } catch (err) {
    const cause = (err as { cause?: { data?: { errorName?: string } } }).cause;
    return cause?.data?.errorName ?? (err as Error).message;
  }
  throw new Error(`${functionName} did not revert`);
}

/** Runs `act` on a context of fresh senders (their nonces read from the chain), then reverts the chain. */
async function lab<T>(act: (lab: DeployContext) => Promise<T>): Promise<T> {
  const snapshot = await rpc<Hex>("evm_snapshot");
  try {
    const fresh = await deployContext(anvil.url);
    Object.assign(fresh.addresses, ctx.addresses);
    return await act(fresh);
  } finally {
    await rpc("evm_revert", [snapshot]);
  }
}
const advance = async (seconds: number) => {
  await rpc("evm_increaseTime", [seconds]);
  await rpc("evm_mine");
};

const proxyOf = (m: CompoundMarketPlan) => ctx.address(m.contract);
const baseOf = (m: CompoundMarketPlan) => ctx.address(m.underlying);
const usdc = compoundMarketOf("cometUsdc");

/** Comet's kinked model (Comet.getSupplyRate / getBorrowRate) from the plan's yearly factors. */
function ratesAt(m: CompoundMarketPlan, utilization: bigint) {
  const perSecond = (yearly: number) => percentage(yearly) / SECONDS_PER_YEAR;
  const mulFactor = (n: bigint, factor: bigint) => (n * factor) / WAD;
  const kinked = (kink: number, base: number, low: number, high: number) => {
    const k = percentage(kink);
    return utilization <= k
      ? perSecond(base) + mulFactor(perSecond(low), utilization)
      : perSecond(base) + mulFactor(perSecond(low), k) + mulFactor(perSecond(high), utilization - k);
  };
  const r = m.rates;
  return {
    supply: kinked(r.supplyKink, r.supplyBase, r.supplySlopeLow, r.supplySlopeHigh),
    borrow: kinked(r.borrowKink, r.borrowBase, r.borrowSlopeLow, r.borrowSlopeHigh),
  };
}

interface Totals {
  baseSupplyIndex: bigint;
  baseBorrowIndex: bigint;
  totalSupplyBase: bigint;
  totalBorrowBase: bigint;
  lastAccrualTime: number;
  trackingSupplyIndex: bigint;
}
/** Comet.getUtilization from its stored totals: present borrows over present supply, at the stored indices. */
function utilizationOf(t: Totals) {
  const supplied = (t.totalSupplyBase * t.baseSupplyIndex) / BASE_INDEX_SCALE;
  const borrowed = (t.totalBorrowBase * t.baseBorrowIndex) / BASE_INDEX_SCALE;
  return (borrowed * WAD) / supplied;
}

/** Everything the adapter reads of a market, read plainly at `blockNumber`. */
async function stateAt(m: CompoundMarketPlan, blockNumber: bigint) {
  const proxy = proxyOf(m);
  const totals = await read<Totals>(proxy, "totalsBasic", [], cometAbi, blockNumber);
  const utilization = await read<bigint>(proxy, "getUtilization", [], cometAbi, blockNumber);
  return {
    totals,
    utilization,
    supplyRate: await read<bigint>(proxy, "getSupplyRate", [utilization], cometAbi, blockNumber),
    borrowRate: await read<bigint>(proxy, "getBorrowRate", [utilization], cometAbi, blockNumber),
    totalSupply: await read<bigint>(proxy, "totalSupply", [], cometAbi, blockNumber),
    totalBorrow: await read<bigint>(proxy, "totalBorrow", [], cometAbi, blockNumber),
    cash: await balanceOf(baseOf(m), proxy, blockNumber),
    feedPrice: await read<bigint>(proxy, "getPrice", [ctx.address(m.baseFeed)], cometAbi, blockNumber),
  };
}

const marketOf = (m: CompoundMarketPlan): Market => ({
  instrumentId: `compound-${m.contract}`,
  protocol: "compound",
  version: 3,
  adapterAddress: proxyOf(m),
  tokenAddress: baseOf(m),
  tokenDecimals: devnetTokenOf(m.underlying).decimals,
  yieldTokenAddress: proxyOf(m),
  assetCategory: devnetTokenOf(m.underlying).assetCategory,
});

/** USD per unit of the feed's denomination (8 decimals), from the plan's USD feeds' answers. */
async function unitUsd8(m: CompoundMarketPlan, blockNumber: bigint): Promise<bigint> {
  if (m.baseFeedDenomination === "USD") return 10n ** 8n;
  const reference = m.baseFeedDenomination === "ETH" ? "wethUsdFeed" : "wbtcUsdFeed";
  const [, answer] = await read<[bigint, bigint]>(ctx.address(reference), "latestRoundData", [], comet.reverseMultiplicativePriceFeedArtifact.abi, blockNumber);
  return answer;
}

/** The adapter's reading of every market at `blockNumber`, checked against the chain's own answers at that block. */
async function expectAdapterReadsChainAt(blockNumber: bigint) {
  const markets = compoundMarkets.map(marketOf);
  const readings = await readCompoundV3({ ...adapterCtx, client: pinnedToBlock(adapterCtx.client, blockNumber) }, markets);
  const states = new Map<string, Awaited<ReturnType<typeof stateAt>>>();
  for (const m of compoundMarkets) {
    const s = await stateAt(m, blockNumber);
    states.set(m.contract, s);
    const reading = readings.get(`compound-${m.contract}`);
    if (!reading?.ok) throw new Error(`${m.contract} not read: ${reading && !reading.ok ? reading.error : "missing"}`);
    const unit = await unitUsd8(m, blockNumber);
    const decimals = devnetTokenOf(m.underlying).decimals;
    expectRelative(reading.apy!, cometApyExpected(s.supplyRate));
    expectRelative(reading.tvl, usdExpected(s.totalSupply * s.feedPrice, decimals, unit, 10n ** 16n));
    expectRelative(reading.priceUsd, usdExpected(s.feedPrice, 0, unit, 10n ** 16n));
    // What suppliers could withdraw now: the base token the Comet holds.
    expect(reading.liquidity).toEqual({ available: s.cash, supplied: s.totalSupply });
    expect(reading.isActive).toBe(true);
  }
  return { readings, states };
}

beforeAll(async () => {
  anvil = await startAnvil();
  ctx = await deployContext(anvil.url);
  readerClient = createPublicClient({ chain: foundry, transport: http(anvil.url), cacheTime: 0 });
  await deployTokens(ctx);
  // Time and transactions of the deployment and of the populate (each mined transaction counted).
  const measure = async (step: () => Promise<void>) => {
    const first = (await reader().getBlockNumber()) + 1n;
    const started = performance.now();
    await step();
    const ms = performance.now() - started;
    let transactions = 0;
    for (let n = first; n <= (await reader().getBlockNumber()); n++) transactions += (await reader().getBlock({ blockNumber: n })).transactions.length;
    return { ms, transactions };
  };
  const deployed = await measure(() => deployCompound(ctx));
  const populated = await measure(() => populateCompound(ctx));
  setup = { deployMs: deployed.ms, deployTransactions: deployed.transactions, populateMs: populated.ms, populateTransactions: populated.transactions };
  console.log(`Compound: deployed in ${Math.round(setup.deployMs)} ms (${setup.deployTransactions} transactions), populated in ${Math.round(setup.populateMs)} ms (${setup.populateTransactions})`);

  // What the sync needs beside Compound: Multicall3 at its address, and an Aave oracle (the real
  // AaveOracle on the plan's USD feeds) for the ETH and BTC references the Comets' prices convert with.
  const helper = await ctx.sender("compound test helper");
  const multicall = await helper.create(multicall3Artifact, []);
  await helper.client.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: (await helper.client.wallet.getCode({ address: multicall }))! });
  const references = ["usdc", "weth", "wbtc"] as const;
  const oracle = await helper.create(aaveOracleArtifact, [
    helper.address, // its addresses provider: only its admin setters read it
    references.map((t) => ctx.address(t)),
    references.map((t) => ctx.address(`${t}UsdFeed`)),
    zeroAddress,
    zeroAddress, // USD
    10n ** 8n,
  ]);
  adapterCtx = {
    client: createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }),
    chainId: LOCAL_CHAIN_ID,
    deployment: {
      ...deploymentOf(LOCAL_CHAIN_ID),
      aavePools: [],
      aaveOracle: oracle,
      usdReferences: { ETH: ctx.address("weth"), BTC: ctx.address("wbtc") },
      priceFeeds: compoundPriceFeeds(ctx),
      cometRewards: ctx.address(compoundContracts.rewards),
    },
  };
}, 180_000);
afterAll(() => anvil?.stop());

describe("the deployment", () => {
  it("is Ethereum's: proxies run the implementation the Configurator built through CometFactory, administered by CometProxyAdmin", async () => {
    const governor = (await ctx.sender(compoundRoles.governor)).address;
    const proxyAdmin = ctx.address(compoundContracts.proxyAdmin);
    const configurator = ctx.address(compoundContracts.configurator);
    expect(await read(proxyAdmin, "owner", [], comet.cometProxyAdminArtifact.abi)).toBe(governor);
    expect(await read(configurator, "governor", [], comet.configuratorArtifact.abi)).toBe(governor);
    expect(await read(proxyAdmin, "getProxyImplementation", [configurator], comet.cometProxyAdminArtifact.abi)).toBe(ctx.address(compoundContracts.configuratorImplementation));
    const codes = new Set<string>();
    for (const m of compoundMarkets) {
      const names = cometContractsOf(m);
      const implementation = await read<Hex>(proxyAdmin, "getProxyImplementation", [proxyOf(m)], comet.cometProxyAdminArtifact.abi);
      expect(implementation).toBe(ctx.address(names.implementation));
      expect(implementation).not.toBe(ctx.address(names.initialImplementation));
      expect(await read(configurator, "factory", [proxyOf(m)], comet.configuratorArtifact.abi)).toBe(ctx.address(compoundContracts.factory));
      // The factory's Comet runs the same code as the one built from the plan's configuration directly.
      const code = (await reader().getCode({ address: implementation }))!;
      expect(code).toBe(await reader().getCode({ address: ctx.address(names.initialImplementation) }));
      codes.add(code);
      // Comet.sol at d5a30b0a with the repository's settings: 19,278 bytes of runtime code.
      expect((code.length - 2) / 2).toBe(19_278);
    }
    // Immutables differ per market: three implementations.
    expect(codes.size).toBe(3);
  });

  it("configures each Comet as its real market: tokens, feeds, kinked rates, tracking, collaterals with their factors and caps", async () => {
    const governor = (await ctx.sender(compoundRoles.governor)).address;
    const guardian = (await ctx.sender(compoundRoles.pauseGuardian)).address;
    for (const m of compoundMarkets) {
      const proxy = proxyOf(m);
      expect(await read(proxy, "name")).toBe(m.yieldTokenName);
      expect(await read(proxy, "symbol")).toBe(m.yieldTokenSymbol);
      expect(await read(proxy, "decimals")).toBe(devnetTokenOf(m.underlying).decimals);
      expect(await read(proxy, "governor")).toBe(governor);
      expect(await read(proxy, "pauseGuardian")).toBe(guardian);
      expect(await read(proxy, "baseToken")).toBe(baseOf(m));
      expect(await read(proxy, "baseTokenPriceFeed")).toBe(ctx.address(m.baseFeed));
      expect(await read(proxy, "extensionDelegate")).toBe(ctx.address(cometContractsOf(m).extension));
      // Comet keeps per-second rates: configuration.json's yearly factor / 31,536,000.
      expect(await read(proxy, "supplyKink")).toBe(percentage(m.rates.supplyKink));
      expect(await read(proxy, "supplyPerSecondInterestRateSlopeLow")).toBe(percentage(m.rates.supplySlopeLow) / SECONDS_PER_YEAR);
      expect(await read(proxy, "supplyPerSecondInterestRateSlopeHigh")).toBe(percentage(m.rates.supplySlopeHigh) / SECONDS_PER_YEAR);
      expect(await read(proxy, "borrowPerSecondInterestRateBase")).toBe(percentage(m.rates.borrowBase) / SECONDS_PER_YEAR);
      expect(await read(proxy, "baseTrackingSupplySpeed")).toBe(m.tracking.baseSupplySpeed);
      expect(await read(proxy, "baseMinForRewards")).toBe(m.tracking.baseMinForRewards);
      expect(await read(proxy, "baseBorrowMin")).toBe(baseUnits(m, m.borrowMin));
      expect(await read(proxy, "targetReserves")).toBe(baseUnits(m, m.targetReserves));
      expect(await read(proxy, "numAssets")).toBe(m.collaterals.length);
      for (const c of m.collaterals) {
        const info = await read<{ priceFeed: Hex; borrowCollateralFactor: bigint; liquidateCollateralFactor: bigint; liquidationFactor: bigint; supplyCap: bigint; scale: bigint }>(
          proxy,
          "getAssetInfoByAddress",
          [ctx.address(c.token)],
        );
        expect(info).toMatchObject({
          priceFeed: ctx.address(c.feed),
          borrowCollateralFactor: percentage(c.borrowCF),
          liquidateCollateralFactor: percentage(c.liquidateCF),
          liquidationFactor: percentage(c.liquidationFactor),
          supplyCap: tokenUnits(c.token, c.supplyCap),
        });
      }
    }
    // The WETH Comet prices in ETH with Compound's ConstantPriceFeed, as cWETHv3 does.
    expect(await read(ctx.address(compoundContracts.wethConstantPriceFeed), "description", [], comet.constantPriceFeedArtifact.abi)).toBe("Constant price feed");
    expect(await read(proxyOf(compoundMarketOf("cometWeth")), "getPrice", [ctx.address(compoundContracts.wethConstantPriceFeed)])).toBe(10n ** 8n);
  });

  it("is filled by real supplies and borrows: each Comet's utilization and both rates are its own model's at that utilization", async () => {
    const demo = devnetDemoWallet.address;
    for (const m of compoundMarkets) {
      const block = await reader().getBlockNumber();
      const s = await stateAt(m, block);
      const planned = baseUnits(m, m.supply) + baseUnits(m, m.demoBalance);
      const borrowed = m.borrowers.reduce((sum, _, n) => sum + plannedBorrow(m, n), 0n);
      // Interest accrues from the first block on: the totals are the plan's, grown by a few seconds of it.
      expectRelative(Number(s.totalSupply), Number(planned), 1e-6);
      expectRelative(Number(s.totalBorrow), Number(borrowed), 1e-6);
      expect(s.cash).toBe(planned - borrowed);
      expect(s.utilization).toBe(utilizationOf(s.totals));
      expectRelative(Number(s.utilization), Number((m.utilizationBps * WAD) / 10_000n), 1e-6);
      expect({ supply: s.supplyRate, borrow: s.borrowRate }).toEqual(ratesAt(m, s.utilization));
      // The demo wallet's position is a real deposit (Comet rounds its principal down by at most a unit).
      const position = await read<bigint>(proxyOf(m), "balanceOf", [demo]);
      expect(position).toBeGreaterThanOrEqual(baseUnits(m, m.demoBalance) - 1n);
      expectRelative(Number(position), Number(baseUnits(m, m.demoBalance)), 1e-6);
      for (const [n, b] of m.borrowers.entries()) {
        const account = (await ctx.sender(compoundRoles.borrower(m.contract, n + 1))).address;
        expect(await read(proxyOf(m), "collateralBalanceOf", [account, ctx.address(b.token)])).toBe(tokenUnits(b.token, b.collateral));
        expectRelative(Number(await read<bigint>(proxyOf(m), "borrowBalanceOf", [account])), Number(plannedBorrow(m, n)), 1e-6);
        expect(await read(proxyOf(m), "isBorrowCollateralized", [account])).toBe(true);
      }
    }
    // cUSDCv3 runs above its kink: the supply rate is on the steep slope.
    const s = await stateAt(usdc, await reader().getBlockNumber());
    expect(s.utilization).toBeGreaterThan(percentage(usdc.rates.supplyKink));
  });
});

describe("real flows", () => {
  it("a borrow against fresh collateral raises utilization and both rates as Comet computes them; repaying brings them back", async () => {
    await lab(async (lab) => {
      const m = usdc;
      const before = await stateAt(m, await reader().getBlockNumber());
      const borrower = await lab.sender("compound test borrower");
      const weth = tokenUnits("weth", "2000");
      await fundToken(lab, "weth", borrower.address, weth);
      await supply(borrower, proxyOf(m), ctx.address("weth"), weth);
      const amount = baseUnits(m, "5000000");
      await borrow(borrower, proxyOf(m), baseOf(m), amount);
      expect(await balanceOf(baseOf(m), borrower.address)).toBe(amount);
      const after = await stateAt(m, await reader().getBlockNumber());
      expect(after.cash).toBe(before.cash - amount);
      expect(after.utilization).toBe(utilizationOf(after.totals));
      expect(after.utilization).toBeGreaterThan(before.utilization);
      expect({ supply: after.supplyRate, borrow: after.borrowRate }).toEqual(ratesAt(m, after.utilization));
      expect(after.supplyRate).toBeGreaterThan(before.supplyRate);
      expect(after.borrowRate).toBeGreaterThan(before.borrowRate);

      // Comet.supply of base first repays the borrow (the accrued interest stays owed).
      await fundToken(lab, m.underlying, borrower.address, amount);
      await repay(borrower, proxyOf(m), baseOf(m), amount);
      const repaid = await stateAt(m, await reader().getBlockNumber());
      expect(await read<bigint>(proxyOf(m), "borrowBalanceOf", [borrower.address])).toBeLessThan(baseUnits(m, "1"));
      expect(repaid.utilization).toBeLessThan(after.utilization);
      expectRelative(Number(repaid.utilization), Number(before.utilization), 1e-5);
    });
  });

  it("supplied base earns the supply rate: after a day the balance is the principal at Comet's accrued index", async () => {
    await lab(async () => {
      const m = usdc;
      const supplier = (await ctx.sender(compoundRoles.supplier)).address;
      const start = await stateAt(m, await reader().getBlockNumber());
      await advance(86_400);
      const block = await reader().getBlock();
      const elapsed = block.timestamp - BigInt(start.totals.lastAccrualTime);
      // accruedInterestIndices: index + index × supplyRate × elapsed / 1e18, at the stored utilization.
      const index = start.totals.baseSupplyIndex + (start.totals.baseSupplyIndex * ratesAt(m, utilizationOf(start.totals)).supply * elapsed) / WAD;
      const [principal] = await read<[bigint]>(proxyOf(m), "userBasic", [supplier]);
      expect(await read(proxyOf(m), "balanceOf", [supplier])).toBe((principal * index) / BASE_INDEX_SCALE);
      // About the supply APR for a day (4.6 % a year at 85 %).
      const supplied = baseUnits(m, m.supply);
      expectRelative(Number((principal * index) / BASE_INDEX_SCALE - supplied), (Number(supplied) * 0.046) / 365, 2e-3);
    });
  });

  it("withdraw: the demo wallet takes its whole balance out; a borrow beyond collateral or beyond the Comet's cash reverts", async () => {
    await lab(async (lab) => {
      const m = usdc;
      const demo = await lab.senderOf(devnetDemoWallet);
      const plain = await balanceOf(baseOf(m), demo.address);
      const position = await read<bigint>(proxyOf(m), "balanceOf", [demo.address]);
      await withdraw(demo, proxyOf(m), baseOf(m), maxUint256);
      expect(await read(proxyOf(m), "balanceOf", [demo.address])).toBe(0n);
      expect(await balanceOf(baseOf(m), demo.address)).toBeGreaterThanOrEqual(plain + position);

      // A fresh account: 10 WETH carry 10 × 3,412.55 × 0.825 ≈ 28,154 USDC, not 30,000.
      const borrower = await lab.sender("compound test borrower 2");
      await fundToken(lab, "weth", borrower.address, tokenUnits("weth", "10"));
      await supply(borrower, proxyOf(m), ctx.address("weth"), tokenUnits("weth", "10"));
      expect(await revertOf(borrower.address, proxyOf(m), cometAbi, "withdraw", [baseOf(m), baseUnits(m, "30000")])).toBe("NotCollateralized");
      await borrow(borrower, proxyOf(m), baseOf(m), baseUnits(m, "28000"));
      // Below baseBorrowMin (100 USDC) no borrow opens.
      const small = await lab.sender("compound test borrower 3");
      await fundToken(lab, "weth", small.address, tokenUnits("weth", "1"));
      await supply(small, proxyOf(m), ctx.address("weth"), tokenUnits("weth", "1"));
      expect(await revertOf(small.address, proxyOf(m), cometAbi, "withdraw", [baseOf(m), baseUnits(m, "99")])).toBe("BorrowTooSmall");
      // The supplier cannot withdraw more than the cash the Comet holds; it can withdraw all of it.
      const supplier = await lab.sender(compoundRoles.supplier);
      const cash = await balanceOf(baseOf(m), proxyOf(m));
      await revertOf(supplier.address, proxyOf(m), cometAbi, "withdraw", [baseOf(m), cash + 1n]);
      await withdraw(supplier, proxyOf(m), baseOf(m), cash);
      expect(await balanceOf(baseOf(m), proxyOf(m))).toBe(0n);
      expect(await read(proxyOf(m), "getUtilization")).toBeGreaterThan(WAD - WAD / 100n);
    });
  });
  it("the pause guardian pauses supply: Comet.supply reverts Paused while withdrawals go on", async () => {
    await lab(async (lab) => {
      const m = usdc;
      const guardian = await lab.sender(compoundRoles.pauseGuardian);
      // pause(supply, transfer, withdraw, absorb, buy)
      await guardian.call({ address: proxyOf(m), abi: cometAbi, functionName: "pause", args: [true, false, false, false, false] });
      expect(await read(proxyOf(m), "isSupplyPaused")).toBe(true);
      const demo = await lab.senderOf(devnetDemoWallet);
      await fundToken(lab, m.underlying, demo.address, baseUnits(m, "10"));
      await demo.call({ address: baseOf(m), abi: erc20Abi, functionName: "approve", args: [proxyOf(m), baseUnits(m, "10")] });
      expect(await revertOf(demo.address, proxyOf(m), cometAbi, "supply", [baseOf(m), baseUnits(m, "10")])).toBe("Paused");
      await withdraw(demo, proxyOf(m), baseOf(m), baseUnits(m, "100"));
      // Nobody else may pause.
      expect(await revertOf(demo.address, proxyOf(m), cometAbi, "pause", [false, false, false, false, false])).toBe("Unauthorized");
    });
  });
});

describe("the sync's Compound v3 adapter", () => {
  it("reads APY, TVL and liquidity of every Comet exactly as the contracts answer them at the block", async () => {
    const { readings, states } = await expectAdapterReadsChainAt(await reader().getBlockNumber());
    // The WBTC Comet's TVL is in BTC through its WBTC/BTC feed, then at the BTC/USD reference.
    const wbtc = readings.get("compound-cometWbtc");
    expectRelative(wbtc?.ok ? wbtc.priceUsd : 0, 0.9998 * 97_250);
    // cWETHv3's constant feed: 1 WETH = 1 ETH = the ETH/USD reference.
    const weth = readings.get("compound-cometWeth");
    expectRelative(weth?.ok ? weth.tvl : 0, (Number(states.get("cometWeth")!.totalSupply) / 1e18) * 3_412.55, 1e-9);
  });

  it("after a real borrow: a higher APY at the new block, the old block still read as it was", async () => {
    await lab(async (lab) => {
      const m = compoundMarketOf("cometWeth");
      const before = await reader().getBlockNumber();
      const borrower = await lab.sender("compound test borrower 4");
      await fundToken(lab, "wbtc", borrower.address, tokenUnits("wbtc", "40"));
      await supply(borrower, proxyOf(m), ctx.address("wbtc"), tokenUnits("wbtc", "40"));
      await borrow(borrower, proxyOf(m), baseOf(m), tokenUnits("weth", "900"));
      const after = await reader().getBlockNumber();
      const old = await expectAdapterReadsChainAt(before);
      const now = await expectAdapterReadsChainAt(after);
      const apy = (r: typeof old) => {
        const reading = r.readings.get(`compound-${m.contract}`);
        return reading?.ok ? reading.apy! : NaN;
      };
      expect(apy(now)).toBeGreaterThan(apy(old));
      expect(now.states.get(m.contract)!.cash).toBe(old.states.get(m.contract)!.cash - tokenUnits("weth", "900"));
    });
  });

  it("after a real deposit: more TVL and liquidity, a lower APY", async () => {
    await lab(async (lab) => {
      const m = usdc;
      const before = await expectAdapterReadsChainAt(await reader().getBlockNumber());
      const demo = await lab.senderOf(devnetDemoWallet);
      const amount = baseUnits(m, "20000000");
      await fundToken(lab, m.underlying, demo.address, amount);
      await supply(demo, proxyOf(m), baseOf(m), amount);
      const after = await expectAdapterReadsChainAt(await reader().getBlockNumber());
      const of = (r: typeof before) => {
        const reading = r.readings.get(`compound-${m.contract}`);
        if (!reading?.ok) throw new Error("not read");
        return reading;
      };
      expect(of(after).liquidity!.available).toBe(of(before).liquidity!.available + amount);
      expectRelative(of(after).tvl - of(before).tvl, 20_000_000, 1e-5);
      expect(of(after).apy!).toBeLessThan(of(before).apy!);
    });
  });
});

describe("CometRewards and the COMP stream", () => {
  it("the sync's reward reader reads the USD Comet's stream as Comet and CometRewards define it, and only that one", async () => {
    const block = await reader().getBlockNumber();
    const answer = await readOnChainRewards({
      client: pinnedToBlock(adapterCtx.client, block),
      chainId: LOCAL_CHAIN_ID,
      instruments: compoundMarkets.map(marketOf),
      deployment: adapterCtx.deployment,
    });
    expect(answer.failures).toEqual([]);
    expect(answer.readings).toHaveLength(1);
    const [reading] = answer.readings;
    const proxy = ctx.address(devnetCometStream.comet);
    const [token, rescaleFactor, shouldUpscale, multiplier] = await read<[Hex, bigint, boolean, bigint]>(
      ctx.address(compoundContracts.rewards),
      "rewardConfig",
      [proxy],
      rewards.cometRewardsArtifact.abi,
    );
    expect(getAddress(token)).toBe(ctx.address(devnetCometStream.reward));
    const totals = await read<Totals>(proxy, "totalsBasic", [], cometAbi, block);
    const comp = devnetRewardTokens.find((t) => t.contract === devnetCometStream.reward)!;
    expect(reading).toMatchObject({
      source: "comet-rewards",
      yieldTokenAddress: proxy.toLowerCase(),
      tokenAddress: token.toLowerCase(),
      tokenSymbol: comp.symbol,
      tokenDecimals: comp.decimals,
      // COMP is one of the USD Comet's collaterals: priced by its own COMP / USD feed.
      protocolPriceUsd: Number(comp.priceUsd8) / 1e8,
    });
    expectRelative(
      reading!.tokensPerYear!,
      cometRewardPerYearExpected({
        speed: devnetCometStream.baseTrackingSupplySpeed,
        baseScale: 10n ** 6n,
        trackingIndexScale: usdc.tracking.indexScale,
        accrualScale: await read<bigint>(proxy, "baseAccrualScale"),
        totalSupplyBase: totals.totalSupplyBase,
        rescaleFactor,
        shouldUpscale,
        multiplier,
        rewardDecimals: BigInt(comp.decimals),
      }),
    );
    // 0.00125 COMP a second to all suppliers.
    expectRelative(reading!.tokensPerYear!, 0.00125 * 31_536_000, 1e-6);
  });

  it("a supplier claims the COMP its share earned, paid from CometRewards' funding", async () => {
    await lab(async (lab) => {
      const supplier = await lab.sender(compoundRoles.supplier);
      const proxy = ctx.address(devnetCometStream.comet);
      const cometRewards = ctx.address(compoundContracts.rewards);
      const compToken = ctx.address(devnetCometStream.reward);
      expect(await balanceOf(compToken, cometRewards)).toBe(devnetCometStream.funding);
      const start = (await reader().getBlock()).timestamp;
      await advance(7 * 86_400);
      await claimRewards(supplier, cometRewards, proxy);
      const elapsed = (await reader().getBlock()).timestamp - start;
      const claimed = await balanceOf(compToken, supplier.address);
      const [principal] = await read<[bigint]>(proxy, "userBasic", [supplier.address]);
      const totals = await read<Totals>(proxy, "totalsBasic");
      // speed × time × its share of the principal, in COMP (the seconds before the demo wallet joined aside).
      const expected = (Number(devnetCometStream.baseTrackingSupplySpeed) / 1e15) * Number(elapsed) * (Number(principal) / Number(totals.totalSupplyBase));
      expectRelative(Number(claimed) / 1e18, expected, 1e-4);
      expect(await balanceOf(compToken, cometRewards)).toBe(devnetCometStream.funding - claimed);
    });
  });
});

describe("start-up cost", () => {
  it("deploys and populates within a small share of the devnet's minute", () => {
    expect(setup.deployMs + setup.populateMs).toBeLessThan(10_000);
    expect(setup.deployTransactions).toBeLessThan(40);
    expect(setup.populateTransactions).toBeLessThan(50);
  });
});
