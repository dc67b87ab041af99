import "server-only";
// A sync reads a chain at one block: the head it finds first, for every call that follows, so that
// a block mined meanwhile never mixes two states and anyone can recompute a value with eth_call at
// that block. The head comes with the node's chain id, checked, in the same round trip.
import { hexToNumber, type Hex, type PublicClient } from "viem";
import { call, getBlock, multicall, readContract } from "viem/actions";

export interface ChainHead {
  number: bigint;
  /** Unix seconds. */
  timestamp: number;
  hash: Hex;
}

/** The node answers for another chain: nothing it says may be published for this one. */
export class WrongChainError extends Error {
  constructor(readonly expected: number, readonly answered: number) {
    super(`the RPC answers for chain ${answered}, not chain ${expected}`);
    this.name = "WrongChainError";
  }
}

/** The node's head is older than the block the chain's values were already published at (a lagging node). */
export class StaleHeadError extends Error {
  constructor(readonly head: bigint, readonly published: number) {
    super(`the RPC's head ${head} is older than block ${published}, whose values are already published`);
    this.name = "StaleHeadError";
  }
}

/**
 * The chain's head block, asked together with the node's chain id (one JSON-RPC batch): a node of
 * another chain is refused, and so is a head older than `publishedBlock`.
 */
export async function readChainHead(client: PublicClient, chainId: number, publishedBlock: number | null): Promise<ChainHead> {
  const [answeredChainId, block] = await Promise.all([client.request({ method: "eth_chainId" }), client.getBlock({ blockTag: "latest" })]);
  const answered = typeof answeredChainId === "string" ? hexToNumber(answeredChainId as Hex) : Number(answeredChainId);
  if (answered !== chainId) throw new WrongChainError(chainId, answered);
  if (block.number === null || block.hash === null) throw new Error("the RPC's latest block has no number or hash");
  if (publishedBlock !== null && block.number < BigInt(publishedBlock)) throw new StaleHeadError(block.number, publishedBlock);
  return { number: block.number, timestamp: Number(block.timestamp), hash: block.hash };
}

/**
 * The client with every read pinned to `blockNumber` (a call that names its own block keeps it: the
 * share-price backfill reads the past), and `getBlockNumber` and the latest `getBlock` answering that block.
 */
export function pinnedToBlock(client: PublicClient, blockNumber: bigint): PublicClient {
  // Block number and block tag exclude each other in viem's types; a block number wins on the wire.
  const pin = <A extends { blockNumber?: bigint }>(args: A) => ({ ...args, blockNumber: args.blockNumber ?? blockNumber }) as never;
  return client.extend((base: PublicClient) => ({
    call: (args: { blockNumber?: bigint }) => call(base, pin(args)),
    readContract: (args: { blockNumber?: bigint }) => readContract(base, pin(args)),
    multicall: (args: { blockNumber?: bigint }) => multicall(base, pin(args)),
    getBlockNumber: async () => blockNumber,
    // "latest" is the pinned block; a block asked by number or hash is that block.
    getBlock: ((args: { blockNumber?: bigint; blockHash?: Hex } = {}) =>
      getBlock(base, (args.blockNumber !== undefined || args.blockHash !== undefined ? args : { ...args, blockNumber, blockTag: undefined }) as never)) as never,
  })) as unknown as PublicClient;
}
