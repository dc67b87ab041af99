import "server-only";
// The PositionsLens contract (lib/machinery/chain/solidity/PositionsLens.sol) run as a deployless
// eth_call: a wallet's token balances and vault positions, and what of each it could withdraw now, in
// one round trip.
import type { Hex, PublicClient } from "viem";
import { positionsLensArtifact } from "@/lib/machinery/chain/generated/positions-lens";

/** A market whose balanceOf is in underlying units; its cash is `underlying`'s balance of it (null: none to check). */
export interface LensToken {
  token: Hex;
  underlying: Hex | null;
}
/** An ERC-4626 vault; a Vault V2's withdrawable amount is worked out from its adapters. */
export interface LensVault {
  vault: Hex;
  vaultV2: boolean;
}

export interface LensRead {
  ok: boolean;
  value: bigint;
  /** The lesser of `value` and the market's cash; meaningful when `withdrawableKnown`. */
  withdrawableKnown: boolean;
  withdrawable: bigint;
}
export interface LensVaultRead {
  ok: boolean;
  shares: bigint;
  assets: bigint;
  /** What of `assets` the vault would pay out now; meaningful when `withdrawableKnown`. */
  withdrawableKnown: boolean;
  withdrawable: bigint;
}

/**
 * The lens returns its answer from a constructor (viem's deployless call), so each call's answer
 * must fit the 24,576-byte contract-size limit: a vault's answer takes 160 bytes, a token's 128.
 * Larger chains are split into calls sent in the same tick, which the client's JSON-RPC batching
 * sends as one HTTP request.
 */
const MARKETS_PER_LENS_CALL = 140; // 140 vaults answer 22,560 bytes

export interface LensAnswer {
  tokens: LensRead[];
  vaults: LensVaultRead[];
  /** The block every balance was read at. */
  blockNumber: bigint;
}

type ChunkAnswer = readonly [readonly LensRead[], readonly LensVaultRead[], bigint];
const ZERO_ADDRESS: Hex = "0x0000000000000000000000000000000000000000";

/**
 * Every balance at one block. The calls of a large chain leave together (one JSON-RPC batch) at the
 * latest block; should they land on different blocks (one mined meanwhile, or nodes behind a load
 * balancer that disagree), the earlier ones are read again at the latest of them: a rare second
 * round trip, and never an answer that mixes two blocks.
 */
export async function readWithLens(client: PublicClient, user: Hex, tokens: LensToken[], vaults: LensVault[]): Promise<LensAnswer> {
  const chunks = chunksOf(tokens, vaults);
  const read = (chunk: { tokens: LensToken[]; vaults: LensVault[] }, blockNumber?: bigint) =>
    client.readContract({
      abi: positionsLensArtifact.abi,
      code: positionsLensArtifact.bytecode,
      functionName: "read",
      args: [user, chunk.tokens.map((t) => ({ token: t.token, underlying: t.underlying ?? ZERO_ADDRESS })), chunk.vaults],
      ...(blockNumber !== undefined && { blockNumber }),
    }) as Promise<ChunkAnswer>;
  let answers = await Promise.all(chunks.map((chunk) => read(chunk)));
  const blockNumber = answers.reduce((max, a) => (a[2] > max ? a[2] : max), 0n);
  if (answers.some((a) => a[2] !== blockNumber))
    answers = await Promise.all(chunks.map((chunk, i) => (answers[i]![2] === blockNumber ? answers[i]! : read(chunk, blockNumber))));
  return { tokens: answers.flatMap((a) => [...a[0]]), vaults: answers.flatMap((a) => [...a[1]]), blockNumber };
}

/** The markets in calls of at most MARKETS_PER_LENS_CALL each (one call when there are none). */
function chunksOf(tokens: LensToken[], vaults: LensVault[]) {
  const chunks: { tokens: LensToken[]; vaults: LensVault[] }[] = [];
  for (let t = 0, v = 0; t < tokens.length || v < vaults.length || chunks.length === 0; ) {
    const takeTokens = tokens.slice(t, t + MARKETS_PER_LENS_CALL);
    const takeVaults = vaults.slice(v, v + MARKETS_PER_LENS_CALL - takeTokens.length);
    chunks.push({ tokens: takeTokens, vaults: takeVaults });
    t += takeTokens.length;
    v += takeVaults.length;
  }
  return chunks;
}
