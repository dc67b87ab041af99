/**
 * Deploys the local chain's contracts (devnet/plan) on a fresh Anvil node and funds the demo
 * wallet. Creation order is the plan's address order; configuration comes after every creation
 * so that the deployer's creation nonces, and with them the addresses, never move.
 */
import type { Hex } from "viem";
import { MULTICALL3_ADDRESS } from "@/lib/machinery/chain/abis";
import { devnetDeployer } from "../plan/accounts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses } from "../plan/addresses";
import { deployDevnetSmartWallets } from "../smart-wallet";
import { plannedCreations } from "./creations";
import { devnetSetupCalls } from "./market-setup";
import { devnetClient, nonceSender, type DevnetClient } from "./sender";

/**
 * Multicall3 and Morpho Blue live at their real addresses: the deployed templates' code is copied
 * there (their owner is immutable, so it travels with the code).
 */
async function copyTemplates({ wallet, test }: DevnetClient) {
  for (const [template, address] of [
    [devnetAddresses.multicall3Template, MULTICALL3_ADDRESS],
    [devnetAddresses.morphoBlueTemplate, MORPHO_BLUE_ADDRESS],
  ] as const) {
    const code = await wallet.getCode({ address: template });
    if (!code) throw new Error(`the template at ${template} has no code`);
    await test.setCode({ address, bytecode: code });
  }
}

/** Deploys and funds everything; returns the block number after the last transaction. */
export async function deployDevnet(rpcUrl: string): Promise<bigint> {
  const client = devnetClient(rpcUrl);
  const sent = await client.wallet.getTransactionCount({ address: devnetDeployer.address });
  if (sent !== 0) throw new Error(`the devnet deployer has sent ${sent} transactions already: start from a fresh chain`);
  const tx = nonceSender(client, 0);
  const hashes: Hex[] = [];
  for (const step of plannedCreations()) hashes.push(await tx.deploy(step.artifact, step.args));
  await tx.mined(hashes.at(-1)!);
  await copyTemplates(client);
  const { timestamp: now } = await client.wallet.getBlock();
  for (const call of devnetSetupCalls({ now })) hashes.push(await tx.send(call));
  const last = await tx.mined(hashes.at(-1)!);
  for (const hash of hashes) {
    const receipt = await client.wallet.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`devnet transaction ${hash} reverted`);
  }
  // Smart-contract wallets for sign-in tests, from their own deployer (devnet/smart-wallet.ts).
  await deployDevnetSmartWallets(rpcUrl);
  return last.blockNumber;
}
