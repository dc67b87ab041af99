// Reads a MetaMorpho vault's raw recipe-A inputs from the local chain with plain reads, independent
// of lib/machinery/chain, for the formula in formulas.ts: Morpho's own contracts (MetaMorpho v1.0 and
// v1.1 answer these views alike, Morpho Blue, the AdaptiveCurveIrm's borrowRateView), at a block.
import { zeroAddress, type Abi, type Hex } from "viem";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import { adaptiveCurveIrmArtifact } from "@/devnet/generated/morpho-blue-irm";
import { metaMorphoV1_1Artifact } from "@/devnet/generated/morpho-metamorpho-v1.1";
import type { TestDevnet } from "../support/devnet";
import type { MorphoMarketRaw } from "./formulas";

type MarketState = readonly [bigint, bigint, bigint, bigint, bigint, bigint];

/** The vault's markets in withdraw-queue order (with each one's id), its totalAssets and fee, at `blockNumber` (default: the head). */
export async function readMetaMorphoRaw(devnet: Pick<TestDevnet, "reader">, vault: Hex, blockNumber?: bigint) {
  // Every read at one block, so that a block mined meanwhile cannot mix two states.
  const block = blockNumber ?? (await devnet.reader.getBlockNumber({ cacheTime: 0 }));
  const at = <T>(address: Hex, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
    devnet.reader.readContract({ address, abi, functionName, args, blockNumber: block } as never) as Promise<T>;
  const vaultAbi = metaMorphoV1_1Artifact.abi;
  const morphoAbi = morphoArtifact.abi;
  const morpho = await at<Hex>(vault, vaultAbi, "MORPHO");
  const length = await at<bigint>(vault, vaultAbi, "withdrawQueueLength");
  const markets: (MorphoMarketRaw & { id: Hex })[] = [];
  for (let i = 0n; i < length; i++) {
    const id = await at<Hex>(vault, vaultAbi, "withdrawQueue", [i]);
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] = await at<MarketState>(morpho, morphoAbi, "market", [id]);
    const [loanToken, collateralToken, oracle, irm, lltv] = await at<readonly [Hex, Hex, Hex, Hex, bigint]>(morpho, morphoAbi, "idToMarketParams", [id]);
    const [supplyShares] = await at<readonly [bigint, bigint, bigint]>(morpho, morphoAbi, "position", [id, vault]);
    // An idle market has no interest-rate model: it earns nothing.
    const borrowRate =
      irm === zeroAddress
        ? 0n
        : await at<bigint>(irm, adaptiveCurveIrmArtifact.abi, "borrowRateView", [
            { loanToken, collateralToken, oracle, irm, lltv },
            { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee },
          ]);
    markets.push({ id, borrowRate, totalSupplyAssets, totalSupplyShares, totalBorrowAssets, fee, supplyShares });
  }
  return {
    block,
    markets,
    totalAssets: await at<bigint>(vault, vaultAbi, "totalAssets"),
    fee: await at<bigint>(vault, vaultAbi, "fee"),
  };
}
