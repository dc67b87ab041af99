// What every protocol's deployment on the local chain works with: the chain, its time, the addresses
// deployed so far (the deployment's manifest, by name), and a sender per role, each from an account
// of its own (plan/accounts.ts devnetRoleAccount), so that one protocol's transactions never move
// another's addresses.
import { getAddress, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetRoleAccount } from "../plan/accounts";
import { deployerClient, nonceSender, type ContractCall, type DeployerClient } from "./sender";

/** ETH each role account is given before it sends: gas, and WETH to wrap. */
const ROLE_FUNDING = parseEther("1000000");

export type RoleSender = ReturnType<typeof nonceSender> & {
  client: DeployerClient;
  address: Hex;
  /** Sends `call` and waits until it is mined (throws when it reverted). */
  call(call: ContractCall & { value?: bigint }): Promise<void>;
  /** Deploys and waits: the new contract's address. */
  create(...args: Parameters<ReturnType<typeof nonceSender>["deploy"]>): Promise<Hex>;
};

export interface DeployContext {
  rpcUrl: string;
  /** The chain's time when the deployment started (Unix seconds). */
  now: bigint;
  /** Every address deployed so far, by name: the deployment's manifest. */
  addresses: Record<string, Hex>;
  /** Records `address` under `name`; a name is recorded once. */
  record(name: string, address: Hex): Hex;
  /** The address recorded under `name`; throws when there is none. */
  address(name: string): Hex;
  /** A sender from `role`'s own account, funded on first use; its nonce continues where it stopped. */
  sender(role: string): Promise<RoleSender>;
  /** A sender from a given account (the demo wallet: plan/accounts.ts), funded on first use likewise. */
  senderOf(account: { privateKey: Hex }): Promise<RoleSender>;
  /**
   * Drops every sender, so that the next ones read their accounts' nonces from the chain again: after
   * evm_revert took transactions back.
   */
  forgetSenders(): void;
}

export async function deployContext(rpcUrl: string): Promise<DeployContext> {
  const senders = new Map<string, RoleSender>();
  const addresses: Record<string, Hex> = {};
  const probe = deployerClient(devnetRoleAccount("probe").privateKey, rpcUrl);
  const { timestamp } = await probe.wallet.getBlock();
  const context: DeployContext = {
    rpcUrl,
    now: timestamp,
    addresses,
    record(name, address) {
      if (addresses[name]) throw new Error(`the deployment recorded ${name} twice`);
      addresses[name] = address;
      return address;
    },
    address(name) {
      const address = addresses[name];
      if (!address) throw new Error(`the deployment has no ${name} (yet)`);
      return address;
    },
    sender: (role) => senderFor(devnetRoleAccount(role).privateKey, { fund: true }),
    senderOf: ({ privateKey }) => senderFor(privateKey, { fund: false }),
    forgetSenders: () => senders.clear(),
  };

  /** A role account is given ETH when its sender is made; a given account (the demo wallet) spends its own. */
  async function senderFor(privateKey: Hex, { fund }: { fund: boolean }): Promise<RoleSender> {
    const known = senders.get(privateKey);
    if (known) return known;
    const account = { privateKey, address: privateKeyToAccount(privateKey).address };
    const client = deployerClient(account.privateKey, rpcUrl);
    if (fund) await client.test.setBalance({ address: account.address, value: ROLE_FUNDING });
    const tx = nonceSender(client, await client.wallet.getTransactionCount({ address: account.address }));
    const sender: RoleSender = Object.assign(tx, {
      client,
      address: account.address,
      async call(call: ContractCall & { value?: bigint }) {
        await tx.mined(await tx.send(call));
      },
      async create(...args: Parameters<typeof tx.deploy>) {
        const receipt = await tx.mined(await tx.deploy(...args));
        if (!receipt.contractAddress) throw new Error("a deployment left no contract address");
        return getAddress(receipt.contractAddress);
      },
    });
    senders.set(privateKey, sender);
    return sender;
  }
  return context;
}
