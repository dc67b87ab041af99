// Aave v3's entry points as any local account calls them: each sends one transaction from `tx`, waits
// until it is mined and answers its receipt (its block is where the action's effects are read). The
// Pool pulls the underlying with transferFrom, so supplying and repaying need an approval first.
import { maxUint256, type Hex, type TransactionReceipt } from "viem";
import { poolInstanceArtifact, testnetERC20Artifact } from "../../generated/aave-v3";
import type { RoleSender } from "../../deploy/context";
import type { ContractCall } from "../../deploy/sender";

/** Variable rate: the only borrow mode since v3.2. */
const VARIABLE = 2n;

/**
 * Waits for `hash` (`call`, sent from `tx`); when it reverted but the same call succeeds now, sends it
 * once more. The node estimates a transaction's gas exactly, on its latest block, and Aave's code
 * costs more in a block whose timestamp is later than a reserve's last update (indexes and reward
 * indexes accrue): a transaction estimated in the second of the previous one and mined in the next
 * runs out of gas. The second estimate is made on the block where it failed, so it covers the accrual.
 */
export async function minedOrResent(tx: RoleSender, call: ContractCall, hash: Hex): Promise<TransactionReceipt> {
  try {
    return await tx.mined(hash);
  } catch (reverted) {
    const succeedsNow = await tx.client.wallet
      .simulateContract({ ...call, account: tx.address } as never)
      .then(() => true)
      .catch(() => false);
    if (!succeedsNow) throw reverted;
    return tx.mined(await tx.send(call));
  }
}

/** Sends `call` from `tx` and waits for it (minedOrResent). */
export const send = async (tx: RoleSender, call: ContractCall) => minedOrResent(tx, call, await tx.send(call));

const pool = (address: Hex, functionName: string, args: readonly unknown[]): ContractCall => ({ address, abi: poolInstanceArtifact.abi, functionName, args });

/** ERC-20 approve (unlimited by default). */
export const approve = (tx: RoleSender, token: Hex, spender: Hex, amount: bigint = maxUint256) =>
  send(tx, { address: token, abi: testnetERC20Artifact.abi, functionName: "approve", args: [spender, amount] });

/** Pool.supply: `amount` of `asset` in, aTokens to `onBehalfOf`. */
export const supply = (tx: RoleSender, poolAddress: Hex, asset: Hex, amount: bigint, onBehalfOf: Hex = tx.address) =>
  send(tx, pool(poolAddress, "supply", [asset, amount, onBehalfOf, 0]));

/** Pool.withdraw: burns aTokens for `amount` of `asset` (maxUint256: the whole balance) to `to`. */
export const withdraw = (tx: RoleSender, poolAddress: Hex, asset: Hex, amount: bigint, to: Hex = tx.address) =>
  send(tx, pool(poolAddress, "withdraw", [asset, amount, to]));

/** Pool.borrow at the variable rate, against the sender's collateral. */
export const borrow = (tx: RoleSender, poolAddress: Hex, asset: Hex, amount: bigint, onBehalfOf: Hex = tx.address) =>
  send(tx, pool(poolAddress, "borrow", [asset, amount, VARIABLE, 0, onBehalfOf]));

/** Pool.repay of variable debt (maxUint256: the whole debt of the sender). */
export const repay = (tx: RoleSender, poolAddress: Hex, asset: Hex, amount: bigint, onBehalfOf: Hex = tx.address) =>
  send(tx, pool(poolAddress, "repay", [asset, amount, VARIABLE, onBehalfOf]));
