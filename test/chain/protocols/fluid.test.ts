import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPublicClient, erc20Abi, getAddress, http, parseEther, zeroAddress, type Abi, type Hex } from "viem";
import { foundry } from "viem/chains";
import { readFluidFTokens } from "@/lib/machinery/chain/adapters/fluid-ftokens";
import { SHARE_PRICE_PROBE } from "@/lib/machinery/chain/adapters/erc4626";
import type { AdapterContext, Market, MarketReading } from "@/lib/machinery/chain/adapters/types";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { pinnedToBlock } from "@/lib/machinery/chain/chain-head";
import { createChainClient } from "@/lib/machinery/chain/client";
import { deploymentOf } from "@/lib/machinery/chain/deployments";
import { readOnChainRewards } from "@/lib/machinery/rewards/onchain-rewards";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { deployContext, type DeployContext, type RoleSender } from "@/devnet/deploy/context";
import { aaveOracleArtifact } from "@/devnet/generated/aave-v3";
import { multicall3Artifact } from "@/devnet/generated/multicall3";
import * as fluid from "@/devnet/generated/fluid";
import * as liquidityBuild from "@/devnet/generated/fluid-liquidity";
import * as rewardsBuild from "@/devnet/generated/fluid-rewards";
import { devnetDemoWallet } from "@/devnet/plan/accounts";
import {
  fluidBorrowAmount,
  fluidCollateralAmount,
  fluidContracts,
  fluidLiquidityTokens,
  fluidManifestNames,
  fluidMarkets,
  fluidRewards,
  fluidUnits,
  type FluidLiquidityToken,
  type FluidMarketPlan,
} from "@/devnet/plan/fluid";
import { devnetTokenOf, devnetTokens, units } from "@/devnet/plan/tokens";
import * as actions from "@/devnet/protocols/fluid/actions";
import { FLUID_DEPLOYER, FLUID_SUPPLIER, deployFluid, fluidBorrowerRole, fluidTokenAddress, populateFluid } from "@/devnet/protocols/fluid/deploy";
import { deployTokens, fundToken } from "@/devnet/protocols/tokens";
import { SECONDS_PER_YEAR, expectRelative, fluidApyExpected, fluidRewardPerYearExpected, usdExpected } from "../formulas";

// Fluid on its own contracts (vendor/fluid-contracts-public), deployed and populated as `npm run devnet`
// does, used as a lab: every test acts through Fluid's entry points inside a snapshot, then asks the
// contracts (the LiquidityResolver, the fTokens, the vaults) what is true, and the sync's readers
// (the fTokens adapter, the on-chain rewards reader) whether they answer the same at that block.

let anvil: RunningAnvil;
let deployed: DeployContext;
let reader: ReturnType<typeof createPublicClient>;
let oracle: Hex;
let snapshot: Hex;
/** A deployment context for the running test: fresh senders (a revert rewinds their nonces), the deployment's addresses. */
let lab: DeployContext;

const rpc = <T,>(method: string, params: unknown[] = []) => reader.request({ method, params } as never) as Promise<T>;

beforeAll(async () => {
  anvil = await startAnvil();
  deployed = await deployContext(anvil.url);
  reader = createPublicClient({ chain: foundry, transport: http(anvil.url), cacheTime: 0 });
  await deployTokens(deployed);
  await deployFluid(deployed);
  await populateFluid(deployed);
  // What the sync's adapters read besides Fluid: Multicall3 at its address, and USD prices from an
  // AaveOracle (the real one, vendor/aave-v3-origin) over the tokens' feeds.
  const fixtures = await deployed.sender("fluid test fixtures");
  const multicall = await fixtures.create(multicall3Artifact, []);
  await fixtures.client.test.setCode({ address: MULTICALL3_ADDRESS, bytecode: (await reader.getCode({ address: multicall }))! });
  oracle = await fixtures.create(aaveOracleArtifact, [
    fixtures.address,
    devnetTokens.map((t) => deployed.address(t.contract)),
    devnetTokens.map((t) => deployed.address(`${t.contract}UsdFeed`)),
    zeroAddress,
    zeroAddress,
    10n ** 8n,
  ]);
});
afterAll(() => anvil?.stop());

beforeEach(async () => {
  snapshot = await rpc<Hex>("evm_snapshot");
  lab = await deployContext(anvil.url);
  Object.assign(lab.addresses, deployed.addresses);
});
afterEach(async () => {
  await rpc("evm_revert", [snapshot]);
});

const read = <T,>(address: Hex, abi: Abi | readonly unknown[], functionName: string, args: readonly unknown[] = [], blockNumber?: bigint) =>
  reader.readContract({ address, abi: abi as Abi, functionName, args, ...(blockNumber !== undefined && { blockNumber }) } as never) as Promise<T>;

interface OverallTokenData {
  borrowRate: bigint;
  supplyRate: bigint;
  fee: bigint;
  lastStoredUtilization: bigint;
  lastUpdateTimestamp: bigint;
  supplyRawInterest: bigint;
  supplyInterestFree: bigint;
  borrowRawInterest: bigint;
  borrowInterestFree: bigint;
  totalSupply: bigint;
  totalBorrow: bigint;
}
interface UserSupplyData {
  supply: bigint;
  withdrawalLimit: bigint;
  withdrawable: bigint;
}
const resolver = () => deployed.address(fluidContracts.liquidityResolver);
const tokenData = (token: FluidLiquidityToken, blockNumber?: bigint) =>
  read<OverallTokenData>(resolver(), liquidityBuild.fluidLiquidityResolverArtifact.abi, "getOverallTokenData", [fluidTokenAddress(deployed, token)], blockNumber);
const supplyData = async (market: FluidMarketPlan, blockNumber?: bigint) =>
  (
    await read<[UserSupplyData, OverallTokenData]>(
      resolver(),
      liquidityBuild.fluidLiquidityResolverArtifact.abi,
      "getUserSupplyData",
      [deployed.address(market.contract), fluidTokenAddress(deployed, market.lent)],
      blockNumber,
    )
  )[0];
const fToken = (market: FluidMarketPlan) => deployed.address(market.contract);
const totalAssets = (market: FluidMarketPlan, blockNumber?: bigint) => read<bigint>(fToken(market), actions.fTokenAbi, "totalAssets", [], blockNumber);
const balanceOf = (token: Hex, owner: Hex) => read<bigint>(token, erc20Abi, "balanceOf", [owner]);
const marketOf = (contract: FluidMarketPlan["contract"]) => fluidMarkets.find((m) => m.contract === contract)!;
const curveOf = (token: FluidLiquidityToken) => fluidLiquidityTokens.find((t) => t.token === token)!;

/**
 * The borrow rate of a Liquidity-layer rate curve v2 at `utilization` (1e2 precision), in the
 * integer steps of Fluid's LiquidityCalcs.calcRateV2: the segment's slope at 1e12 precision, then
 * slope × utilization + constant, rounded down.
 */
function curveBorrowRate(token: FluidLiquidityToken, utilization: bigint): bigint {
  const c = curveOf(token).curve;
  const [x1, x2, y1, y2] =
    utilization < c.kink1
      ? [0n, c.kink1, c.rateAtUtilizationZero, c.rateAtUtilizationKink1]
      : utilization < c.kink2
        ? [c.kink1, c.kink2, c.rateAtUtilizationKink1, c.rateAtUtilizationKink2]
        : [c.kink2, 10_000n, c.rateAtUtilizationKink2, c.rateAtUtilizationMax];
  const slope = ((y2 - y1) * 10n ** 12n) / (x2 - x1);
  return (slope * utilization + y1 * 10n ** 12n - slope * x1) / 10n ** 12n;
}

/**
 * The Liquidity layer's rates of a token as Fluid computes them. An operation writes the token's
 * utilization and borrow rate to storage only when utilization moved by more than the token's
 * storage-update threshold (0.30 points here), a supply or borrow ratio did, or a day passed since
 * the last write; `stored` says whether the last operation did. Always: the borrow rate is the
 * curve's at the stored utilization, and the resolver's supply rate is borrow rate × (1 − fee) ×
 * borrow with interest / supply with interest (raw amounts at the stored exchange prices, 1e12
 * precision). When written, the stored utilization is that borrow over that supply (plus any
 * interest-free amounts), rounded down. Read at the head block.
 */
async function expectRatesOf(token: FluidLiquidityToken, stored = true) {
  const data = await tokenData(token);
  const packed = await read<bigint>(resolver(), liquidityBuild.fluidLiquidityResolverArtifact.abi, "getExchangePricesAndConfig", [fluidTokenAddress(deployed, token)]);
  const X64 = (1n << 64n) - 1n;
  const supplyWithInterest = (data.supplyRawInterest * ((packed >> 91n) & X64)) / 10n ** 12n;
  const borrowWithInterest = (data.borrowRawInterest * ((packed >> 155n) & X64)) / 10n ** 12n;
  const utilization = ((borrowWithInterest + data.borrowInterestFree) * 10_000n) / (supplyWithInterest + data.supplyInterestFree);
  if (stored) expect(data.lastStoredUtilization, token).toBe(utilization);
  else expect(utilization > data.lastStoredUtilization ? utilization - data.lastStoredUtilization : data.lastStoredUtilization - utilization, token).toBeLessThanOrEqual(30n);
  expect(data.borrowRate, token).toBe(curveBorrowRate(token, data.lastStoredUtilization));
  expect(data.fee, token).toBe(curveOf(token).config.fee);
  expect(data.supplyRate, token).toBe((data.borrowRate * (10_000n - data.fee) * borrowWithInterest) / (supplyWithInterest * 10_000n));
  return data;
}

/** A local account of its own for this test, with `amount` of `token` (WETH: wrapped ETH). */
async function funded(role: string, token: "usdc" | "weth" | "eurc" | "wbtc", amount: bigint): Promise<RoleSender> {
  const sender = await lab.sender(role);
  await fundToken(lab, token, sender.address, amount);
  return sender;
}

/**
 * The contract refuses `call` from `sender`: it reverts when simulated at the head block. (Sent, it
 * would fail its gas estimate and leave a gap in the sender's nonces.)
 */
async function expectRefused(sender: RoleSender, call: actions.FluidStep & { value?: bigint }) {
  if ("artifact" in call) throw new Error("a creation is not a call");
  await expect(reader.simulateContract({ ...call, account: sender.address } as never)).rejects.toThrow();
}

/** ETH spent on gas by the transactions of `sender` in the blocks since `from` (exclusive). */
async function gasSpent(sender: RoleSender, from: bigint): Promise<bigint> {
  let spent = 0n;
  const head = await reader.getBlockNumber();
  for (let n = from + 1n; n <= head; n++) {
    const block = await reader.getBlock({ blockNumber: n, includeTransactions: true });
    for (const t of block.transactions)
      if (t.from.toLowerCase() === sender.address.toLowerCase()) {
        const receipt = await reader.getTransactionReceipt({ hash: t.hash });
        spent += receipt.gasUsed * receipt.effectiveGasPrice;
      }
  }
  return spent;
}

describe("the deployment", () => {
  it("lends what the plan supplied, borrowed by real vault positions to the plan's utilization, at the rates the curves give", async () => {
    for (const m of fluidMarkets) {
      const data = await expectRatesOf(m.lent);
      expect(data.lastStoredUtilization, m.contract).toBe(m.vault.utilizationBps);
      // What was supplied and borrowed, plus the interest of the seconds since (and BigMath's rounding).
      const supplied = fluidUnits(m, "supply") + fluidUnits(m, "demoBalance");
      expectRelative(Number(await totalAssets(m)), Number(supplied), 1e-6);
      expectRelative(Number(data.totalSupply), Number(supplied), 1e-6);
      expectRelative(Number(data.totalBorrow), Number(fluidBorrowAmount(m)), 1e-6);
      // The vault is the borrower at the Liquidity layer, with the borrower's WBTC as its supply;
      // the borrowed tokens went to the borrower's own account.
      const vault = deployed.address(m.vault.contract);
      const [borrowed] = await read<[{ borrow: bigint }]>(resolver(), liquidityBuild.fluidLiquidityResolverArtifact.abi, "getUserBorrowData", [vault, fluidTokenAddress(deployed, m.lent)]);
      expectRelative(Number(borrowed.borrow), Number(fluidBorrowAmount(m)), 1e-6);
      const [collateral] = await read<[UserSupplyData]>(resolver(), liquidityBuild.fluidLiquidityResolverArtifact.abi, "getUserSupplyData", [vault, deployed.address("wbtc")]);
      expect(collateral.supply).toBe(fluidCollateralAmount(m));
      const borrower = (await deployed.sender(fluidBorrowerRole(m))).address;
      if (m.lent !== "eth") expect(await balanceOf(deployed.address(m.lent), borrower)).toBe(fluidBorrowAmount(m));
      else expect(await reader.getBalance({ address: borrower })).toBeGreaterThan(fluidBorrowAmount(m));
    }
    // Rates of the plan: fUSDC 5.64 % borrow / 4.06 % supply at 80 %; ETH 2.13 / 1.43 at 75 %; EURC 4.23 / 2.28 at 60 %.
    expect((await tokenData("usdc")).supplyRate).toBe(406n);
    expect((await tokenData("eth")).supplyRate).toBe(143n);
    expect((await tokenData("eurc")).supplyRate).toBe(228n);
  });

  it("lists every fToken in the LendingResolver, fEURC (not in the catalog) too, named after its asset", async () => {
    // Every contract the plan names is recorded, with code.
    for (const name of fluidManifestNames) expect(await reader.getCode({ address: deployed.address(name) }), name).toMatch(/^0x[0-9a-f]{2,}/);
    const listed = await read<Hex[]>(deployed.address(fluidContracts.lendingResolver), fluid.fluidLendingResolverArtifact.abi, "getAllFTokens");
    expect(listed.map((a) => getAddress(a)).sort()).toEqual(fluidMarkets.map((m) => fToken(m)).sort());
    for (const m of fluidMarkets) {
      expect(await read<string>(fToken(m), actions.fTokenAbi, "name")).toBe(m.yieldTokenName);
      expect(await read<string>(fToken(m), actions.fTokenAbi, "symbol")).toBe(m.yieldTokenSymbol);
      expect(await read<Hex>(fToken(m), actions.fTokenAbi, "asset")).toBe(deployed.address(m.underlying));
    }
    // fWETH takes WETH but lends native ETH, which it names as Fluid's LendingResolver asks it.
    expect(await read<Hex>(fToken(marketOf("fWeth")), actions.fTokenAbi, "NATIVE_TOKEN_ADDRESS")).toBe(actions.FLUID_NATIVE_TOKEN);
    await expect(read<Hex>(fToken(marketOf("fUsdc")), actions.fTokenAbi, "NATIVE_TOKEN_ADDRESS")).rejects.toThrow();
    // The Liquidity layer knows the rate of fWETH's lending under native ETH; WETH itself is not listed.
    expect((await read<OverallTokenData>(resolver(), liquidityBuild.fluidLiquidityResolverArtifact.abi, "getOverallTokenData", [deployed.address("weth")])).supplyRate).toBe(0n);
    // The demo wallet's deposits are real shares, worth what it deposited (and the seconds' interest since).
    for (const m of fluidMarkets.filter((x) => fluidUnits(x, "demoBalance") > 0n)) {
      const shares = await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [devnetDemoWallet.address]);
      const worth = await read<bigint>(fToken(m), actions.fTokenAbi, "convertToAssets", [shares]);
      expect(worth, m.contract).toBeGreaterThanOrEqual(fluidUnits(m, "demoBalance") - 1n);
      expectRelative(Number(worth), Number(fluidUnits(m, "demoBalance")), 1e-6);
    }
  });
});

describe("lending: the fTokens' ERC-4626 entry points", () => {
  it("deposit, withdraw and redeem on fUSDC move the Liquidity layer's supply, and the supply rate with it", async () => {
    const m = marketOf("fUsdc");
    const usdc = deployed.address("usdc");
    const liquidity = deployed.address(fluidContracts.liquidity);
    const amount = units("1000000", 6);
    const lender = await funded("fluid test lender", "usdc", amount);
    const before = await tokenData("usdc");
    const cash = await balanceOf(usdc, liquidity);

    await actions.deposit(lender, fToken(m), usdc, amount);
    // Shares at the fToken's exchange price of that block, rounded down; the USDC is at the Liquidity layer.
    expect(await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [lender.address])).toBe(
      await read<bigint>(fToken(m), actions.fTokenAbi, "convertToShares", [amount]),
    );
    expect(await balanceOf(usdc, lender.address)).toBe(0n);
    expect(await balanceOf(usdc, liquidity)).toBe(cash + amount);
    // More supply for the same borrow: a lower utilization, so a lower rate on every supplier's assets.
    const deposited = await expectRatesOf("usdc");
    expect(deposited.lastStoredUtilization).toBeLessThan(before.lastStoredUtilization);
    expect(deposited.supplyRate).toBeLessThan(before.supplyRate);

    await actions.withdraw(lender, fToken(m), units("400000", 6));
    expect(await balanceOf(usdc, lender.address)).toBe(units("400000", 6));
    const rest = await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [lender.address]);
    await actions.redeem(lender, fToken(m), rest);
    expect(await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [lender.address])).toBe(0n);
    // Everything back, plus what the seconds in between earned (and at most a unit of rounding less).
    const back = await balanceOf(usdc, lender.address);
    expect(back).toBeGreaterThanOrEqual(amount - 1n);
    expectRelative(Number(back), Number(amount), 1e-6);
    expect(await balanceOf(usdc, liquidity)).toBe(cash + amount - back);
    await expectRatesOf("usdc");
  });

  it("fWETH lends native ETH: depositNative, withdrawNative and redeemNative, and ERC-4626 deposit and redeem of WETH", async () => {
    const m = marketOf("fWeth");
    const weth = deployed.address("weth");
    const liquidity = deployed.address(fluidContracts.liquidity);
    const lender = await funded("fluid test eth lender", "weth", parseEther("5"));
    const ethAtLiquidity = await reader.getBalance({ address: liquidity });
    const before = await tokenData("eth");

    await actions.depositNative(lender, fToken(m), parseEther("10"));
    await actions.deposit(lender, fToken(m), weth, parseEther("5"));
    // Both reach the Liquidity layer as native ETH: the WETH was unwrapped.
    expect((await reader.getBalance({ address: liquidity })) - ethAtLiquidity).toBe(parseEther("15"));
    expect(await balanceOf(weth, liquidity)).toBe(0n);
    expect(await balanceOf(weth, lender.address)).toBe(0n);
    // 15 ETH on 9,000 moves utilization by 0.13 points, under ETH's storage-update threshold (0.30):
    // the stored utilization and borrow rate stay, the supply rate spreads the same interest wider.
    const deposited = await expectRatesOf("eth", false);
    expect(deposited.lastStoredUtilization).toBe(before.lastStoredUtilization);
    expect(deposited.borrowRate).toBe(before.borrowRate);
    expect(deposited.supplyRate).toBeLessThanOrEqual(before.supplyRate);
    expectRelative(Number(await read<bigint>(fToken(m), actions.fTokenAbi, "maxWithdraw", [lender.address])), 15e18, 1e-9);

    let mark = await reader.getBlockNumber();
    const ethBefore = await reader.getBalance({ address: lender.address });
    await actions.withdrawNative(lender, fToken(m), parseEther("3"));
    expect((await reader.getBalance({ address: lender.address })) - ethBefore + (await gasSpent(lender, mark))).toBe(parseEther("3"));

    const shares = await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [lender.address]);
    const half = shares / 2n;
    await actions.redeem(lender, fToken(m), half);
    const asWeth = await balanceOf(weth, lender.address);
    expectRelative(Number(asWeth), 6e18, 1e-6);
    const afterRedeem = await reader.getBalance({ address: lender.address });
    mark = await reader.getBlockNumber();
    await actions.redeemNative(lender, fToken(m), shares - half);
    const asEth = (await reader.getBalance({ address: lender.address })) - afterRedeem + (await gasSpent(lender, mark));
    expect(await read<bigint>(fToken(m), actions.fTokenAbi, "balanceOf", [lender.address])).toBe(0n);
    // 12 ETH back in WETH and ETH, plus the seconds' interest, less at most a wei or two of rounding.
    expect(asWeth + asEth).toBeGreaterThanOrEqual(parseEther("12") - 2n);
    expectRelative(Number(asWeth + asEth), 12e18, 1e-6);
    expect(await reader.getBalance({ address: liquidity })).toBe(ethAtLiquidity + parseEther("12") - asWeth - asEth);
    await expectRatesOf("eth", false);
  });

  it("what the Liquidity layer lets an fToken withdraw now caps every holder: its withdrawal limit and the layer's balance", async () => {
    const supplier = await lab.sender(FLUID_SUPPLIER);
    const liquidity = deployed.address(fluidContracts.liquidity);
    // fWETH: the withdrawal limit binds (a fifth of the supply, expanding over 12 hours), below the
    // quarter of it the Liquidity layer holds.
    const weth = marketOf("fWeth");
    const limited = await supplyData(weth);
    expect(limited.withdrawable).toBeLessThan(await reader.getBalance({ address: liquidity }));
    expectRelative(Number(limited.withdrawable), Number((limited.supply * weth.supplyLimits.expandPercent) / 10_000n), 1e-6);
    expect(await read<bigint>(fToken(weth), actions.fTokenAbi, "maxWithdraw", [supplier.address])).toBe(limited.withdrawable);
    await expectRefused(supplier, actions.withdrawNativeCall(fToken(weth), limited.withdrawable + parseEther("1"), supplier.address, supplier.address));
    await actions.withdrawNative(supplier, fToken(weth), limited.withdrawable);
    // Then the layer's remaining ETH binds.
    const drained = await supplyData(weth);
    expect(drained.withdrawable).toBe(await reader.getBalance({ address: liquidity }));
    expect(drained.withdrawable).toBeLessThan(drained.supply - drained.withdrawalLimit);
    await expectRefused(supplier, actions.withdrawNativeCall(fToken(weth), drained.withdrawable + parseEther("1"), supplier.address, supplier.address));

    // fUSDC: what is not borrowed binds (20 % of the supply at 80 % utilization).
    const usdc = marketOf("fUsdc");
    const cash = await supplyData(usdc);
    expect(cash.withdrawable).toBe(await balanceOf(deployed.address("usdc"), liquidity));
    expect(cash.withdrawable).toBeLessThan(cash.supply - cash.withdrawalLimit);
    expect(await read<bigint>(fToken(usdc), actions.fTokenAbi, "maxWithdraw", [supplier.address])).toBe(cash.withdrawable);
    await expectRefused(supplier, actions.withdrawCall(fToken(usdc), cash.withdrawable + units("1", 6), supplier.address, supplier.address));
    await actions.withdraw(supplier, fToken(usdc), cash.withdrawable);
    expect(await balanceOf(deployed.address("usdc"), liquidity)).toBe(0n);
    expect((await expectRatesOf("usdc")).lastStoredUtilization).toBeGreaterThanOrEqual(9_999n);
    await expectRefused(supplier, actions.withdrawCall(fToken(usdc), units("1", 6), supplier.address, supplier.address));
  });
});

describe("borrowing: Vault T1 positions against WBTC", () => {
  it("a borrow raises utilization past the first kink and the rates as the curve says; a repay brings them back", async () => {
    const m = marketOf("fUsdc");
    const vault = deployed.address(m.vault.contract);
    const usdc = deployed.address("usdc");
    const liquidity = deployed.address(fluidContracts.liquidity);
    const borrower = await funded("fluid test borrower", "wbtc", units("100", 8));
    const before = await tokenData("usdc");
    const cash = await balanceOf(usdc, liquidity);
    const amount = units("5000000", 6);

    const nftId = await actions.openPosition(borrower, vault, deployed.address("wbtc"), units("100", 8), amount);
    expect(await balanceOf(usdc, borrower.address)).toBe(amount);
    expect(await balanceOf(usdc, liquidity)).toBe(cash - amount);
    expect(await balanceOf(deployed.address("wbtc"), borrower.address)).toBe(0n);
    const borrowed = await expectRatesOf("usdc");
    expectRelative(Number(borrowed.totalBorrow - before.totalBorrow), Number(amount), 1e-6);
    expect(borrowed.lastStoredUtilization).toBeGreaterThan(curveOf("usdc").curve.kink1);
    expect(borrowed.borrowRate).toBeGreaterThan(curveOf("usdc").curve.rateAtUtilizationKink1);
    expect(borrowed.supplyRate).toBeGreaterThan(before.supplyRate);

    // The vault refuses a borrow past its collateral factor (80 % of the WBTC's value), and lends up to it.
    const wbtcUsd = Number(devnetTokenOf("wbtc").priceUsd8) / 1e8;
    const pastCollateralFactor = units(String(Math.ceil(100 * wbtcUsd * 0.8)), 6) - amount;
    await expectRefused(borrower, actions.operateCall(vault, nftId, 0n, pastCollateralFactor, borrower.address));
    const upToIt = pastCollateralFactor - units("10000", 6);
    await actions.borrow(borrower, vault, nftId, upToIt);
    expect(await balanceOf(usdc, borrower.address)).toBe(amount + upToIt);

    await actions.repay(borrower, vault, nftId, usdc, amount + upToIt);
    expect(await balanceOf(usdc, borrower.address)).toBe(0n);
    const repaid = await expectRatesOf("usdc");
    // Back where it was, but for the seconds' interest on every borrow.
    expectRelative(Number(repaid.totalBorrow), Number(before.totalBorrow), 1e-6);
    expect(repaid.lastStoredUtilization - before.lastStoredUtilization).toBeLessThanOrEqual(1n);
    expect(repaid.lastStoredUtilization).toBeGreaterThanOrEqual(before.lastStoredUtilization);
  });

  it("a vault borrows native ETH for fWETH's lenders, and takes native ETH back", async () => {
    const m = marketOf("fWeth");
    const vault = deployed.address(m.vault.contract);
    const borrower = await funded("fluid test eth borrower", "wbtc", units("10", 8));
    const before = await tokenData("eth");
    let mark = await reader.getBlockNumber();
    const ethBefore = await reader.getBalance({ address: borrower.address });
    const nftId = await actions.openPosition(borrower, vault, deployed.address("wbtc"), units("10", 8), parseEther("100"));
    expect((await reader.getBalance({ address: borrower.address })) - ethBefore + (await gasSpent(borrower, mark))).toBe(parseEther("100"));
    const borrowed = await expectRatesOf("eth");
    expect(borrowed.supplyRate).toBeGreaterThan(before.supplyRate);
    mark = await reader.getBlockNumber();
    const ethBorrowed = await reader.getBalance({ address: borrower.address });
    await actions.repay(borrower, vault, nftId, actions.FLUID_NATIVE_TOKEN, parseEther("50"));
    expect(ethBorrowed - (await reader.getBalance({ address: borrower.address })) - (await gasSpent(borrower, mark))).toBe(parseEther("50"));
    const repaid = await expectRatesOf("eth");
    expect(repaid.totalBorrow).toBeLessThan(borrowed.totalBorrow);
    expect(repaid.supplyRate).toBeLessThan(borrowed.supplyRate);
  });

  it("interest accrues: after a day fEURC's shares are worth the supply rate more, fUSDC's the supply rate plus its rewards rate", async () => {
    const day = 86_400;
    const probe = (m: FluidMarketPlan) => read<bigint>(fToken(m), actions.fTokenAbi, "convertToAssets", [SHARE_PRICE_PROBE]);
    const eurc = marketOf("fEurc");
    const usdc = marketOf("fUsdc");
    const [eurcRate, usdcRate] = [(await tokenData("eurc")).supplyRate, (await tokenData("usdc")).supplyRate];
    const [rewardRate] = await read<[bigint, boolean, bigint]>(deployed.address(fluidContracts.rewardsModel), rewardsBuild.fluidLendingRewardsRateModelArtifact.abi, "getRate", [await totalAssets(usdc)]);
    const [eurc0, usdc0] = [await probe(eurc), await probe(usdc)];
    const t0 = (await reader.getBlock()).timestamp;
    await rpc("evm_increaseTime", [day]);
    await rpc("evm_mine");
    const t1 = (await reader.getBlock()).timestamp;
    const [eurc1, usdc1] = [await probe(eurc), await probe(usdc)];
    // Simple growth over the elapsed time, as the Liquidity layer's exchange prices and the fToken's
    // rewards accrue between updates: rate × Δt / year. The resolver's supply rate is rounded down to
    // 1e2 precision (0.01 %), the Liquidity layer accrues at full precision: the growth lies within
    // that step above it. The rewards rate (1e12 = 1 %) adds exactly.
    const yearly = (p0: bigint, p1: bigint) => (Number(p1 - p0) / Number(p0)) * (Number(SECONDS_PER_YEAR) / Number(t1 - t0));
    const within = (growth: number, rate: bigint, extra = 0) => {
      expect(growth - extra).toBeGreaterThanOrEqual((Number(rate) / 1e4) * (1 - 1e-6));
      expect(growth - extra).toBeLessThanOrEqual(Number(rate + 1n) / 1e4);
    };
    within(yearly(eurc0, eurc1), eurcRate);
    within(yearly(usdc0, usdc1), usdcRate, Number(rewardRate) / 1e14);
    expect(Number(rewardRate) / 1e12).toBeGreaterThan(1.9); // about 2 %: 300,000 USDC over 90 days on 60 M
  });
});

describe("the sync's readers against the contracts", () => {
  const asMarket = (m: FluidMarketPlan): Market => ({
    instrumentId: m.contract,
    protocol: "fluid",
    version: 1,
    adapterAddress: fToken(m),
    yieldTokenAddress: fToken(m),
    tokenAddress: deployed.address(m.underlying),
    tokenDecimals: devnetTokenOf(m.underlying).decimals,
    assetCategory: devnetTokenOf(m.underlying).assetCategory,
  });
  const adapterContext = (blockNumber: bigint): AdapterContext => ({
    client: pinnedToBlock(createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }), blockNumber),
    chainId: LOCAL_CHAIN_ID,
    deployment: {
      ...deploymentOf(LOCAL_CHAIN_ID),
      aavePools: [],
      aaveOracle: oracle,
      fluidLendingResolver: deployed.address(fluidContracts.lendingResolver),
      fluidLiquidityResolver: resolver(),
      cometRewards: null,
    },
  });
  function ok(reading: MarketReading | undefined) {
    if (!reading?.ok) throw new Error(`not read: ${reading ? reading.error : "missing"}`);
    return reading;
  }

  /** Every fToken, read by the adapter at the head block, equals what the contracts answer at that block. */
  async function expectAdapterMatchesChain() {
    const block = await reader.getBlockNumber();
    const readings = await readFluidFTokens(adapterContext(block), fluidMarkets.map(asMarket));
    const apys: Record<string, number> = {};
    for (const m of fluidMarkets) {
      const r = ok(readings.get(m.contract));
      const data = await tokenData(m.lent, block);
      const assets = await totalAssets(m, block);
      const price = await read<bigint>(oracle, aaveOracleArtifact.abi, "getAssetPrice", [deployed.address(m.underlying)], block);
      expect(data.supplyRate, m.contract).toBeGreaterThan(0n);
      expectRelative(r.apy!, fluidApyExpected(data.supplyRate));
      expectRelative(r.tvl, usdExpected(assets, devnetTokenOf(m.underlying).decimals, price, 10n ** 8n));
      expect(r.totalAssets).toBe(assets);
      expect(r.liquidity).toEqual({ available: (await supplyData(m, block)).withdrawable, supplied: assets });
      apys[m.contract] = r.apy!;
    }
    return { block, apys, readings };
  }

  it("the fTokens adapter reads APY, TVL and withdrawable liquidity as the contracts report them, after a real borrow and after a real deposit", async () => {
    const start = await expectAdapterMatchesChain();
    // fUSDC at 80 %: 0.9 × 5.64 % supply APR, compounded.
    expect(start.apys.fUsdc).toBeCloseTo(fluidApyExpected(406n), 10);

    // A real borrow: utilization and the supply rate rise, and the cash the fToken could withdraw falls.
    const eurc = marketOf("fEurc");
    const borrower = await funded("fluid test borrower", "wbtc", units("20", 8));
    await actions.openPosition(borrower, deployed.address(eurc.vault.contract), deployed.address("wbtc"), units("20", 8), units("500000", 6));
    const afterBorrow = await expectAdapterMatchesChain();
    expect(afterBorrow.apys.fEurc).toBeGreaterThan(start.apys.fEurc!);
    const availableBefore = ok(start.readings.get("fEurc")).liquidity!.available;
    expect(ok(afterBorrow.readings.get("fEurc")).liquidity!.available).toBe(availableBefore - units("500000", 6));

    // A real deposit: TVL grows by what was deposited, and the supply rate falls.
    const lender = await funded("fluid test lender", "eurc", units("1000000", 6));
    await actions.deposit(lender, fToken(eurc), deployed.address("eurc"), units("1000000", 6));
    const afterDeposit = await expectAdapterMatchesChain();
    expect(afterDeposit.apys.fEurc).toBeLessThan(afterBorrow.apys.fEurc!);
    const tvlGrowth = ok(afterDeposit.readings.get("fEurc")).tvl - ok(afterBorrow.readings.get("fEurc")).tvl;
    expectRelative(tvlGrowth, usdExpected(units("1000000", 6), 6, devnetTokenOf("eurc").priceUsd8, 10n ** 8n), 1e-6);
  });

  it("the rewards reader reads fUSDC's LendingRewardsRateModel as the model pays through the fToken's exchange price", async () => {
    const m = marketOf("fUsdc");
    const block = await reader.getBlockNumber();
    const answer = await readOnChainRewards({
      client: pinnedToBlock(createChainClient(LOCAL_CHAIN_ID, anvil.url, { retries: 0 }), block),
      chainId: LOCAL_CHAIN_ID,
      instruments: [asMarket(m)],
      deployment: adapterContext(block).deployment,
    });
    expect(answer.failures).toEqual([]);
    const model = deployed.address(fluidContracts.rewardsModel);
    const data = await read<readonly unknown[]>(fToken(m), actions.fTokenAbi, "getData", [], block);
    expect(data[2]).toBe(model);
    expect(data[5]).toBe(true); // rewards active
    const assets = await totalAssets(m, block);
    const [rate, ended, startTime] = await read<[bigint, boolean, bigint]>(model, rewardsBuild.fluidLendingRewardsRateModelArtifact.abi, "getRate", [assets], block);
    const [, , endTime] = await read<bigint[]>(model, rewardsBuild.fluidLendingRewardsRateModelArtifact.abi, "getConfig", [], block);
    expect(ended).toBe(false);
    expect(answer.readings).toHaveLength(1);
    expect(answer.readings[0]).toMatchObject({
      source: "fluid-rewards-model",
      yieldTokenAddress: fToken(m).toLowerCase(),
      tokenAddress: deployed.address("usdc").toLowerCase(),
      tokenSymbol: "USDC",
      tokenDecimals: 6,
      startsAt: Number(startTime),
      endsAt: Number(endTime),
    });
    expectRelative(answer.readings[0]!.tokensPerYear!, fluidRewardPerYearExpected({ rate, totalAssets: assets, decimals: 6n }));
    // The plan's stream: 300,000 USDC over 90 days, a year of it whatever the supply (above the start TVL).
    expectRelative(answer.readings[0]!.tokensPerYear!, Number((fluidRewards.rewardAmount * SECONDS_PER_YEAR) / fluidRewards.durationSeconds) / 1e6, 1e-6);
  });

  it("the rebalancer pays in what fUSDC's rewards added to its assets, so that the Liquidity layer holds every share's worth", async () => {
    const m = marketOf("fUsdc");
    await rpc("evm_increaseTime", [30 * 86_400]);
    await rpc("evm_mine");
    // A month of rewards: the fToken owes its holders more than it has at the Liquidity layer.
    const owed = (await totalAssets(m)) - (await supplyData(m)).supply;
    expect(owed).toBeGreaterThan(units("90000", 6)); // about 300,000 USDC × 30 / 90 days
    const rebalancer = await lab.sender(FLUID_DEPLOYER);
    await fundToken(lab, "usdc", rebalancer.address, owed * 2n);
    await actions.fundRewards(rebalancer, fToken(m), deployed.address("usdc"));
    const paid = owed * 2n - (await balanceOf(deployed.address("usdc"), rebalancer.address));
    expectRelative(Number(paid), Number(owed), 1e-6);
    const after = await supplyData(m);
    expect(after.supply + 1n).toBeGreaterThanOrEqual(await totalAssets(m));
  });
});
