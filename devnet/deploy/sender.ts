// How the local chain's deployers send: a wallet client per deployer account, and transactions with
// consecutive nonces sent without waiting for each (Anvil mines them as they arrive).
import { createTestClient, createWalletClient, http, publicActions, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { devnetDeployer } from "../plan/accounts";

/** The wallet and test clients of the deployer whose key is `privateKey`. */
export function deployerClient(privateKey: Hex, rpcUrl: string) {
  const account = privateKeyToAccount(privateKey);
  // Anvil mines a block in time that grows with the blocks it holds: on the benchmark's long chain of a
  // busy machine, anvil_mine of 25 blocks outlasted viem's 10 s default.
  const transport = http(rpcUrl, { retryCount: 0, timeout: 120_000 });
  return {
    wallet: createWalletClient({ account, chain: foundry, transport }).extend(publicActions),
    test: createTestClient({ chain: foundry, mode: "anvil", transport }),
  };
}
export type DeployerClient = ReturnType<typeof deployerClient>;

/** The main devnet deployer's clients (plan/accounts.ts). */
export const devnetClient = (rpcUrl: string) => deployerClient(devnetDeployer.privateKey, rpcUrl);
export type DevnetClient = DeployerClient;

/** A call to a contract's function, to be sent as a transaction. */
export interface ContractCall {
  address: Hex;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/**
 * A compiled contract (devnet/generated). `linkReferences` (solc's, by source file and library name)
 * marks where the creation code holds a library's address; such an artifact is deployed linked.
 */
export type Artifact = { abi: Abi; bytecode: Hex; linkReferences?: Record<string, Record<string, readonly { start: number; length: number }[]>> };

/** Libraries' addresses by library name, or by "path/File.sol:Name" where two files name one alike. */
export type Libraries = Record<string, Hex>;

/** The creation code with every library reference filled in; throws when one has no address. */
export function linkedBytecode(artifact: Artifact, libraries: Libraries = {}): Hex {
  if (!artifact.linkReferences) return artifact.bytecode;
  let code = artifact.bytecode.slice(2);
  for (const [file, byName] of Object.entries(artifact.linkReferences))
    for (const [name, spots] of Object.entries(byName)) {
      const address = libraries[`${file}:${name}`] ?? libraries[name];
      if (!address) throw new Error(`the library ${file}:${name} has no address to link`);
      const hex = address.slice(2).toLowerCase();
      for (const { start, length } of spots) code = code.slice(0, start * 2) + hex.padStart(length * 2, "0") + code.slice((start + length) * 2);
    }
  return `0x${code}`;
}

/** Transactions from the client's account with consecutive nonces from `nonce`, without waiting for each. */
/**
 * The gas every devnet transaction is sent with, instead of an estimate. Anvil estimates against the
 * latest block, and interest-bearing protocols (Aave, Comet, Morpho, Fluid) spend more gas once a
 * block's timestamp passes their last update: a transaction estimated in one second and mined in the
 * next could run out of gas. A fixed allowance under the 2^24 per-transaction cap also spares one
 * round trip per transaction; unused gas is refunded.
 */
export const DEVNET_TX_GAS = 16_000_000n;

export function nonceSender({ wallet, test }: DeployerClient, nonce: number) {
  /** The transaction's receipt once it is mined; throws when it reverted or is not mined in 2 minutes. */
  const mined = async (hash: Hex) => {
    const deadline = Date.now() + 120_000;
    for (let polls = 1; ; polls++) {
      const receipt = await wallet.getTransactionReceipt({ hash }).catch(() => null);
      if (receipt) {
        if (receipt.status !== "success") throw new Error(`devnet transaction ${hash} reverted`);
        return receipt;
      }
      if (Date.now() > deadline) throw new Error(`devnet transaction ${hash} was not mined in 2 minutes`);
      // Anvil's automine can leave a transaction that arrived while it was mining in the pool, with
      // nothing to trigger the next block: mine one.
      if (polls % 25 === 0) await test.mine({ blocks: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    mined,
    deploy: (artifact: Artifact, args: readonly unknown[], libraries?: Libraries) =>
      wallet.deployContract({ abi: artifact.abi, bytecode: linkedBytecode(artifact, libraries), args: args as unknown[], nonce: nonce++, gas: DEVNET_TX_GAS }),
    send: ({ address, abi, functionName, args, value }: ContractCall & { value?: bigint }) =>
      wallet.writeContract({ address, abi, functionName, args: args as unknown[], nonce: nonce++, gas: DEVNET_TX_GAS, ...(value !== undefined && { value }) } as never),
    get nonce() {
      return nonce;
    },
  };
}
