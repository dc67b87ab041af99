// Compound III's entry points, as any local account uses them: each takes the RoleSender that acts
// (ctx.sender(role), ctx.senderOf(account)) and waits until its transactions are mined. The *Call
// builders give the same transactions to send in batches (the deployment's populate does).
import { erc20Abi, type Abi, type Hex } from "viem";
import * as comet from "../../generated/comet";
import * as rewards from "../../generated/comet-rewards";
import type { RoleSender } from "../../deploy/context";
import type { ContractCall } from "../../deploy/sender";

/**
 * What a Comet proxy answers: Comet's own functions and, through its fallback, CometExt's (name,
 * symbol, allow, baseAccrualScale, …), as CometInterface.sol declares them together.
 */
export const cometAbi: Abi = [
  ...comet.cometArtifact.abi.filter((item) => item.type !== "constructor"),
  ...comet.cometExtArtifact.abi.filter(
    (item) => item.type === "function" && !comet.cometArtifact.abi.some((own) => own.type === "function" && own.name === item.name),
  ),
];

export const approveCall = (token: Hex, spender: Hex, amount: bigint): ContractCall => ({
  address: token,
  abi: erc20Abi,
  functionName: "approve",
  args: [spender, amount],
});

/** Comet.supply(asset, amount): the base token (lends, or repays a borrow first) or a collateral. */
export const supplyCall = (cometAddress: Hex, asset: Hex, amount: bigint): ContractCall => ({
  address: cometAddress,
  abi: cometAbi,
  functionName: "supply",
  args: [asset, amount],
});

/** Comet.withdraw(asset, amount): the base token beyond the account's balance is a borrow. */
export const withdrawCall = (cometAddress: Hex, asset: Hex, amount: bigint): ContractCall => ({
  address: cometAddress,
  abi: cometAbi,
  functionName: "withdraw",
  args: [asset, amount],
});

/** Approves the Comet for `amount` of `asset`, then supplies it. */
export async function supply(sender: RoleSender, cometAddress: Hex, asset: Hex, amount: bigint): Promise<void> {
  await sender.call(approveCall(asset, cometAddress, amount));
  await sender.call(supplyCall(cometAddress, asset, amount));
}

/** Withdraws `amount` of `asset`; maxUint256 withdraws the whole base balance (Comet's own convention). */
export async function withdraw(sender: RoleSender, cometAddress: Hex, asset: Hex, amount: bigint): Promise<void> {
  await sender.call(withdrawCall(cometAddress, asset, amount));
}

/** Borrows `amount` of the base token: a withdrawal beyond the account's base balance, against its collateral. */
export const borrow = (sender: RoleSender, cometAddress: Hex, baseToken: Hex, amount: bigint) => withdraw(sender, cometAddress, baseToken, amount);

/** Repays `amount` of a borrow: a base supply, which pays the borrow down before it lends. */
export const repay = (sender: RoleSender, cometAddress: Hex, baseToken: Hex, amount: bigint) => supply(sender, cometAddress, baseToken, amount);

/** CometRewards.claim(comet, sender, true): accrues the sender's tracking and pays it the reward token. */
export async function claimRewards(sender: RoleSender, cometRewards: Hex, cometAddress: Hex): Promise<void> {
  await sender.call({ address: cometRewards, abi: rewards.cometRewardsArtifact.abi, functionName: "claim", args: [cometAddress, sender.address, true] });
}
