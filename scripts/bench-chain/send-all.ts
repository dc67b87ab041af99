// Many transactions from the devnet deployer, fast: signed locally with consecutive nonces and sent
// 100 to an HTTP request without waiting for each to be mined (Anvil automines).
import type { Hex } from "viem";
import { devnetDeployer } from "@/devnet/plan/accounts";
import { batchBody, postJsonRpc, rpc, rpcBatch } from "@/devnet/json-rpc";
import { devnetClient } from "@/devnet/deploy/sender";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { log } from "./settings";

export interface PlannedTx {
  to?: Hex;
  data: Hex;
  gas: bigint;
}

interface RawReceipt {
  status: Hex;
  contractAddress: Hex | null;
  gasUsed: Hex;
}

const GWEI = 10n ** 9n;
const BATCH = 100;
const deployer = devnetDeployer.address;
const minedCount = async (url: string) => Number(await rpc<Hex>(url, "eth_getTransactionCount", [deployer, "latest"]));

/** Signs `txs` with nonces from `first` and sends them, a batch per request; resolves with the raw transactions and hashes. */
async function signAndSend(url: string, txs: PlannedTx[], first: number) {
  const { wallet } = devnetClient(url);
  const raws: Hex[] = [];
  const hashes: Hex[] = [];
  for (let i = 0; i < txs.length; i += BATCH) {
    // Anvil packs a batch into few blocks, and full blocks raise the base fee 12.5% each: price
    // every batch from the current base fee, with room for the blocks the batch itself fills.
    const block = await rpc<{ baseFeePerGas: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
    const maxFeePerGas = 4n * BigInt(block.baseFeePerGas) + GWEI;
    const signed = await Promise.all(
      txs.slice(i, i + BATCH).map((tx, j) =>
        wallet.account.signTransaction({
          chainId: LOCAL_CHAIN_ID,
          type: "eip1559",
          nonce: first + i + j,
          gas: tx.gas,
          maxFeePerGas,
          maxPriorityFeePerGas: GWEI,
          to: tx.to ?? null,
          data: tx.data,
        }),
      ),
    );
    raws.push(...signed);
    hashes.push(...(await rpcBatch<Hex>(url, signed.map((raw) => ["eth_sendRawTransaction", [raw]] as const))));
  }
  return { raws, hashes };
}

/** The reason the last transaction was not mined in time, with what the node holds. */
async function notMinedError(url: string, what: string, first: number, total: number) {
  const pool = await rpc<unknown>(url, "txpool_status").catch(() => "unknown");
  const mined = (await minedCount(url)) - first;
  const block = await rpc<{ baseFeePerGas: Hex; gasLimit: Hex; number: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
  return new Error(
    `${what}: the last transaction was not mined in 2 minutes: txpool ${JSON.stringify(pool)}, ${mined} of ${total} mined, block ${Number(block.number)} base fee ${BigInt(block.baseFeePerGas)} gas limit ${BigInt(block.gasLimit)}`,
  );
}

/** Waits until the last of `raws` (sent from nonce `first`) is mined, nudging Anvil where it stalls. */
async function waitForLast(url: string, what: string, first: number, raws: Hex[], last: Hex) {
  const deadline = Date.now() + 120_000;
  let polls = 0;
  while (!(await rpc<RawReceipt | null>(url, "eth_getTransactionReceipt", [last]))) {
    if (Date.now() > deadline) throw await notMinedError(url, what, first, raws.length);
    // Automine mines when a transaction arrives; one that arrived while a block was being mined can
    // be left in the pool with nothing to trigger the next block (seen with ~2,500 queued): mine one.
    await rpc(url, "evm_mine");
    await new Promise((r) => setTimeout(r, 50));
    // Under load Anvil has also dropped the rest of a long run from an empty pool (seen with 4,704
    // sent, about 2,000 mined): send again what is not mined yet.
    if (++polls % 40 !== 0) continue;
    const pool = await rpc<{ pending: Hex; queued: Hex }>(url, "txpool_status");
    const mined = (await minedCount(url)) - first;
    if (Number(pool.pending) + Number(pool.queued) === 0 && mined < raws.length) {
      log(`${what}: ${raws.length - mined} transactions dropped from the pool; sending them again`);
      for (let i = mined; i < raws.length; i += BATCH)
        await postJsonRpc(url, batchBody(raws.slice(i, i + BATCH).map((raw) => ["eth_sendRawTransaction", [raw]] as const)));
    }
  }
}

/**
 * Signs and sends `txs` from the deployer with consecutive nonces, 100 to an HTTP request, without
 * waiting for each to be mined (Anvil automines); then waits for the last and checks every receipt.
 */
export async function sendAll(url: string, txs: PlannedTx[], what: string): Promise<RawReceipt[]> {
  const { wallet } = devnetClient(url);
  const first = await wallet.getTransactionCount({ address: deployer, blockTag: "pending" });
  const started = performance.now();
  const { raws, hashes } = await signAndSend(url, txs, first);
  await waitForLast(url, what, first, raws, hashes.at(-1)!);
  const receipts: RawReceipt[] = [];
  for (let i = 0; i < hashes.length; i += BATCH)
    receipts.push(...(await rpcBatch<RawReceipt>(url, hashes.slice(i, i + BATCH).map((h) => ["eth_getTransactionReceipt", [h]] as const))));
  receipts.forEach((r, i) => {
    if (!r) throw new Error(`${what}: transaction ${i} (${hashes[i]}) was not mined`);
    if (r.status !== "0x1") throw new Error(`${what}: transaction ${i} (${hashes[i]}) reverted (gas used ${BigInt(r.gasUsed)} of ${txs[i]!.gas})`);
  });
  log(`${what}: ${txs.length} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return receipts;
}
