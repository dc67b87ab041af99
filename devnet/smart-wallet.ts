/**
 * The local chain's smart-contract wallets (devnet/solidity/DevnetSmartWallet.sol and DevnetSmartWalletFactory.sol), for signing in as
 * Safe and Coinbase Smart Wallet users do: one deployed wallet (ERC-1271) and one counterfactual
 * wallet that is never deployed and signs with ERC-6492. They come from a deployer of their own
 * (Anvil's account 7, which also owns both wallets), after the devnet's main deployment, so that
 * the main deployer's nonces, and the addresses in plan/addresses.ts, never move.
 */
import {
  concat,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  http,
  numberToHex,
  publicActions,
  serializeErc6492Signature,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { devnetSmartWalletArtifact, devnetSmartWalletFactoryArtifact } from "./generated/smart-wallet";

/** Anvil's default account 7: deploys the factory and owns the wallets (a well-known development key). */
export const devnetSmartWalletOwner = {
  address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  privateKey: "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
} as const;

const DEPLOYED_SALT = numberToHex(0, { size: 32 });
const COUNTERFACTUAL_SALT = numberToHex(1, { size: 32 });

export const devnetSmartWallets = {
  /** DevnetSmartWalletFactory: the owner's first creation. */
  factory: "0xef11D1c2aA48826D4c41e54ab82D1Ff5Ad8A64Ca",
  /** Created by the factory at deployment (salt 0): signs with ERC-1271. */
  deployed: "0x42CbB43445cE50C8381B49bcFd0DD4574306c3c7",
  /** The factory's address for salt 1, never deployed: signs with ERC-6492. */
  counterfactual: "0x4888d3cc010D19d276022DDeecA6D9Bf4F8ae98C",
} as const;

/** Where the factory creates the wallet of `owner` and `salt` (CREATE2). */
export function devnetSmartWalletAddress(owner: Hex, salt: Hex, factory: Hex = devnetSmartWallets.factory): Hex {
  const initCode = concat([devnetSmartWalletArtifact.bytecode, encodeAbiParameters([{ type: "address" }], [owner])]);
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecode: initCode });
}

/**
 * An owner's signature as a wallet that is not deployed yet gives it (ERC-6492): wrapped with the
 * factory call that would deploy the wallet, so a verifier can deploy it in a simulation and ask it.
 */
export function counterfactualSignature(ownerSignature: Hex, salt: Hex = COUNTERFACTUAL_SALT, owner: Hex = devnetSmartWalletOwner.address): Hex {
  return serializeErc6492Signature({
    address: devnetSmartWallets.factory,
    data: encodeFunctionData({ abi: devnetSmartWalletFactoryArtifact.abi, functionName: "createWallet", args: [owner, salt] }),
    signature: ownerSignature,
  });
}

/** Deploys the factory and the deployed wallet on a chain where the owner has sent nothing yet. */
export async function deployDevnetSmartWallets(rpcUrl: string): Promise<void> {
  const account = privateKeyToAccount(devnetSmartWalletOwner.privateKey);
  const wallet = createWalletClient({ account, chain: foundry, transport: http(rpcUrl, { retryCount: 0 }) }).extend(publicActions);
  const sent = await wallet.getTransactionCount({ address: account.address });
  if (sent !== 0) throw new Error(`the smart-wallet owner has sent ${sent} transactions already: start from a fresh chain`);
  const created = getContractAddress({ from: account.address, nonce: 0n });
  if (created !== devnetSmartWallets.factory) throw new Error(`the smart-wallet factory would land at ${created}, not at ${devnetSmartWallets.factory}`);

  const hashes = [
    await wallet.deployContract({ abi: devnetSmartWalletFactoryArtifact.abi, bytecode: devnetSmartWalletFactoryArtifact.bytecode, nonce: 0 }),
  ];
  await wallet.waitForTransactionReceipt({ hash: hashes[0]!, pollingInterval: 20 });
  hashes.push(
    await wallet.writeContract({
      address: devnetSmartWallets.factory,
      abi: devnetSmartWalletFactoryArtifact.abi,
      functionName: "createWallet",
      args: [account.address, DEPLOYED_SALT],
      nonce: 1,
    }),
  );
  for (const hash of hashes) {
    const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`smart-wallet transaction ${hash} reverted`);
  }
  if (!(await wallet.getCode({ address: devnetSmartWallets.deployed })))
    throw new Error(`the smart wallet did not land at ${devnetSmartWallets.deployed}`);
}
