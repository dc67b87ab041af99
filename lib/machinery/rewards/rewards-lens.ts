// The RewardsLens contract (solidity/RewardsLens.sol) run as deployless eth_calls: every on-chain
// reward source of a chain in one round trip (several calls in one JSON-RPC batch on a large chain).
import "server-only";
import { BaseError, ExecutionRevertedError, type Hex, type PublicClient } from "viem";
import { shortError } from "@/lib/machinery/chain/multicall";
import { rewardsLensArtifact } from "./generated/rewards-lens";

export interface LensToken {
  ok: boolean;
  decimals: number;
  symbol: Hex;
}
export interface LensAaveReward {
  token: Hex;
  dataOk: boolean;
  emissionPerSecond: bigint;
  distributionEnd: bigint;
  info: LensToken;
  priceOk: boolean;
  price: bigint;
  feedOk: boolean;
  feedAnswer: bigint;
  feedDecimals: number;
}
export interface LensAaveRead {
  failedCall: Hex;
  controller: Hex;
  oracleOk: boolean;
  baseCurrency: Hex;
  baseCurrencyUnit: bigint;
  rewards: readonly LensAaveReward[];
}
export interface LensCometRead {
  failedCall: Hex;
  token: Hex;
  rescaleFactor: bigint;
  shouldUpscale: boolean;
  multiplier: bigint;
  baseTrackingSupplySpeed: bigint;
  trackingIndexScale: bigint;
  baseScale: bigint;
  baseAccrualScale: bigint;
  baseMinForRewards: bigint;
  totalSupplyBase: bigint;
  info: LensToken;
  baseTokenPriceFeed: Hex;
  priceOk: boolean;
  price: bigint;
}
export interface LensFluidRead {
  failedCall: Hex;
  model: Hex;
  rewardsActive: boolean;
  asset: Hex;
  totalAssets: bigint;
  rate: bigint;
  ended: boolean;
  startTime: bigint;
  configOk: boolean;
  configStartTime: bigint;
  configEndTime: bigint;
  info: LensToken;
}

export interface LensInput {
  aave: { aToken: Hex; oracle: Hex }[];
  cometRewards: Hex;
  comets: Hex[];
  fTokens: Hex[];
}
/** Not read: the node refused the lens's call for this source alone (its reads ran out of gas). */
export interface LensRefused {
  refused: string;
}
/** The lens's reads, in the order of the input's sources. */
export interface LensAnswer {
  aave: (LensAaveRead | LensRefused)[];
  comets: (LensCometRead | LensRefused)[];
  fluid: (LensFluidRead | LensRefused)[];
  /** The block every source was read at; null when the node refused every call. */
  blockNumber: bigint | null;
  timestamp: number | null;
}

type RawAnswer = readonly [readonly LensAaveRead[], readonly LensCometRead[], readonly LensFluidRead[], bigint, bigint];

/**
 * The lens answers from a constructor (viem's deployless call), so each call's answer must fit the
 * 24,576-byte contract-size limit. Its ABI encoding takes 256 bytes per aToken plus 384 per reward,
 * 608 per Comet and 448 per fToken; a call is filled up to this budget counting one reward per aToken
 * (most pay none or one), and one that still answers too much is split in two and read again.
 */
const ANSWER_BUDGET_BYTES = 20_000;
const bytesOf = { aave: 256 + 384, comet: 608, fluid: 448 } as const;

/** The sources in calls of at most ANSWER_BUDGET_BYTES each (one call when there are none). */
export function chunksOf(input: LensInput): LensInput[] {
  const chunks: LensInput[] = [];
  let current: LensInput = { aave: [], cometRewards: input.cometRewards, comets: [], fTokens: [] };
  let used = 0;
  const take = (bytes: number, add: (c: LensInput) => void) => {
    if (used + bytes > ANSWER_BUDGET_BYTES && used > 0) {
      chunks.push(current);
      current = { aave: [], cometRewards: input.cometRewards, comets: [], fTokens: [] };
      used = 0;
    }
    add(current);
    used += bytes;
  };
  for (const a of input.aave) take(bytesOf.aave, (c) => c.aave.push(a));
  for (const comet of input.comets) take(bytesOf.comet, (c) => c.comets.push(comet));
  for (const f of input.fTokens) take(bytesOf.fluid, (c) => c.fTokens.push(f));
  chunks.push(current);
  return chunks;
}

const halves = (input: LensInput): LensInput[] => {
  const half = <T>(list: T[], first: boolean) => (first ? list.slice(0, Math.ceil(list.length / 2)) : list.slice(Math.ceil(list.length / 2)));
  return [true, false].map((first) => ({
    aave: half(input.aave, first),
    cometRewards: input.cometRewards,
    comets: half(input.comets, first),
    fTokens: half(input.fTokens, first),
  }));
};
const sizeOf = (input: LensInput) => input.aave.length + input.comets.length + input.fTokens.length;

/**
 * The node ran the lens and refused its answer or its execution (the answer over the contract-size
 * limit, out of gas), as opposed to an RPC that failed (unreachable, timed out, behind): only the
 * former is the lens's to work around.
 */
function lensRefused(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk((e) => e instanceof ExecutionRevertedError || /code ?size|CreateContractSizeLimit|out of gas|OutOfGas/i.test((e as Error).message ?? "")),
  );
}

type ChunkResult = { chunk: LensInput; answer: RawAnswer } | { chunk: LensInput; refused: string };

/** One call, split in two and read again while the node refuses it; a single source it refuses is reported as refused. */
async function readChunk(client: PublicClient, chunk: LensInput, blockNumber?: bigint): Promise<ChunkResult[]> {
  try {
    const answer = (await client.readContract({
      abi: rewardsLensArtifact.abi,
      code: rewardsLensArtifact.bytecode,
      functionName: "read",
      args: [chunk.aave, chunk.cometRewards, chunk.comets, chunk.fTokens],
      ...(blockNumber !== undefined && { blockNumber }),
    })) as unknown as RawAnswer;
    return [{ chunk, answer }];
  } catch (err) {
    if (!lensRefused(err)) throw err;
    if (sizeOf(chunk) <= 1) return [{ chunk, refused: `the node refused the RewardsLens call: ${shortError(err)}` }];
    return (await Promise.all(halves(chunk).map((h) => readChunk(client, h, blockNumber)))).flat();
  }
}

/**
 * Every source's raw values at one block. The calls leave together (one JSON-RPC batch); should
 * they land on different blocks (a client that is not pinned), the earlier ones are read again at the
 * latest of them. An RPC that fails rejects the whole read.
 */
export async function readRewardsLens(client: PublicClient, input: LensInput): Promise<LensAnswer> {
  const chunks = chunksOf(input);
  let results = (await Promise.all(chunks.map((chunk) => readChunk(client, chunk)))).flat();
  const blockOf = (r: ChunkResult) => ("answer" in r ? r.answer[3] : null);
  const blocks = results.map(blockOf).filter((b) => b !== null);
  const latest = blocks.reduce((max, b) => (b > max ? b : max), 0n);
  if (blocks.some((b) => b !== latest))
    results = (
      await Promise.all(results.map((r) => ("answer" in r && r.answer[3] !== latest ? readChunk(client, r.chunk, latest) : [r])))
    ).flat();
  const answer: LensAnswer = { aave: [], comets: [], fluid: [], blockNumber: blocks.length ? latest : null, timestamp: null };
  for (const r of results) {
    if ("refused" in r) {
      const refused = { refused: r.refused };
      answer.aave.push(...r.chunk.aave.map(() => refused));
      answer.comets.push(...r.chunk.comets.map(() => refused));
      answer.fluid.push(...r.chunk.fTokens.map(() => refused));
      continue;
    }
    answer.aave.push(...r.answer[0]);
    answer.comets.push(...r.answer[1]);
    answer.fluid.push(...r.answer[2]);
    answer.timestamp = Number(r.answer[4]);
  }
  return answer;
}
