// A Vault V2's exit liquidity, worked out on chain by the PositionsLens contract
// (lib/machinery/chain/solidity/PositionsLens.sol, vaultV2Liquidity) run as a deployless eth_call.
import { BaseError, ContractFunctionRevertedError, ExecutionRevertedError, type Hex, type PublicClient } from "viem";
import { positionsLensArtifact } from "@/lib/machinery/chain/generated/positions-lens";

/**
 * Vaults per call: each may walk a MetaMorpho vault's queue per adapter, and a node caps an eth_call's
 * gas (50M on geth); the lens reports a vault it ran short of gas for as incomplete, never fails.
 */
const VAULTS_PER_CALL = 25;

/**
 * What each Vault V2's depositors could withdraw now, in underlying units, by lower-case vault
 * address: its idle assets plus what each adapter could deallocate (a MorphoVaultV1Adapter: the
 * MetaMorpho vault's maxWithdraw for it; a MorphoMarketV1AdapterV2: per market, the lesser of its
 * supply and the market's free liquidity). A vault with an adapter of another kind that holds assets
 * is left out: its liquidity is unknown. Vault V2's own maxWithdraw answers 0 by design, so this is
 * worked out from its adapters instead. The calls leave in one tick (one JSON-RPC batch, beside the
 * sync's first multicall), at the client's block.
 */
export async function readVaultV2Liquidity(client: PublicClient, vaults: Hex[]): Promise<Map<string, bigint>> {
  const chunks: Hex[][] = [];
  for (let i = 0; i < vaults.length; i += VAULTS_PER_CALL) chunks.push(vaults.slice(i, i + VAULTS_PER_CALL));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      (
        client.readContract({
          abi: positionsLensArtifact.abi,
          code: positionsLensArtifact.bytecode,
          functionName: "vaultV2Liquidity",
          args: [chunk],
        }) as Promise<readonly { complete: boolean; assets: bigint }[]>
      ).catch((err: unknown) => {
        // A call the chain executed and reverted leaves these vaults' liquidity unknown; an RPC that
        // failed fails the reading, as every other read of the sync does.
        if (err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ExecutionRevertedError)) return [];
        throw err;
      }),
    ),
  );
  const liquidity = new Map<string, bigint>();
  chunks.forEach((chunk, c) =>
    chunk.forEach((vault, i) => {
      const answer = answers[c]![i];
      if (answer?.complete) liquidity.set(vault.toLowerCase(), answer.assets);
    }),
  );
  return liquidity;
}
