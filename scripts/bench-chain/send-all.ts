// Many transactions from one local account, fast: each phase's gas estimated by the node in batches,
// the transactions signed locally with consecutive nonces and sent 100 (or 1 MB) to an HTTP request,
// mined by evm_mine (the set-up runs with automine off: withManualMining), then every receipt checked.
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
  /** Its gas; unset, the node's estimate on the chain as it is when the phase starts, with room (see withRoom). */
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
/** What every sending account holds: enough ETH for any fee the base fee's rise within a phase asks (see signAndSend). */
export const BENCH_ACCOUNT_ETH = 10n ** 30n;

const minedCount = async (url: string, account: Hex) =>
  Number(await rpc<Hex>(url, "eth_getTransactionCount", [account, "latest"]));
const hex = (n: bigint) => `0x${n.toString(16)}`;

/**
 * An estimate with room: interest-bearing protocols spend more gas once a block's timestamp passes
 * their last update (accrual), and a phase's transactions are estimated before any of them is mined,
 * some of them on the same market as another. Capped at the devnet's per-transaction allowance.
 */
const withRoom = (estimate: bigint) => {
  const gas = (estimate * 3n) / 2n + 100_000n;
  return gas > DEVNET_TX_GAS ? DEVNET_TX_GAS : gas;
};

/** The node's gas estimate of each of `txs` from `from`, in batches; throws naming the first that would revert. */
async function estimateAll(url: string, from: Hex, txs: PlannedTx[], what: string): Promise<bigint[]> {
  const gas: bigint[] = [];
  for (const [i, end] of batchesOf(txs.map((tx) => tx.data.length))) {
    const slice = txs.slice(i, end);
    const unknown = slice.map((tx, j) => [tx, i + j] as const).filter(([tx]) => tx.gas === undefined);
    const calls = unknown.map(
      ([tx]) =>
        [
          "eth_estimateGas",
          [{ from, ...(tx.to && { to: tx.to }), input: tx.data, ...(tx.value && { value: hex(tx.value) }) }],
        ] as const,
    );
    const answers =
      calls.length > 0
        ? ((await (await postJsonRpc(url, batchBody(calls))).json()) as {
            id: number;
            result?: Hex;
            error?: { message: string };
          }[])
        : [];
    if (!Array.isArray(answers))
      throw new Error(
        `${what}: the node refused a batch of estimates: ${JSON.stringify(answers).slice(0, 300)}`,
      );
    const byId = new Map(answers.map((a) => [a.id, a]));
    const estimated = new Map<number, bigint>();
    unknown.forEach(([, index], id) => {
      const answer = byId.get(id);
      if (!answer?.result)
        throw new Error(`${what}: transaction ${index} would fail: ${answer?.error?.message ?? "no answer"}`);
      estimated.set(index, withRoom(BigInt(answer.result)));
    });
    slice.forEach((tx, j) => gas.push(tx.gas ?? estimated.get(i + j)!));
  }
  return gas;
}

/** Signs `txs` with nonces from `first` and sends them, a batch per request; resolves with the raw transactions and hashes. */
async function signAndSend(
  url: string,
  account: BenchAccount,
  txs: PlannedTx[],
  gas: bigint[],
  first: number,
) {
  const signer = privateKeyToAccount(account.privateKey);
  const raws: Hex[] = [];
  const hashes: Hex[] = [];
  for (const [i, end] of batchesOf(txs.map((tx) => tx.data.length))) {
    // Full blocks raise the base fee 12.5% each, and the set-up fills hundreds: a fee cap far above the
    // base fee keeps every transaction minable (each pays the base fee and 1 gwei, not its cap); every
    // account holds BENCH_ACCOUNT_ETH.
    const block = await rpc<{ baseFeePerGas: Hex }>(url, "eth_getBlockByNumber", ["latest", false]);
    const maxFeePerGas = 1_000n * BigInt(block.baseFeePerGas) + 1_000n * GWEI;
    const signed = await Promise.all(
      txs.slice(i, end).map((tx, j) =>
        signer.signTransaction({
          chainId: LOCAL_CHAIN_ID,
          type: "eip1559",
          nonce: first + i + j,
          gas: gas[i + j]!,
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

/**
 * Mines until the last of `raws` (sent from nonce `first`) is in a block: the set-up runs with Anvil's
 * automine off (withManualMining), each evm_mine packing what the pool holds into a block of up to the
 * block gas limit. Were transactions dropped from the pool (nothing of ours mined for ten blocks in a
 * row while none of it is pending), what is not mined yet is sent again.
 */
async function waitForLast(url: string, account: Hex, what: string, first: number, raws: Hex[], last: Hex) {
  const deadline = Date.now() + 600_000;
  let lastMined = -1;
  let idle = 0;
  while (!(await rpc<RawReceipt | null>(url, "eth_getTransactionReceipt", [last]))) {
    if (Date.now() > deadline) throw await notMinedError(url, account, what, first, raws.length);
    await rpc(url, "evm_mine");
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
 * Runs `work` with Anvil's automine off, then on again. Mining on every arriving transaction, with
 * several senders sending hundreds each at once, Anvil mined blocks without transactions it held,
 * dropped others and at last stopped answering for minutes; mined by evm_mine, each block takes what
 * fits. Transactions sent through the deployment context's senders are mined by their own waits.
 */
export async function withManualMining<T>(url: string, work: () => Promise<T>): Promise<T> {
  await rpc(url, "evm_setAutomine", [false]);
  try {
    return await work();
  } finally {
    await rpc(url, "evm_setAutomine", [true]);
    await rpc(url, "evm_mine");
  }
}

/**
 * Sends `txs` from `account` with consecutive nonces, 100 (or 1 MB) to an HTTP request, then mines
 * until the last is in a block and checks every receipt. The transactions of
 * one call must not depend on each other: their gas is estimated on the chain as it is before any of
 * them is mined. Throws naming the first transaction that would fail or that reverted.
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
  const gas = await estimateAll(url, account.address, txs, what);
  const { raws, hashes } = await signAndSend(url, account, txs, gas, first);
  await waitForLast(url, account.address, what, first, raws, hashes.at(-1)!);
  const receipts: RawReceipt[] = [];
  for (let i = 0; i < hashes.length; i += BATCH)
    receipts.push(
      ...(await rpcBatch<RawReceipt>(
        url,
        hashes.slice(i, i + BATCH).map((h) => ["eth_getTransactionReceipt", [h]] as const),
      )),
    );
  receipts.forEach((r, i) => {
    if (!r) throw new Error(`${what}: transaction ${i} (${hashes[i]}) was not mined`);
    if (r.status !== "0x1")
      throw new Error(
        `${what}: transaction ${i} (${hashes[i]}) reverted (gas used ${BigInt(r.gasUsed)} of ${gas[i]})`,
      );
  });
  log(`${what}: ${txs.length} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return receipts;
}

/** Gives `account` BENCH_ACCOUNT_ETH (anvil_setBalance): its gas, and the native ETH it deposits. */
export const fundAccount = (url: string, account: Hex) =>
  rpc(url, "anvil_setBalance", [account, hex(BENCH_ACCOUNT_ETH)]);
