// Fluid's entry points, as any local account uses them: each takes the RoleSender that acts
// (ctx.sender(role), ctx.senderOf(account)) and waits until its transactions are mined. The *Call
// builders give the same transactions to send in batches (the deployment and its populate do).
//
// Lending: an fToken is an ERC-4626 vault over the Liquidity layer (deposit / mint / withdraw /
// redeem); fWETH (fTokenNativeUnderlying) also takes and pays native ETH (depositNative,
// withdrawNative, redeemNative). Borrowing: Fluid's borrowers are its protocols, here Vault T1 vaults;
// an account opens a position (an NFT of the vault factory) with operate(0, collateral, debt, to),
// and moves it with operate(nftId, Δcollateral, Δdebt, to).
import { erc20Abi, maxUint256, parseEventLogs, type Abi, type Hex, type TransactionReceipt } from "viem";
import * as fluid from "../../generated/fluid";
import * as liquidityBuild from "../../generated/fluid-liquidity";
import type { RoleSender } from "../../deploy/context";
import type { Artifact, ContractCall } from "../../deploy/sender";

/** A transaction: a call (with native ETH where `value` is set) or a contract creation. */
export type FluidStep = (ContractCall & { value?: bigint }) | { artifact: Artifact; args: readonly unknown[] };

/**
 * Sends `step` and waits until it is mined; its receipt. The node estimates a transaction's gas on
 * the state and time of the moment it is sent, and Fluid's calls cost more once a second has passed
 * (the Liquidity layer and the vaults write updated exchange prices and timestamps), with no headroom
 * where a delegatecall gets 63/64 of what is left: a transaction mined a second later than estimated
 * can run out of gas. Such a transaction (reverted having used 95 % or more of its gas) is sent again,
 * at most twice; any other revert throws.
 */
export async function submit(sender: RoleSender, step: FluidStep, attempts = 3): Promise<TransactionReceipt> {
  const hash = "artifact" in step ? await sender.deploy(step.artifact, step.args) : await sender.send(step);
  try {
    return await sender.mined(hash);
  } catch (err) {
    if (attempts > 1 && (await ranOutOfGas(sender, hash))) return submit(sender, step, attempts - 1);
    throw err;
  }
}

async function ranOutOfGas(sender: RoleSender, hash: Hex): Promise<boolean> {
  const [receipt, tx] = await Promise.all([sender.client.wallet.getTransactionReceipt({ hash }), sender.client.wallet.getTransaction({ hash })]);
  return receipt.status === "reverted" && receipt.gasUsed * 100n >= tx.gas * 95n;
}

/** Native ETH as Fluid names it (the Liquidity layer's token for fWETH, a vault's native borrow token). */
export const FLUID_NATIVE_TOKEN: Hex = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

/** The functions of `extra` that `base` does not have: a proxy's ABI and its implementations'. */
const merged = (base: Abi, ...extras: Abi[]): Abi => {
  const out: Abi[number][] = base.filter((item) => item.type !== "constructor");
  for (const extra of extras)
    for (const item of extra)
      if (item.type === "function" || item.type === "event" || item.type === "error")
        if (!out.some((own) => own.type === item.type && own.name === item.name)) out.push(item);
  return out;
};

/**
 * What the Liquidity proxy answers: its own functions (addImplementation, readFromStorage, …) and,
 * through its fallback, the admin and user modules' (FluidLiquidityProxy is an InfiniteProxy).
 */
export const liquidityAbi: Abi = merged(
  fluid.fluidLiquidityProxyArtifact.abi,
  liquidityBuild.fluidLiquidityAdminModuleOthersArtifact.abi,
  liquidityBuild.fluidLiquidityUserModuleOthersArtifact.abi,
);

/** What a Vault T1 answers: its own functions and, through its fallback, the admin module's and the secondary module's. */
export const vaultAbi: Abi = merged(fluid.fluidVaultT1Artifact.abi, fluid.fluidVaultT1AdminArtifact.abi, fluid.fluidVaultT1SecondaryArtifact.abi);

/** fTokenNativeUnderlying's ABI: fToken's, plus the native entry points. */
export const fTokenAbi: Abi = fluid.fTokenNativeUnderlyingArtifact.abi;

export const approveCall = (token: Hex, spender: Hex, amount: bigint): ContractCall => ({ address: token, abi: erc20Abi, functionName: "approve", args: [spender, amount] });

/** ERC-4626 deposit(assets, receiver): the fToken takes `assets` of its asset (fWETH: WETH, unwrapped) and lends them. */
export const depositCall = (fToken: Hex, assets: bigint, receiver: Hex): ContractCall => ({ address: fToken, abi: fTokenAbi, functionName: "deposit", args: [assets, receiver] });
/** ERC-4626 mint(shares, receiver). */
export const mintCall = (fToken: Hex, shares: bigint, receiver: Hex): ContractCall => ({ address: fToken, abi: fTokenAbi, functionName: "mint", args: [shares, receiver] });
/** ERC-4626 withdraw(assets, receiver, owner). */
export const withdrawCall = (fToken: Hex, assets: bigint, receiver: Hex, owner: Hex): ContractCall => ({ address: fToken, abi: fTokenAbi, functionName: "withdraw", args: [assets, receiver, owner] });
/** ERC-4626 redeem(shares, receiver, owner). */
export const redeemCall = (fToken: Hex, shares: bigint, receiver: Hex, owner: Hex): ContractCall => ({ address: fToken, abi: fTokenAbi, functionName: "redeem", args: [shares, receiver, owner] });
/** fTokenNativeUnderlying.depositNative(receiver) with `assets` of native ETH. */
export const depositNativeCall = (fToken: Hex, assets: bigint, receiver: Hex): ContractCall & { value: bigint } => ({
  address: fToken,
  abi: fTokenAbi,
  functionName: "depositNative",
  args: [receiver],
  value: assets,
});
/** fTokenNativeUnderlying.withdrawNative(assets, receiver, owner): pays native ETH. */
export const withdrawNativeCall = (fToken: Hex, assets: bigint, receiver: Hex, owner: Hex): ContractCall => ({
  address: fToken,
  abi: fTokenAbi,
  functionName: "withdrawNative",
  args: [assets, receiver, owner],
});
/** fTokenNativeUnderlying.redeemNative(shares, receiver, owner): pays native ETH. */
export const redeemNativeCall = (fToken: Hex, shares: bigint, receiver: Hex, owner: Hex): ContractCall => ({
  address: fToken,
  abi: fTokenAbi,
  functionName: "redeemNative",
  args: [shares, receiver, owner],
});

/**
 * Vault T1 operate(nftId, newCol, newDebt, to): nftId 0 opens a position; a positive newCol deposits
 * collateral (taken from the sender, approved to the vault, or sent as value where it is native), a
 * negative one withdraws it; a positive newDebt borrows to `to`, a negative one pays back (sent as
 * value where the borrow token is native). Amounts below 10,000 units are refused by the vault.
 */
export const operateCall = (vault: Hex, nftId: bigint, newCol: bigint, newDebt: bigint, to: Hex, value?: bigint): ContractCall & { value?: bigint } => ({
  address: vault,
  abi: vaultAbi,
  functionName: "operate",
  args: [nftId, newCol, newDebt, to],
  ...(value !== undefined && { value }),
});

/** Approves the fToken for `assets` of `asset`, then deposits them for the sender. */
export async function deposit(sender: RoleSender, fToken: Hex, asset: Hex, assets: bigint): Promise<void> {
  await submit(sender, approveCall(asset, fToken, assets));
  await submit(sender, depositCall(fToken, assets, sender.address));
}

/** Withdraws `assets` of the sender's deposit to the sender. */
export const withdraw = (sender: RoleSender, fToken: Hex, assets: bigint) => submit(sender, withdrawCall(fToken, assets, sender.address, sender.address));

/** Redeems `shares` of the sender's fToken shares to the sender; maxUint256 is not Fluid's "all": read balanceOf. */
export const redeem = (sender: RoleSender, fToken: Hex, shares: bigint) => submit(sender, redeemCall(fToken, shares, sender.address, sender.address));

/** Deposits `assets` of native ETH into fWETH for the sender. */
export const depositNative = (sender: RoleSender, fToken: Hex, assets: bigint) => submit(sender, depositNativeCall(fToken, assets, sender.address));

/** Withdraws `assets` of native ETH from the sender's fWETH deposit. */
export const withdrawNative = (sender: RoleSender, fToken: Hex, assets: bigint) => submit(sender, withdrawNativeCall(fToken, assets, sender.address, sender.address));

/** Redeems `shares` of the sender's fWETH shares for native ETH. */
export const redeemNative = (sender: RoleSender, fToken: Hex, shares: bigint) => submit(sender, redeemNativeCall(fToken, shares, sender.address, sender.address));

/** The position an operate receipt opened or moved (the vault's LogOperate). */
function positionOf(logs: Parameters<typeof parseEventLogs>[0]["logs"], vault: Hex): bigint {
  const events = parseEventLogs({ abi: vaultAbi, eventName: "LogOperate", logs }).filter((e) => e.address.toLowerCase() === vault.toLowerCase());
  const last = events.at(-1) as { args: { nftId_: bigint } } | undefined;
  if (!last) throw new Error(`the vault ${vault} logged no operate`);
  return last.args.nftId_;
}

/**
 * Opens a position on a vault whose collateral is an ERC-20: approves `collateralAmount` of
 * `collateral`, deposits it and borrows `debtAmount` to the sender. Returns the position's NFT id.
 */
export async function openPosition(sender: RoleSender, vault: Hex, collateral: Hex, collateralAmount: bigint, debtAmount: bigint): Promise<bigint> {
  await submit(sender, approveCall(collateral, vault, collateralAmount));
  const receipt = await submit(sender, operateCall(vault, 0n, collateralAmount, debtAmount, sender.address));
  return positionOf(receipt.logs, vault);
}

/** Borrows `amount` more against position `nftId`, to the sender. */
export const borrow = (sender: RoleSender, vault: Hex, nftId: bigint, amount: bigint) => submit(sender, operateCall(vault, nftId, 0n, amount, sender.address));

/**
 * Pays back `amount` of position `nftId`'s debt: an ERC-20 borrow token is approved to the vault
 * first; native ETH (`borrowToken` FLUID_NATIVE_TOKEN) is sent along.
 */
export async function repay(sender: RoleSender, vault: Hex, nftId: bigint, borrowToken: Hex, amount: bigint): Promise<void> {
  if (borrowToken.toLowerCase() !== FLUID_NATIVE_TOKEN.toLowerCase()) await submit(sender, approveCall(borrowToken, vault, amount));
  await submit(sender, operateCall(vault, nftId, 0n, -amount, sender.address, borrowToken.toLowerCase() === FLUID_NATIVE_TOKEN.toLowerCase() ? amount : undefined));
}

/** Adds `amount` of ERC-20 collateral to position `nftId`. */
export async function supplyCollateral(sender: RoleSender, vault: Hex, nftId: bigint, collateral: Hex, amount: bigint): Promise<void> {
  await submit(sender, approveCall(collateral, vault, amount));
  await submit(sender, operateCall(vault, nftId, amount, 0n, sender.address));
}

/**
 * fToken.rebalance(): the fToken's rebalancer (the Fluid deployer) pays in what its rewards added to
 * totalAssets beyond what it holds at the Liquidity layer, so that every share stays redeemable.
 * Approves the fToken for everything first (rebalance takes exactly the difference).
 */
export async function fundRewards(rebalancer: RoleSender, fToken: Hex, asset: Hex): Promise<void> {
  await submit(rebalancer, approveCall(asset, fToken, maxUint256));
  await submit(rebalancer, { address: fToken, abi: fTokenAbi, functionName: "rebalance", args: [] });
}
