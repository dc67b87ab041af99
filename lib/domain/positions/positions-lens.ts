// The PositionsLens contract (lib/machinery/chain/solidity/PositionsLens.sol) run as a deployless
// eth_call: a wallet's token balances and vault positions in one round trip.
import type { Hex, PublicClient } from "viem";
import { positionsLensArtifact } from "@/lib/machinery/chain/generated/positions-lens";

export interface LensRead {
  ok: boolean;
  value: bigint;
}
export interface LensVaultRead {
  ok: boolean;
  shares: bigint;
  assets: bigint;
}

/**
 * The lens returns its answer from a constructor (viem's deployless call), so each call's answer
 * must fit the 24,576-byte contract-size limit: about 300 markets. Larger chains are split into
 * calls sent in the same tick, which the client's JSON-RPC batching sends as one HTTP request.
 */
const MARKETS_PER_LENS_CALL = 250; // 250 vaults answer 24,128 bytes

export async function readWithLens(client: PublicClient, user: Hex, tokens: Hex[], vaults: Hex[]): Promise<[LensRead[], LensVaultRead[]]> {
  const chunks: { tokens: Hex[]; vaults: Hex[] }[] = [];
  for (let t = 0, v = 0; t < tokens.length || v < vaults.length || chunks.length === 0; ) {
    const takeTokens = tokens.slice(t, t + MARKETS_PER_LENS_CALL);
    const takeVaults = vaults.slice(v, v + MARKETS_PER_LENS_CALL - takeTokens.length);
    chunks.push({ tokens: takeTokens, vaults: takeVaults });
    t += takeTokens.length;
    v += takeVaults.length;
  }
  const answers = await Promise.all(
    chunks.map(
      (chunk) =>
        client.readContract({
          abi: positionsLensArtifact.abi,
          code: positionsLensArtifact.bytecode,
          functionName: "read",
          args: [user, chunk.tokens, chunk.vaults],
        }) as Promise<readonly [readonly LensRead[], readonly LensVaultRead[]]>,
    ),
  );
  return [answers.flatMap((a) => [...a[0]]), answers.flatMap((a) => [...a[1]])];
}
