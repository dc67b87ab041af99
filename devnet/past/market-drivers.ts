// The markets the local chain's past moves (devnet/past/chain-past.ts): per market an account of its
// own that borrows and lends there through the protocol's own entry points, so that utilization,
// and with it the rates, follows a path; and the step that takes a market toward its path.
import { erc4626Abi, maxUint256, minInt256, type Hex } from "viem";
import * as aaveBuild from "../generated/aave-v3";
import { fluidLiquidityResolverArtifact } from "../generated/fluid-liquidity";
import { morphoArtifact } from "../generated/morpho-blue";
import type { DeployContext, RoleSender } from "../deploy/context";
import type { ContractCall } from "../deploy/sender";
import { MORPHO_BLUE_ADDRESS } from "../plan/addresses";
import { aaveMarketOf, aavePoolOf, type AaveMarket } from "../plan/aave";
import { compoundMarketOf, type CompoundMarketPlan } from "../plan/compound";
import { fluidContracts, fluidMarkets, fluidTokenDecimals, type FluidMarketPlan } from "../plan/fluid";
import { morphoBlueMarketOf, type MorphoBlueMarketKey } from "../plan/morpho";
import { devnetTokenOf, units, type DevnetToken } from "../plan/tokens";
import { cometAbi } from "../protocols/compound/actions";
import { FLUID_NATIVE_TOKEN, fTokenAbi, openPosition, operateCall } from "../protocols/fluid/actions";
import { morphoMarketParams } from "../protocols/morpho";
import { marketIdOf } from "../protocols/morpho/actions";
import { fundToken } from "../protocols/tokens";

const fluidLiquidityResolverAbi = fluidLiquidityResolverArtifact.abi;


type Token = DevnetToken["contract"];

/**
 * One market's past: an account of its own that borrows and lends there so that the market's
 * utilization follows a smooth path around `center`, and the reads and transactions that takes.
 */
export interface Driver {
  name: string;
  /** The utilization the path swings around, and how far (both as shares of the supply). */
  center: number;
  amplitude: number;
  phase: number;
  periodDays: number;
  tx: RoleSender;
  totals(): Promise<{ supplied: bigint; borrowed: bigint }>;
  /** What the account owes the market, and what it has lent it. */
  owed(): Promise<bigint>;
  lent(): Promise<bigint>;
  /** The most it borrows (what its collateral was sized for) and lends (what it was given). */
  borrowLimit: bigint;
  lendLimit: bigint;
  /** What the market still takes (a supply cap's room), where it has a cap. */
  lendRoom?(): Promise<bigint>;
  borrow(amount: bigint): Call;
  repay(amount: bigint): Call;
  /** Pays back the whole debt, interest to this block included (null when there is none). */
  repayAll(): Promise<Call | null>;
  lend(amount: bigint): Call;
  unlend(amount: bigint): Call;
  /** Takes back everything it lent (null when nothing). */
  unlendAll(): Promise<Call | null>;
}
export type Call = ContractCall & { value?: bigint };

export const worthOf = (token: Token, usd: number) => (BigInt(Math.round(usd * 1e8)) * 10n ** BigInt(devnetTokenOf(token).decimals)) / devnetTokenOf(token).priceUsd8;
const usdOf = (token: Token, amount: bigint) => Number((amount * devnetTokenOf(token).priceUsd8) / 10n ** BigInt(devnetTokenOf(token).decimals)) / 1e8;

export async function read<T>(tx: RoleSender, address: Hex, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []): Promise<T> {
  return (await tx.client.wallet.readContract({ address, abi: abi as never, functionName, args } as never)) as T;
}


// Each market's driver: an account of its own with collateral posted at the start (WBTC, or WETH
// where WBTC is what is lent or cannot be posted), and the underlying to lend and repay with.

const shareOf = (amount: bigint, share: number) => (amount * BigInt(Math.round(share * 1e6))) / 1_000_000n;
const approveCall = (token: Hex, spender: Hex): Call => ({ address: token, abi: aaveBuild.testnetERC20Artifact.abi, functionName: "approve", args: [spender, maxUint256] });

async function aaveDriver(ctx: DeployContext, market: AaveMarket["contract"], amplitude: number, phase: number): Promise<Driver> {
  const m = aaveMarketOf(market);
  const pool = ctx.address(aavePoolOf(m.pool).contracts.pool);
  const poolAbi = aaveBuild.poolInstanceArtifact.abi;
  const erc20 = aaveBuild.testnetERC20Artifact.abi;
  const tx = await ctx.sender(`past borrower ${market}`);
  const asset = ctx.address(m.underlying);
  const collateral: Token = m.underlying === "wbtc" ? "weth" : "wbtc";
  const reach = shareOf(units(m.supply, devnetTokenOf(m.underlying).decimals), amplitude);
  const posted = worthOf(collateral, usdOf(m.underlying, reach) * 2.5);
  await fundToken(ctx, collateral, tx.address, posted);
  await fundToken(ctx, m.underlying, tx.address, reach * 3n);
  await tx.call(approveCall(ctx.address(collateral), pool));
  await tx.call(approveCall(asset, pool));
  await tx.call({ address: pool, abi: poolAbi, functionName: "supply", args: [ctx.address(collateral), posted, tx.address, 0] });
  const debtToken = ctx.address(`${market}VariableDebt`);
  const { supplied, borrowed } = { supplied: await read<bigint>(tx, ctx.address(market), erc20, "totalSupply"), borrowed: await read<bigint>(tx, debtToken, erc20, "totalSupply") };
  // Lending stays under the reserve's supply cap, as the real reserve's (whole tokens), with room to spare.
  const capRoom = m.reserve.supplyCap * 10n ** BigInt(devnetTokenOf(m.underlying).decimals) - supplied;
  const lendLimit = reach * 2n < (capRoom * 8n) / 10n ? reach * 2n : (capRoom * 8n) / 10n;
  return {
    name: m.yieldTokenSymbol,
    center: Number(borrowed) / Number(supplied),
    amplitude,
    phase,
    periodDays: 45 + phase * 10,
    tx,
    totals: async () => ({ supplied: await read<bigint>(tx, ctx.address(market), erc20, "totalSupply"), borrowed: await read<bigint>(tx, debtToken, erc20, "totalSupply") }),
    owed: () => read<bigint>(tx, debtToken, erc20, "balanceOf", [tx.address]),
    lent: () => read<bigint>(tx, ctx.address(market), erc20, "balanceOf", [tx.address]),
    borrowLimit: reach,
    lendLimit,
    // The reserve's cap counts what it supplied and what accrued to it since.
    // (ValidationLogic: (scaledTotalSupply + accruedToTreasury) × the liquidity index + amount ≤ cap).
    lendRoom: async () => {
      const total = await read<bigint>(tx, ctx.address(market), erc20, "totalSupply");
      const reserve = await read<{ accruedToTreasury: bigint; liquidityIndex: bigint }>(tx, pool, poolAbi, "getReserveData", [asset]);
      const treasury = (reserve.accruedToTreasury * reserve.liquidityIndex) / 10n ** 27n;
      const cap = m.reserve.supplyCap * 10n ** BigInt(devnetTokenOf(m.underlying).decimals);
      return total + treasury >= cap ? 0n : (cap - total - treasury) / 2n;
    },
    borrow: (amount) => ({ address: pool, abi: poolAbi, functionName: "borrow", args: [asset, amount, 2n, 0, tx.address] }),
    repay: (amount) => ({ address: pool, abi: poolAbi, functionName: "repay", args: [asset, amount, 2n, tx.address] }),
    // Pool.repay of uint256 max repays the whole debt.
    repayAll: async () => ((await read<bigint>(tx, debtToken, erc20, "balanceOf", [tx.address])) === 0n ? null : { address: pool, abi: poolAbi, functionName: "repay", args: [asset, maxUint256, 2n, tx.address] }),
    lend: (amount) => ({ address: pool, abi: poolAbi, functionName: "supply", args: [asset, amount, tx.address, 0] }),
    unlend: (amount) => ({ address: pool, abi: poolAbi, functionName: "withdraw", args: [asset, amount, tx.address] }),
    unlendAll: async () => ((await read<bigint>(tx, ctx.address(market), erc20, "balanceOf", [tx.address])) === 0n ? null : { address: pool, abi: poolAbi, functionName: "withdraw", args: [asset, maxUint256, tx.address] }),
  };
}

/** A Comet's base balance is signed: supplying base lends (or repays first), withdrawing it borrows once the balance is spent. */
async function cometDriver(ctx: DeployContext, comet: CompoundMarketPlan["contract"], amplitude: number, phase: number): Promise<Driver> {
  const m = compoundMarketOf(comet);
  const address = ctx.address(comet);
  const tx = await ctx.sender(`past borrower ${comet}`);
  const base = ctx.address(m.underlying);
  const collateral = (m.collaterals.some((c) => c.token === "wbtc") ? "wbtc" : "weth") as Token;
  const reach = shareOf(units(m.supply, devnetTokenOf(m.underlying).decimals), amplitude);
  const posted = worthOf(collateral, usdOf(m.underlying, reach) * 2.5);
  await fundToken(ctx, collateral, tx.address, posted);
  await fundToken(ctx, m.underlying, tx.address, reach * 3n);
  await tx.call(approveCall(ctx.address(collateral), address));
  await tx.call(approveCall(base, address));
  await tx.call({ address, abi: cometAbi, functionName: "supply", args: [ctx.address(collateral), posted] });
  const totals = async () => ({ supplied: await read<bigint>(tx, address, cometAbi, "totalSupply"), borrowed: await read<bigint>(tx, address, cometAbi, "totalBorrow") });
  const start = await totals();
  return {
    name: m.yieldTokenSymbol,
    center: Number(start.borrowed) / Number(start.supplied),
    amplitude,
    phase,
    periodDays: 40 + phase * 12,
    tx,
    totals,
    owed: () => read<bigint>(tx, address, cometAbi, "borrowBalanceOf", [tx.address]),
    lent: () => read<bigint>(tx, address, cometAbi, "balanceOf", [tx.address]),
    borrowLimit: reach,
    lendLimit: reach * 2n,
    borrow: (amount) => ({ address, abi: cometAbi, functionName: "withdraw", args: [base, amount] }),
    repay: (amount) => ({ address, abi: cometAbi, functionName: "supply", args: [base, amount] }),
    // A little more than owed: what is left over is lent, and taken back with the rest.
    repayAll: async () => {
      const owed = await read<bigint>(tx, address, cometAbi, "borrowBalanceOf", [tx.address]);
      return owed === 0n ? null : { address, abi: cometAbi, functionName: "supply", args: [base, owed + owed / 1_000n + 1n] };
    },
    lend: (amount) => ({ address, abi: cometAbi, functionName: "supply", args: [base, amount] }),
    unlend: (amount) => ({ address, abi: cometAbi, functionName: "withdraw", args: [base, amount] }),
    // Comet.withdraw of the base token for uint256 max withdraws the whole balance.
    unlendAll: async () => ((await read<bigint>(tx, address, cometAbi, "balanceOf", [tx.address])) === 0n ? null : { address, abi: cometAbi, functionName: "withdraw", args: [base, maxUint256] }),
  };
}

/**
 * Morpho Blue's AdaptiveCurveIrm moves a market's rate at target up for as long as utilization stays
 * above its 90 % target, and down below it: over a year, a market held above would reach the IRM's
 * ceiling. The path swings around just under the target, as real markets' allocators keep them.
 */
const MORPHO_CENTER = 0.89;

async function morphoDriver(ctx: DeployContext, key: MorphoBlueMarketKey, amplitude: number, phase: number): Promise<Driver> {
  const plan = morphoBlueMarketOf(key);
  if (plan.collateral === null) throw new Error(`${key} is idle`);
  const params = morphoMarketParams(ctx, key);
  const id = marketIdOf(params);
  const tx = await ctx.sender(`past borrower ${key}`);
  const morpho = { address: MORPHO_BLUE_ADDRESS, abi: morphoArtifact.abi } as const;
  const market = () => read<readonly bigint[]>(tx, MORPHO_BLUE_ADDRESS, morphoArtifact.abi, "market", [id]);
  const position = () => read<readonly bigint[]>(tx, MORPHO_BLUE_ADDRESS, morphoArtifact.abi, "position", [id, tx.address]);
  const supplied = (await market())[0]!;
  // Enough to take the market from its plan's utilization to the path's either way.
  const reach = shareOf(supplied, amplitude + 0.1);
  const posted = worthOf(plan.collateral, usdOf(plan.loan, reach) * 3);
  await fundToken(ctx, plan.collateral, tx.address, posted);
  await fundToken(ctx, plan.loan, tx.address, reach * 3n);
  await tx.call(approveCall(params.collateralToken, MORPHO_BLUE_ADDRESS));
  await tx.call(approveCall(params.loanToken, MORPHO_BLUE_ADDRESS));
  await tx.call({ ...morpho, functionName: "supplyCollateral", args: [params, posted, tx.address, "0x"] });
  return {
    name: key,
    center: MORPHO_CENTER,
    amplitude,
    phase,
    periodDays: 30 + phase * 9,
    tx,
    totals: async () => {
      const [supplyAssets, , borrowAssets] = await market();
      return { supplied: supplyAssets!, borrowed: borrowAssets! };
    },
    owed: async () => {
      const [, , borrowAssets, borrowShares] = await market();
      const [, shares] = await position();
      return borrowShares === 0n ? 0n : (shares! * borrowAssets!) / borrowShares!;
    },
    lent: async () => {
      const [supplyAssets, supplyShares] = await market();
      const [shares] = await position();
      return supplyShares === 0n ? 0n : (shares! * supplyAssets!) / supplyShares!;
    },
    borrowLimit: reach,
    lendLimit: reach * 2n,
    borrow: (amount) => ({ ...morpho, functionName: "borrow", args: [params, amount, 0n, tx.address, tx.address] }),
    repay: (amount) => ({ ...morpho, functionName: "repay", args: [params, amount, 0n, tx.address, "0x"] }),
    // Repaying by shares: all of them, whatever interest they carry.
    repayAll: async () => {
      const [, shares] = await position();
      return shares === 0n ? null : { ...morpho, functionName: "repay", args: [params, 0n, shares, tx.address, "0x"] };
    },
    lend: (amount) => ({ ...morpho, functionName: "supply", args: [params, amount, 0n, tx.address, "0x"] }),
    unlend: (amount) => ({ ...morpho, functionName: "withdraw", args: [params, amount, 0n, tx.address, tx.address] }),
    unlendAll: async () => {
      const [shares] = await position();
      return shares === 0n ? null : { ...morpho, functionName: "withdraw", args: [params, 0n, shares, tx.address, tx.address] };
    },
  };
}

/** Fluid: borrows through a Vault T1 position of its own, lends through the fToken. */
async function fluidDriver(ctx: DeployContext, m: FluidMarketPlan, amplitude: number, phase: number): Promise<Driver> {
  const vault = ctx.address(m.vault.contract);
  const fToken = ctx.address(m.contract);
  const tx = await ctx.sender(`past borrower ${m.contract}`);
  const native = m.lent === "eth";
  const lentToken: Token = native ? "weth" : (m.lent as Token);
  const lent = native ? FLUID_NATIVE_TOKEN : ctx.address(m.lent as Token);
  const reach = shareOf(units(m.supply, fluidTokenDecimals(m.lent)), amplitude);
  const posted = worthOf(m.vault.collateral, usdOf(lentToken, reach) * 2.5);
  await fundToken(ctx, m.vault.collateral, tx.address, posted);
  if (!native) {
    await fundToken(ctx, lentToken, tx.address, reach * 3n);
    await tx.call(approveCall(lent, vault));
    await tx.call(approveCall(lent, fToken));
  }
  // A Vault T1 position is opened with its collateral and a first borrow. It keeps positions in
  // ticks that only its resolver reads: what was borrowed and not repaid stands for the debt (its
  // interest aside), and paying back more than that takes all (type(int).min).
  let principal = reach / 10n;
  const nftId = await openPosition(tx, vault, ctx.address(m.vault.collateral), posted, principal);
  const resolver = ctx.address(fluidContracts.liquidityResolver);
  const totals = async () => {
    const data = await read<{ totalSupply: bigint; totalBorrow: bigint }>(tx, resolver, fluidLiquidityResolverAbi, "getOverallTokenData", [lent]);
    return { supplied: data.totalSupply, borrowed: data.totalBorrow };
  };
  const repay = (amount: bigint): Call => {
    const all = amount >= principal;
    principal = all ? 0n : principal - amount;
    // Native ETH is sent along, with room for the interest when all is paid back; the vault returns what it did not need.
    const value = native ? (all ? amount + amount / 5n + 1n : amount) : undefined;
    return operateCall(vault, nftId, 0n, all ? minInt256 : -amount, tx.address, value);
  };
  const start = await totals();
  return {
    name: m.yieldTokenSymbol,
    center: Number(start.borrowed) / Number(start.supplied),
    amplitude,
    phase,
    periodDays: 35 + phase * 11,
    tx,
    totals,
    owed: async () => principal,
    lent: async () => {
      const shares = await read<bigint>(tx, fToken, erc4626Abi, "balanceOf", [tx.address]);
      return shares === 0n ? 0n : read<bigint>(tx, fToken, erc4626Abi, "maxWithdraw", [tx.address]);
    },
    borrowLimit: reach,
    lendLimit: reach * 2n,
    borrow: (amount) => {
      principal += amount;
      return operateCall(vault, nftId, 0n, amount, tx.address);
    },
    repay,
    repayAll: async () => (principal === 0n ? null : repay(principal)),
    lend: (amount) =>
      native
        ? { address: fToken, abi: fTokenAbi, functionName: "depositNative", args: [tx.address], value: amount }
        : { address: fToken, abi: erc4626Abi, functionName: "deposit", args: [amount, tx.address] },
    unlend: (amount) =>
      native
        ? { address: fToken, abi: fTokenAbi, functionName: "withdrawNative", args: [amount, tx.address, tx.address] }
        : { address: fToken, abi: erc4626Abi, functionName: "withdraw", args: [amount, tx.address, tx.address] },
    unlendAll: async () => {
      const shares = await read<bigint>(tx, fToken, erc4626Abi, "balanceOf", [tx.address]);
      if (shares === 0n) return null;
      return native
        ? { address: fToken, abi: fTokenAbi, functionName: "redeemNative", args: [shares, tx.address, tx.address] }
        : { address: fToken, abi: erc4626Abi, functionName: "redeem", args: [shares, tx.address, tx.address] };
    },
  };
}

/** The markets whose utilization the past moves, each with how far and with its own rhythm. */
export async function marketDrivers(ctx: DeployContext): Promise<Driver[]> {
  return [
    await aaveDriver(ctx, "aUsdc", 0.1, 0),
    await aaveDriver(ctx, "aWeth", 0.15, 1),
    await aaveDriver(ctx, "aEurc", 0.12, 2),
    await cometDriver(ctx, "cometUsdc", 0.1, 3),
    await cometDriver(ctx, "cometWbtc", 0.05, 4),
    await morphoDriver(ctx, "usdcWeth86", 0.025, 5),
    await morphoDriver(ctx, "usdcWbtc86", 0.025, 6),
    await morphoDriver(ctx, "wethWbtc915", 0.025, 7),
    await morphoDriver(ctx, "wethUsdc86", 0.025, 8),
    await morphoDriver(ctx, "usdcWbtc915", 0.025, 9),
    await fluidDriver(ctx, fluidMarkets[0]!, 0.1, 10),
    await fluidDriver(ctx, fluidMarkets[1]!, 0.1, 11),
    await fluidDriver(ctx, fluidMarkets[2]!, 0.1, 12),
  ];
}

/** The utilization a driver's market follows on `day`: a slow wave around its center. */
const pathOf = (d: Driver, day: number) => d.center + d.amplitude * Math.sin((2 * Math.PI * (day + d.phase * 7)) / d.periodDays);

/**
 * One step of a driver toward its path on `day`: it takes back what it lent or borrows more when the
 * market is below the path, repays or lends more when above; null when the market is on its path
 * (within 0.2 points) or the driver has reached its limits.
 */
export async function stepOf(d: Driver, day: number): Promise<Call | null> {
  const { supplied, borrowed } = await d.totals();
  if (supplied === 0n) return null;
  const target = pathOf(d, day);
  const utilization = Number(borrowed) / Number(supplied);
  if (Math.abs(utilization - target) < 0.002) return null;
  const atLeast = (amount: number) => (amount >= 1 ? BigInt(Math.floor(amount)) : 0n);
  if (utilization < target) {
    const lent = await d.lent();
    // Withdrawing y of the supply: borrowed / (supplied − y) = target.
    const take = atLeast(Math.min(Number(supplied) - Number(borrowed) / target, Number(lent)));
    if (take > 0n) return d.unlend(take);
    const owed = await d.owed();
    const more = atLeast(Math.min(target * Number(supplied) - Number(borrowed), Number(d.borrowLimit - owed)));
    return more > 0n ? d.borrow(more) : null;
  }
  const owed = await d.owed();
  const back = atLeast(Math.min(Number(borrowed) - target * Number(supplied), Number(owed)));
  if (back > 0n) return d.repay(back);
  const lent = await d.lent();
  // Lending z more: borrowed / (supplied + z) = target.
  const room = d.lendRoom ? Number(await d.lendRoom()) : Infinity;
  const give = atLeast(Math.min(Number(borrowed) / target - Number(supplied), Number(d.lendLimit - lent), room));
  return give > 0n ? d.lend(give) : null;
}
