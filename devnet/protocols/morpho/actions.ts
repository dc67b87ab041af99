// Morpho's entry points, as any local account calls them: ERC-4626 on MetaMorpho vaults and Vault V2s,
// Morpho Blue's supply / withdraw / supplyCollateral / borrow / repay, and the allocators' moves. Each
// function takes the RoleSender that acts (ctx.sender(role), ctx.senderOf(account)), sends one
// transaction and resolves with its receipt once it is mined (throwing when it reverted). The *Call
// builders give the same transactions, for the deployment to send in batches.
import { encodeAbiParameters, erc20Abi, erc4626Abi, keccak256, maxUint256, zeroAddress, type Hex, type TransactionReceipt } from "viem";
import type { RoleSender } from "../../deploy/context";
import type { ContractCall } from "../../deploy/sender";
import { morphoArtifact } from "../../generated/morpho-blue";
import { metaMorphoV1_1Artifact } from "../../generated/morpho-metamorpho-v1.1";
import { vaultV2Artifact } from "../../generated/vault-v2";
import { MORPHO_BLUE_ADDRESS } from "../../plan/addresses";

/** Morpho Blue's MarketParams (src/interfaces/IMorpho.sol). */
export interface MarketParams {
  loanToken: Hex;
  collateralToken: Hex;
  oracle: Hex;
  irm: Hex;
  lltv: bigint;
}

const marketParamsType = {
  type: "tuple",
  components: [
    { name: "loanToken", type: "address" },
    { name: "collateralToken", type: "address" },
    { name: "oracle", type: "address" },
    { name: "irm", type: "address" },
    { name: "lltv", type: "uint256" },
  ],
} as const;

/** A market's id: keccak256 of its ABI-encoded MarketParams (MarketParamsLib.id). */
export const marketIdOf = (p: MarketParams): Hex => keccak256(encodeAbiParameters([marketParamsType], [p]));

/** The `data` a Vault V2 passes its market adapter (MorphoMarketV1AdapterV2.allocate): the MarketParams. */
export const marketAdapterData = (p: MarketParams): Hex => encodeAbiParameters([marketParamsType], [p]);

/** An idle market of `loanToken`: no collateral, oracle or IRM, LLTV 0. */
export const idleMarketParams = (loanToken: Hex): MarketParams => ({ loanToken, collateralToken: zeroAddress, oracle: zeroAddress, irm: zeroAddress, lltv: 0n });

/**
 * Sends `call` from `tx` and waits until it is mined; its receipt. The node estimates a transaction's
 * gas exactly, on the chain as it is when it is sent, and Morpho Blue accrues a market's interest (an
 * IRM call and several writes) only in a later second than the market's last update: a transaction
 * estimated in the second of that update and mined in the next one runs out of gas. Such a
 * transaction (reverted having used 95 % or more of its gas) is sent again, at most twice: the new
 * estimate is made after the accrual's second began. Any other revert throws.
 */
export async function submit(tx: RoleSender, call: ContractCall, attempts = 3): Promise<TransactionReceipt> {
  return minedOrResent({ tx, call, hash: await tx.send(call) }, attempts);
}

/** A transaction sent and not yet waited for, with what it was, to send again. */
export interface Sent {
  tx: RoleSender;
  call: ContractCall;
  hash: Hex;
}

/** Waits for a sent transaction (submit's rule: one that ran out of gas is sent again). */
export async function minedOrResent({ tx, call, hash }: Sent, attempts = 3): Promise<TransactionReceipt> {
  try {
    return await tx.mined(hash);
  } catch (err) {
    if (attempts > 1 && (await ranOutOfGas(tx, hash))) return submit(tx, call, attempts - 1);
    throw err;
  }
}

async function ranOutOfGas(tx: RoleSender, hash: Hex): Promise<boolean> {
  const [receipt, sent] = await Promise.all([tx.client.wallet.getTransactionReceipt({ hash }).catch(() => null), tx.client.wallet.getTransaction({ hash })]);
  return receipt?.status === "reverted" && receipt.gasUsed * 100n >= sent.gas * 95n;
}

const morpho = (address: Hex) => ({ address, abi: morphoArtifact.abi }) as const;

// The calls.

export const approveCall = (token: Hex, spender: Hex, amount: bigint = maxUint256): ContractCall => ({ address: token, abi: erc20Abi, functionName: "approve", args: [spender, amount] });

/** ERC-4626, as MetaMorpho v1.1 and Vault V2 both take it. */
export const depositCall = (vault: Hex, assets: bigint, receiver: Hex): ContractCall => ({ address: vault, abi: erc4626Abi, functionName: "deposit", args: [assets, receiver] });
export const mintCall = (vault: Hex, shares: bigint, receiver: Hex): ContractCall => ({ address: vault, abi: erc4626Abi, functionName: "mint", args: [shares, receiver] });
export const withdrawCall = (vault: Hex, assets: bigint, receiver: Hex, owner: Hex): ContractCall => ({ address: vault, abi: erc4626Abi, functionName: "withdraw", args: [assets, receiver, owner] });
export const redeemCall = (vault: Hex, shares: bigint, receiver: Hex, owner: Hex): ContractCall => ({ address: vault, abi: erc4626Abi, functionName: "redeem", args: [shares, receiver, owner] });

/** Morpho Blue. Amounts in assets, or with `{ shares }` in shares. */
type Amount = { assets: bigint } | { shares: bigint };
const assetsAndShares = (amount: Amount) => ["assets" in amount ? amount.assets : 0n, "shares" in amount ? amount.shares : 0n] as const;

export const supplyCall = (params: MarketParams, assets: bigint, onBehalf: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "supply",
  args: [params, assets, 0n, onBehalf, "0x"],
});
export const withdrawSupplyCall = (params: MarketParams, amount: Amount, onBehalf: Hex, receiver: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "withdraw",
  args: [params, ...assetsAndShares(amount), onBehalf, receiver],
});
export const supplyCollateralCall = (params: MarketParams, assets: bigint, onBehalf: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "supplyCollateral",
  args: [params, assets, onBehalf, "0x"],
});
export const withdrawCollateralCall = (params: MarketParams, assets: bigint, onBehalf: Hex, receiver: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "withdrawCollateral",
  args: [params, assets, onBehalf, receiver],
});
export const borrowCall = (params: MarketParams, assets: bigint, onBehalf: Hex, receiver: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "borrow",
  args: [params, assets, 0n, onBehalf, receiver],
});
export const repayCall = (params: MarketParams, amount: Amount, onBehalf: Hex, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({
  ...morpho(at),
  functionName: "repay",
  args: [params, ...assetsAndShares(amount), onBehalf, "0x"],
});
export const accrueInterestCall = (params: MarketParams, at: Hex = MORPHO_BLUE_ADDRESS): ContractCall => ({ ...morpho(at), functionName: "accrueInterest", args: [params] });

/** A MetaMorpho allocator's move between the vault's markets: each market to `assets` (maxUint256: all that is left). */
export const reallocateCall = (vault: Hex, allocations: readonly { marketParams: MarketParams; assets: bigint }[]): ContractCall => ({
  address: vault,
  abi: metaMorphoV1_1Artifact.abi,
  functionName: "reallocate",
  args: [allocations],
});
/** A Vault V2 allocator's move of idle assets to an adapter (`data`: "0x" for a MorphoVaultV1Adapter, marketAdapterData for a market adapter). */
export const allocateCall = (vault: Hex, adapter: Hex, data: Hex, assets: bigint): ContractCall => ({ address: vault, abi: vaultV2Artifact.abi, functionName: "allocate", args: [adapter, data, assets] });
export const deallocateCall = (vault: Hex, adapter: Hex, data: Hex, assets: bigint): ContractCall => ({ address: vault, abi: vaultV2Artifact.abi, functionName: "deallocate", args: [adapter, data, assets] });

// The same, sent from `tx` and waited for.

export const approve = (tx: RoleSender, token: Hex, spender: Hex, amount: bigint = maxUint256) => submit(tx, approveCall(token, spender, amount));
export const deposit = (tx: RoleSender, vault: Hex, assets: bigint, receiver: Hex = tx.address) => submit(tx, depositCall(vault, assets, receiver));
export const mint = (tx: RoleSender, vault: Hex, shares: bigint, receiver: Hex = tx.address) => submit(tx, mintCall(vault, shares, receiver));
export const withdraw = (tx: RoleSender, vault: Hex, assets: bigint, receiver: Hex = tx.address, owner: Hex = tx.address) => submit(tx, withdrawCall(vault, assets, receiver, owner));
export const redeem = (tx: RoleSender, vault: Hex, shares: bigint, receiver: Hex = tx.address, owner: Hex = tx.address) => submit(tx, redeemCall(vault, shares, receiver, owner));
export const supply = (tx: RoleSender, params: MarketParams, assets: bigint, onBehalf: Hex = tx.address) => submit(tx, supplyCall(params, assets, onBehalf));
export const withdrawSupply = (tx: RoleSender, params: MarketParams, amount: Amount, receiver: Hex = tx.address) => submit(tx, withdrawSupplyCall(params, amount, tx.address, receiver));
export const supplyCollateral = (tx: RoleSender, params: MarketParams, assets: bigint, onBehalf: Hex = tx.address) => submit(tx, supplyCollateralCall(params, assets, onBehalf));
export const withdrawCollateral = (tx: RoleSender, params: MarketParams, assets: bigint, receiver: Hex = tx.address) => submit(tx, withdrawCollateralCall(params, assets, tx.address, receiver));
export const borrow = (tx: RoleSender, params: MarketParams, assets: bigint, receiver: Hex = tx.address) => submit(tx, borrowCall(params, assets, tx.address, receiver));
export const repay = (tx: RoleSender, params: MarketParams, amount: Amount, onBehalf: Hex = tx.address) => submit(tx, repayCall(params, amount, onBehalf));
export const accrueInterest = (tx: RoleSender, params: MarketParams) => submit(tx, accrueInterestCall(params));
export const reallocate = (tx: RoleSender, vault: Hex, allocations: readonly { marketParams: MarketParams; assets: bigint }[]) => submit(tx, reallocateCall(vault, allocations));
export const allocate = (tx: RoleSender, vault: Hex, adapter: Hex, data: Hex, assets: bigint) => submit(tx, allocateCall(vault, adapter, data, assets));
export const deallocate = (tx: RoleSender, vault: Hex, adapter: Hex, data: Hex, assets: bigint) => submit(tx, deallocateCall(vault, adapter, data, assets));
