// Many transactions from one local account, fast: signed locally with consecutive nonces and the
// devnet's fixed gas allowance, sent 100 (or 1 MB) to an HTTP request, mined by evm_mine in blocks
// that hold whatever the pool has (the set-up runs with automine off: withManualMining), then every
// receipt checked.
import { type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { batchBody, postJsonRpc, rpc, rpcBatch } from "@/devnet/json-rpc";
import { DEVNET_TX_GAS } from "@/devnet/deploy/sender";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { log } from "./settings";

export interface PlannedTx {
  to?: Hex;
  data: Hex;
  /** Native ETH sent with it. */
  value?: bigint;
  /** Its gas; unset, the devnet's allowance DEVNET_TX_GAS (unused gas is refunded). */
  gas?: bigint;
}

/** An account that sends: its key and address. */
export interface BenchAccount {
  address: Hex;
  privateKey: Hex;
}

interface RawReceipt {
  status: Hex;
  contractAddress: Hex | null;
  gasUsed: Hex;
}

const GWEI = 10n ** 9n;
const BATCH = 100;
/** Anvil refuses a request body over 2 MB whole ("Invalid request"): a batch stops at about half that. */
const BATCH_CHARS = 1_000_000;

/** Consecutive ranges [start, end) of `sizes`' indexes: at most BATCH items and about BATCH_CHARS each. */
function batchesOf(sizes: number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = 0; start < sizes.length;) {
    let end = start;
    let chars = 0;
    while (end < sizes.length && end - start < BATCH && (end === start || chars + sizes[end]! <= BATCH_CHARS))
      chars += sizes[end++]!;
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}
/** What every sending account holds: enough ETH for any fee cap signAndSend sets, at the devnet's gas allowance. */
export const BENCH_ACCOUNT_ETH = 10n ** 30n;

const minedCount = async (url: string, account: Hex) =>
  Number(await rpc<Hex>(url, "eth_getTransactionCount", [account, "latest"]));
const hex = (n: bigint) => `0x${n.toString(16)}`;

/**
 * Signs `txs` with nonces from `first` and sends them, a batch per request; resolves with the raw
 * transactions and hashes. Each goes with its own gas or the devnet's allowance, not an estimate: the
 * node's estimates (a search of several executions each) took half of the set-up's time, and an
 * estimate made before a phase's other transactions are mined can fall short of what the transaction
 * spends once they are (interest accrual, Aave's health check over every reserve a borrower uses,
 * initReserves walking the pool's reserve list). A block holds every pending transaction whatever
 * gas they ask for (withManualMining).
 */
async function signAndSend(url: string, account: BenchAccount, txs: PlannedTx[], first: number) {
  const signer = privateKeyToAccount(account.privateKey);
  const raws: Hex[] = [];
  const hashes: Hex[] = [];
  for (const [i, end] of batchesOf(txs.map((tx) => tx.data.length))) {
    // The base fee moves by up to 12.5% a block while the phase's transactions wait: a fee cap far
    // above it keeps every transaction minable (each pays the base fee and 1 gwei, not its cap); every
    // account holds BENCH_ACCOUNT_ETH.
    const block = await rpc<{ baseFeePerGas: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
    const maxFeePerGas = 1_000n * BigInt(block.baseFeePerGas) + 1_000n * GWEI;
    const signed = await Promise.all(
      txs.slice(i, end).map((tx, j) =>
        signer.signTransaction({
          chainId: LOCAL_CHAIN_ID,
          type: "eip1559",
          nonce: first + i + j,
          gas: txs[i + j]!.gas ?? DEVNET_TX_GAS,
          maxFeePerGas,
          maxPriorityFeePerGas: GWEI,
          to: tx.to ?? null,
          data: tx.data,
          ...(tx.value && { value: tx.value }),
        }),
      ),
    );
    raws.push(...signed);
    hashes.push(
      ...(await rpcBatch<Hex>(
        url,
        signed.map((raw) => ["eth_sendRawTransaction", [raw]] as const),
      )),
    );
  }
  return { raws, hashes };
}

/** The reason the last transaction was not mined in time, with what the node holds. */
async function notMinedError(url: string, account: Hex, what: string, first: number, total: number) {
  const pool = await rpc<unknown>(url, "txpool_status").catch(() => "unknown");
  const mined = (await minedCount(url, account)) - first;
  const block = await rpc<{ baseFeePerGas: Hex; gasLimit: Hex; number: Hex }>(url, "eth_getBlockByNumber", [
    "latest",
    false,
  ]);
  return new Error(
    `${what}: the last transaction was not mined in 10 minutes: txpool ${JSON.stringify(pool)}, ${mined} of ${total} mined, block ${Number(block.number)} base fee ${BigInt(block.baseFeePerGas)} gas limit ${BigInt(block.gasLimit)}`,
  );
}

/** The block each node is mining for the set-up's senders, while it is mined. */
const mining = new Map<string, Promise<unknown>>();

/**
 * Mines a block with what the pool holds, or waits for the block being mined. The senders of the four
 * protocols (and Aave's sixteen borrowers) wait side by side, and each evm_mine costs Anvil time in
 * proportion to the chain's state even when the block is empty: senders that asked each for a block
 * of their own made Anvil mine a run of empty ones after each full one. A sender whose transactions
 * arrived after the block in progress began asks again once it is mined.
 */
function mineBlock(url: string): Promise<unknown> {
  let block = mining.get(url);
  if (!block) {
    block = rpc(url, "evm_mine").finally(() => mining.delete(url));
    mining.set(url, block);
  }
  return block;
}

/**
 * Mines until the last of `raws` (sent from nonce `first`) is in a block: the set-up runs with Anvil's
 * automine off (withManualMining), each block (mineBlock) packing what the pool holds into a block of up to the
 * block gas limit. Were transactions dropped from the pool (nothing of ours mined for ten blocks in a
 * row while none of it is pending), what is not mined yet is sent again.
 */
async function waitForLast(url: string, account: Hex, what: string, first: number, raws: Hex[], last: Hex) {
  const deadline = Date.now() + 600_000;
  let lastMined = -1;
  let idle = 0;
  while (!(await rpc<RawReceipt | null>(url, "eth_getTransactionReceipt", [last]))) {
    if (Date.now() > deadline) throw await notMinedError(url, account, what, first, raws.length);
    await mineBlock(url);
    const mined = (await minedCount(url, account)) - first;
    idle = mined === lastMined ? idle + 1 : 0;
    lastMined = mined;
    if (idle < 10) continue;
    idle = 0;
    const pool = await rpc<{ pending: Hex; queued: Hex }>(url, "txpool_status");
    if (Number(pool.pending) > 0) continue;
    log(`${what}: ${raws.length - mined} transactions dropped from the pool; sending them again`);
    const rest = raws.slice(mined);
    for (const [i, end] of batchesOf(rest.map((raw) => raw.length)))
      await postJsonRpc(
        url,
        batchBody(rest.slice(i, end).map((raw) => ["eth_sendRawTransaction", [raw]] as const)),
      );
  }
}

/**
 * The block gas limit while the set-up mines: room for everything the pool holds. Anvil packs a
 * block from the pool in order and skips a transaction that does not fit the block's gas left; the
 * next transaction of the same sender then fails its nonce check and Anvil drops it from the pool,
 * and with it every later one of that sender (seen as hundreds of "dropped" transactions per phase
 * and phases of a minute, each sent again). And every block costs Anvil time in proportion to the
 * chain's whole state (it snapshots the state and computes its root per block), so the set-up wants
 * few, large blocks.
 */
const SET_UP_BLOCK_GAS = 10n ** 12n;

/**
 * Runs `work` with Anvil's automine off and room for every pending transaction in the next block,
 * then restores both. Mining on every arriving transaction, with several senders sending hundreds
 * each at once, Anvil mined blocks without transactions it held, dropped others and at last stopped
 * answering for minutes; mined by evm_mine, each block takes what the pool holds.
 * Transactions sent through the deployment context's senders are mined by their own waits.
 */
export async function withManualMining<T>(url: string, work: () => Promise<T>): Promise<T> {
  const { gasLimit } = await rpc<{ gasLimit: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
  await rpc(url, "evm_setAutomine", [false]);
  await rpc(url, "anvil_setBlockGasLimit", [hex(SET_UP_BLOCK_GAS)]);
  try {
    return await work();
  } finally {
    await rpc(url, "anvil_setBlockGasLimit", [gasLimit]);
    await rpc(url, "evm_setAutomine", [true]);
    await rpc(url, "evm_mine");
  }
}

/**
 * Sends `txs` from `account` with consecutive nonces, 100 (or 1 MB) to an HTTP request, then mines
 * until the last is in a block and checks every receipt. The transactions of one call are mined in
 * their order, mostly in one block. Throws naming the first transaction that reverted, with the reason
 * the node gives when it is called again (see revertReason).
 */
export async function sendAll(
  url: string,
  account: BenchAccount,
  txs: PlannedTx[],
  what: string,
): Promise<RawReceipt[]> {
  if (txs.length === 0) return [];
  const started = performance.now();
  const first = Number(await rpc<Hex>(url, "eth_getTransactionCount", [account.address, "pending"]));
  const { raws, hashes } = await signAndSend(url, account, txs, first);
  const sent = performance.now();
  await waitForLast(url, account.address, what, first, raws, hashes.at(-1)!);
  const minedAt = performance.now();
  const receipts: RawReceipt[] = [];
  for (let i = 0; i < hashes.length; i += BATCH)
    receipts.push(
      ...(await rpcBatch<RawReceipt>(
        url,
        hashes.slice(i, i + BATCH).map((h) => ["eth_getTransactionReceipt", [h]] as const),
      )),
    );
  const failed = receipts.findIndex((r) => r?.status !== "0x1");
  if (failed >= 0) {
    const r = receipts[failed];
    if (!r) throw new Error(`${what}: transaction ${failed} (${hashes[failed]}) was not mined`);
    const reason = await revertReason(url, account.address, txs[failed]!);
    throw new Error(
      `${what}: transaction ${failed} (${hashes[failed]}) reverted (gas used ${BigInt(r.gasUsed)}): ${reason}`,
    );
  }
  const s = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  log(
    `${what}: ${txs.length} transactions in ${s(started, performance.now())} s (signing and sending ${s(started, sent)} s, mining ${s(sent, minedAt)} s)`,
  );
  return receipts;
}

/** What the node says of `tx` called again from `account` on the chain as it is now: a revert's reason, most often. */
async function revertReason(url: string, account: Hex, tx: PlannedTx): Promise<string> {
  const call = {
    from: account,
    ...(tx.to && { to: tx.to }),
    input: tx.data,
    ...(tx.value && { value: hex(tx.value) }),
  };
  return rpc(url, "eth_call", [call, "latest"]).then(
    () => "it succeeds when called again now",
    (err: Error) => err.message.slice(0, 300),
  );
}

/** Gives `account` BENCH_ACCOUNT_ETH (anvil_setBalance): its gas, and the native ETH it deposits. */
export const fundAccount = (url: string, account: Hex) =>
  rpc(url, "anvil_setBalance", [account, hex(BENCH_ACCOUNT_ETH)]);
