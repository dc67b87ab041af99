// What the further markets' set-up sends with: transactions built from calls and creations, the
// accounts it sends from (the plan's role accounts, and benchmark roles of its own), and a counter of
// what was sent.
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, maxUint256, type Hex } from "viem";
import type { DeployContext } from "@/devnet/deploy/context";
import { linkedBytecode, type Artifact, type ContractCall } from "@/devnet/deploy/sender";
import { wETH9Artifact } from "@/devnet/generated/aave-v3";
import { devnetRoleAccount } from "@/devnet/plan/accounts";
import { fundAccount, sendAll, type BenchAccount, type PlannedTx } from "./send-all";

export const callTx = (
  { address, abi, functionName, args, value }: ContractCall & { value?: bigint },
  gas?: bigint,
): PlannedTx => ({
  to: address,
  data: encodeFunctionData({ abi, functionName, args: args as unknown[] }),
  ...(value !== undefined && { value }),
  ...(gas !== undefined && { gas }),
});

export const createTx = (artifact: Artifact, args: readonly unknown[]): PlannedTx => ({
  data: encodeDeployData({ abi: artifact.abi, bytecode: linkedBytecode(artifact), args: args as unknown[] }),
});

export const approveTx = (token: Hex, spender: Hex) =>
  callTx({ address: token, abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] });

/** WETH9.deposit: the account wraps `amount` of its own ETH. */
export const wrapTx = (weth: Hex, amount: bigint) =>
  callTx({ address: weth, abi: wETH9Artifact.abi, functionName: "deposit", args: [], value: amount });

/** A plan role's account (devnet/plan/accounts.ts), given BENCH_ACCOUNT_ETH. */
export async function benchAccount(ctx: DeployContext, role: string): Promise<BenchAccount> {
  const account = devnetRoleAccount(role);
  await fundAccount(ctx.rpcUrl, account.address);
  return account;
}

/** Sends phases of transactions (send-all.ts) for one protocol, counting them. */
export class Sender {
  sent = 0;
  constructor(
    private readonly ctx: DeployContext,
    private readonly protocol: string,
  ) {}
  /** Sends `txs` from `account` and waits for them; their receipts. */
  async send(account: BenchAccount, txs: PlannedTx[], what: string) {
    this.sent += txs.length;
    return sendAll(this.ctx.rpcUrl, account, txs, `${this.protocol}: ${what}`);
  }
  /** Sends creations and answers the addresses of what they created, in order. */
  async create(account: BenchAccount, txs: PlannedTx[], what: string): Promise<Hex[]> {
    const receipts = await this.send(account, txs, what);
    return receipts.map((r, i) => {
      if (!r.contractAddress) throw new Error(`${this.protocol}: ${what}: creation ${i} left no contract`);
      return getAddress(r.contractAddress);
    });
  }
}

/** `items` in slices of `size`. */
export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
