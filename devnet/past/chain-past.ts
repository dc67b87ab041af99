/**
 * A year of history before the local chain's present, made of real transactions on the protocols'
 * own contracts, so that reading the past (the history backfill, the sync at an old block) finds
 * rates, prices and TVL that moved as the protocols computed them.
 *
 * The chain starts a year back (Anvil's genesis timestamp). Everything is deployed and filled at
 * its start, then days go by: a handful of blocks a day (PAST_BLOCKS_PER_DAY), one an hour for the
 * last week, each block one transaction at a chosen time. In them, accounts of their own borrow and
 * repay on every market along a smooth path of utilization (so rates move through the kinks),
 * depositors come and go from the vaults (so TVL moves), ETH and BTC prices follow a path that ends
 * at the plan's prices, and an AAVE stream on aLocWETH starts and ends. At the end those accounts
 * repay and withdraw, and the plan's own reward streams are set running from the present again, so
 * that the present is the plan's state a year on. Everything is deterministic: the same chain each
 * time, bar the wall-clock time it ends at.
 *
 * Anvil keeps every block's state in memory, in proportion to the blocks it holds (about 1 GB per
 * thousand blocks of a chain this size: see the README), hence few blocks for the past.
 */
import { erc4626Abi, maxUint256, type Hex } from "viem";
import * as aaveBuild from "../generated/aave-v3";
import { rewardsControllerArtifact } from "../generated/aave-rewards";
import { mockV3AggregatorArtifact } from "../generated/chainlink";
import { fluidLendingRewardsRateModelArtifact } from "../generated/fluid-rewards";
import type { DeployContext, RoleSender } from "../deploy/context";
import type { ContractCall } from "../deploy/sender";
import { AAVE_DEPLOYER } from "../plan/aave";
import { fluidContracts, fluidMarkets } from "../plan/fluid";
import { morphoMarkets } from "../plan/morpho";
import { devnetAaveStream, devnetFluidStream, devnetRewardTokens } from "../plan/rewards";
import { devnetTokenOf, units } from "../plan/tokens";
import { FLUID_DEPLOYER } from "../protocols/fluid/deploy";
import { fTokenAbi } from "../protocols/fluid/actions";
import { marketDrivers, read, stepOf } from "./market-drivers";
import { devnetFeedPlans, fundToken } from "../protocols/tokens";

const mockV3AggregatorAbi = mockV3AggregatorArtifact.abi;

const DAY = 86_400;
const HOUR = 3_600;

/** The shape of the past: how long, how many blocks a day, and the last days with a block an hour. */
export const devnetPast = {
  days: 365,
  blocksPerDay: 4,
  hourlyDays: 7,
  /** An AAVE stream on aLocWETH that starts and ends in the past: [start, end) in days before the present. */
  endedStream: { market: "aWeth", fromDaysAgo: 200, toDaysAgo: 110, perYear: "4000" },
} as const;


/** A depositor who comes and goes from an ERC-4626 vault (MetaMorpho, Vault V2, fToken). */
interface Depositor {
  vault: Hex;
  name: string;
  tx: RoleSender;
  /** Underlying units of one deposit. */
  lot: bigint;
  native: boolean;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Sends one transaction in the next block, at `time` (Unix seconds), and waits for it. */
async function sendAt(ctx: DeployContext, time: number, tx: RoleSender, call: ContractCall & { value?: bigint }) {
  await tx.client.test.setNextBlockTimestamp({ timestamp: BigInt(time) });
  await mined(tx, call);
}

/** Sends `call` and waits for it; a revert names the call and, replayed as a call, its reason. */
async function mined(tx: RoleSender, call: ContractCall & { value?: bigint }) {
  try {
    await tx.mined(await tx.send(call));
  } catch (err) {
    const reason = await tx.client.wallet
      .simulateContract({ ...call, account: tx.client.wallet.account } as never)
      .then(() => "it succeeds when replayed")
      .catch((e: Error & { cause?: { data?: { errorName?: string; args?: readonly unknown[] } } }) =>
        e.cause?.data?.errorName ? `${e.cause.data.errorName}(${(e.cause.data.args ?? []).join(", ")})` : e.message.split("\n").slice(0, 3).join(" "),
      );
    const args = call.args.map((a) => (typeof a === "bigint" ? a.toString() : typeof a === "object" ? "{…}" : String(a))).join(", ");
    throw new Error(`the past's ${call.functionName}(${args})${call.value ? ` with ${call.value} wei` : ""} on ${call.address} from ${tx.address} reverted: ${reason}`, { cause: err });
  }
}

/**
 * Lays the past on a chain just deployed at `genesis` (Unix seconds, a year before `presentAt`):
 * `deployDevnet` ran on an Anvil started with that genesis time. Ends with a block shortly before
 * `presentAt`.
 */
export async function buildPast(ctx: DeployContext, presentAt: number, past = devnetPast): Promise<PastResult> {
  const started = performance.now();
  const times = pastBlockTimes(presentAt, past);
  const tokens = await ctx.sender("tokens");
  const all = await marketDrivers(ctx);
  const depositors = await vaultDepositors(ctx);
  await fundRewardPayments(ctx, presentAt, past);
  const firstDay = Math.floor(times[0]! / DAY);
  const rand = random(20261128);
  let transactions = 0;
  const refused: string[] = [];
  let last = -1;
  const streamStart = presentAt - past.endedStream.fromDaysAgo * DAY;
  const streamEnd = presentAt - past.endedStream.toDaysAgo * DAY;
  let streamStarted = false;
  for (const [i, time] of times.entries()) {
    const day = Math.floor(time / DAY) - firstDay;
    const newDay = Math.floor(time / DAY) !== Math.floor((times[i - 1] ?? 0) / DAY);
    // Once a day, the ETH or BTC price moves (alternately).
    if (newDay) {
      const token = day % 2 === 0 ? "weth" : "wbtc";
      const feed = devnetFeedPlans.find((f) => f.name === `${token}UsdFeed`)!;
      await sendAt(ctx, time, tokens, { address: ctx.address(feed.name), abi: mockV3AggregatorAbi, functionName: "updateAnswer", args: [priceOf(token, day, past.days)] });
      transactions++;
      continue;
    }
    if (!streamStarted && time >= streamStart) {
      await sendAt(ctx, time, await ctx.sender(AAVE_DEPLOYER), await endedStreamCall(ctx, streamStart, streamEnd));
      streamStarted = true;
      transactions++;
      continue;
    }
    // A depositor comes or goes one block in five; otherwise the next market takes a step.
    if (rand() < 0.2) {
      const dep = depositors[Math.floor(rand() * depositors.length)]!;
      const call = await depositorStep(dep, rand() < 0.55);
      if (call) {
        await sendAt(ctx, time, dep.tx, call);
        transactions++;
        continue;
      }
    }
    for (let k = 0; k < all.length; k++) {
      last = (last + 1) % all.length;
      const d = all[last]!;
      const call = await stepOf(d, day);
      if (!call) continue;
      // A step the market refuses (a cap reached by interest since it was read, say) is mined as a
      // failed transaction, as it would be on a real chain; the past goes on.
      await sendAt(ctx, time, d.tx, call).catch((err: Error) => refused.push(`${d.name} on day ${day}: ${err.message}`));
      transactions++;
      break;
    }
  }
  // The present: the past borrowers repay, the depositors leave, the prices are the plan's, and the
  // plan's reward streams run from now as they would on a chain deployed today.
  const end = presentAt - 60;
  const settle = async (tx: RoleSender, call: (ContractCall & { value?: bigint }) | null) => {
    if (!call) return;
    await mined(tx, call);
    transactions++;
  };
  await tokens.client.test.setNextBlockTimestamp({ timestamp: BigInt(end) });
  for (const d of all) {
    // Repaying everything, then taking back what it lent (a Comet's overpayment included).
    await settle(d.tx, await d.repayAll());
    await settle(d.tx, await d.unlendAll());
  }
  for (const dep of depositors) await settle(dep.tx, await depositorStep(dep, false, true));
  for (const token of ["weth", "wbtc"] as const)
    await settle(tokens, { address: ctx.address(`${token}UsdFeed`), abi: mockV3AggregatorAbi, functionName: "updateAnswer", args: [devnetTokenOf(token).priceUsd8] });
  for (const call of await rearmStreams(ctx, end)) await settle(call.tx, call.call);
  return { blocks: times.length, transactions, refused, firstBlockTime: times[0]!, seconds: (performance.now() - started) / 1000 };
}

/** The ETH and BTC prices of `day` (0 = the past's first day): a path from 80 % of the plan's price to exactly the plan's. */
function priceOf(token: "weth" | "wbtc", day: number, days: number): bigint {
  const plan = devnetTokenOf(token).priceUsd8;
  const t = day / days;
  const wave = 0.08 * Math.sin(2 * Math.PI * t * (token === "weth" ? 5 : 3)) * (1 - t);
  const level = 0.8 + 0.2 * t + wave;
  return (plan * BigInt(Math.round(level * 1e6))) / 1_000_000n;
}

/** Block times of the past, oldest first: PAST_BLOCKS_PER_DAY a day, then one an hour, all before `presentAt`. */
export function pastBlockTimes(presentAt: number, past = devnetPast): number[] {
  const today = Math.floor(presentAt / DAY) * DAY;
  const firstDay = today - past.days * DAY;
  const hourlyFrom = today - past.hourlyDays * DAY;
  const times: number[] = [];
  for (let day = firstDay; day < hourlyFrom; day += DAY)
    for (let i = 0; i < past.blocksPerDay; i++) times.push(day + Math.floor(((i + 0.5) * DAY) / past.blocksPerDay) + 97);
  for (let t = hourlyFrom + HOUR / 2; t < presentAt - 120; t += HOUR) times.push(t);
  return times;
}

export interface PastResult {
  blocks: number;
  transactions: number;
  /** Steps the markets refused (mined as failed transactions), with why. */
  refused: string[];
  firstBlockTime: number;
  seconds: number;
}

/** Depositors of their own in every vault of the plan, each with funds and approvals for a few lots. */
async function vaultDepositors(ctx: DeployContext): Promise<Depositor[]> {
  const vaults = [
    ...morphoMarkets.map((v) => ({ contract: v.contract as string, underlying: v.underlying, name: v.yieldTokenSymbol, native: false, supply: v.supply })),
    ...fluidMarkets.map((f) => ({ contract: f.contract as string, underlying: f.underlying, name: f.yieldTokenSymbol, native: f.nativeUnderlying, supply: f.supply })),
  ];
  const depositors: Depositor[] = [];
  for (const v of vaults) {
    const tx = await ctx.sender(`past depositor ${v.contract}`);
    const decimals = devnetTokenOf(v.underlying).decimals;
    // A lot is 2 % of the vault's planned supply; a depositor holds up to three.
    const lot = units(v.supply, decimals) / 50n;
    if (!v.native) {
      await fundToken(ctx, v.underlying, tx.address, lot * 3n);
      await tx.call({ address: ctx.address(v.underlying), abi: aaveBuild.testnetERC20Artifact.abi, functionName: "approve", args: [ctx.address(v.contract), maxUint256] });
    }
    depositors.push({ vault: ctx.address(v.contract), name: v.name, tx, lot, native: v.native });
  }
  return depositors;
}

/**
 * A deposit of one lot (at most three held), or a withdrawal of one (`all`: everything it holds); null
 * when there is nothing to do, or when the vault cannot pay it out now.
 */
async function depositorStep(dep: Depositor, deposit: boolean, all = false): Promise<(ContractCall & { value?: bigint }) | null> {
  const shares = await read<bigint>(dep.tx, dep.vault, erc4626Abi, "balanceOf", [dep.tx.address]);
  if (deposit) {
    const held = shares === 0n ? 0n : await read<bigint>(dep.tx, dep.vault, erc4626Abi, "convertToAssets", [shares]);
    if (held >= dep.lot * 3n) return null;
    return dep.native
      ? { address: dep.vault, abi: fTokenAbi, functionName: "depositNative", args: [dep.tx.address], value: dep.lot }
      : { address: dep.vault, abi: erc4626Abi, functionName: "deposit", args: [dep.lot, dep.tx.address] };
  }
  if (shares === 0n) return null;
  const lotShares = await read<bigint>(dep.tx, dep.vault, erc4626Abi, "convertToShares", [dep.lot]);
  const redeem = all || lotShares >= shares ? shares : lotShares;
  const max = await read<bigint>(dep.tx, dep.vault, erc4626Abi, "maxRedeem", [dep.tx.address]);
  if (max < redeem) return null;
  return dep.native
    ? { address: dep.vault, abi: fTokenAbi, functionName: "redeemNative", args: [redeem, dep.tx.address, dep.tx.address] }
    : { address: dep.vault, abi: erc4626Abi, functionName: "redeem", args: [redeem, dep.tx.address, dep.tx.address] };
}

/** The AAVE stream on aLocWETH that runs in the past only (devnetPast.endedStream), configured when it starts. */
async function endedStreamCall(ctx: DeployContext, start: number, end: number): Promise<ContractCall> {
  const s = devnetPast.endedStream;
  const reward = devnetRewardTokens.find((t) => t.contract === devnetAaveStream.reward)!;
  const emissionPerSecond = units(s.perYear, reward.decimals) / 31_536_000n;
  return {
    address: ctx.address("aaveRewardsController"),
    abi: rewardsControllerArtifact.abi,
    functionName: "configureAssets",
    args: [
      [
        {
          emissionPerSecond,
          totalSupply: 0n,
          distributionEnd: end,
          asset: ctx.address(s.market),
          reward: ctx.address(reward.contract),
          transferStrategy: ctx.address("aaveTransferStrategy"),
          rewardOracle: ctx.address(reward.feed),
        },
      ],
    ],
  };
}

/**
 * The plan's streams, started a year ago, run from `now` again: aLocUSDC's AAVE stream ends its
 * planned duration after now, and fUSDC's rewards model starts its planned amount anew (a queued
 * reward starts at once when the current one has ended).
 */
async function rearmStreams(ctx: DeployContext, now: number): Promise<{ tx: RoleSender; call: ContractCall }[]> {
  const aave = await ctx.sender(AAVE_DEPLOYER);
  const fluid = await ctx.sender(FLUID_DEPLOYER);
  const reward = devnetRewardTokens.find((t) => t.contract === devnetAaveStream.reward)!;
  const model = ctx.address(fluidContracts.rewardsModel);
  const modelAbi = fluidLendingRewardsRateModelArtifact.abi;
  return [
    {
      tx: aave,
      call: {
        address: ctx.address("aaveRewardsController"),
        abi: rewardsControllerArtifact.abi,
        functionName: "setDistributionEnd",
        args: [ctx.address(devnetAaveStream.aToken), ctx.address(reward.contract), now + Number(devnetAaveStream.durationSeconds)],
      },
    },
    // Queued after the first rewards ended, the next start at once.
    { tx: fluid, call: { address: model, abi: modelAbi, functionName: "queueNextRewards", args: [devnetFluidStream.rewardAmount, devnetFluidStream.durationSeconds] } },
  ];
}

/**
 * The Aave deployer pays the AAVE streams' claims through the transfer strategy: the past stream's
 * whole amount and the present one's, given and approved before the past begins.
 */
async function fundRewardPayments(ctx: DeployContext, presentAt: number, past: typeof devnetPast) {
  const aave = await ctx.sender(AAVE_DEPLOYER);
  const reward = devnetRewardTokens.find((t) => t.contract === devnetAaveStream.reward)!;
  const s = past.endedStream;
  const pastAmount = (units(s.perYear, reward.decimals) / 31_536_000n) * BigInt((s.fromDaysAgo - s.toDaysAgo) * DAY);
  await fundToken(ctx, reward.contract, aave.address, pastAmount + devnetAaveStream.emissionPerSecond * devnetAaveStream.durationSeconds);
  await aave.call({ address: ctx.address(reward.contract), abi: aaveBuild.testnetERC20Artifact.abi, functionName: "approve", args: [ctx.address("aaveTransferStrategy"), maxUint256] });
  void presentAt;
}
