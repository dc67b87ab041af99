// Reads a MetaMorpho vault's raw recipe-A inputs from the local chain with plain reads, independent
// of lib/machinery/chain, for the formula in formulas.ts.
import type { Hex } from "viem";
import * as artifacts from "@/devnet/generated/contracts";
import type { TestDevnet } from "../support/devnet";
import type { MorphoMarketRaw } from "./formulas";

export async function readMetaMorphoRaw(devnet: TestDevnet, vault: Hex) {
  const read = <T>(address: Hex, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    devnet.reader.readContract({ address, abi: abi as never, functionName, args } as never) as Promise<T>;
  const vaultAbi = artifacts.mockMetaMorphoVaultArtifact.abi;
  const morphoAbi = artifacts.mockMorphoBlueArtifact.abi;
  const morpho = await read<Hex>(vault, vaultAbi, "MORPHO");
  const length = await read<bigint>(vault, vaultAbi, "withdrawQueueLength");
  const markets: MorphoMarketRaw[] = [];
  for (let i = 0n; i < length; i++) {
    const id = await read<Hex>(vault, vaultAbi, "withdrawQueue", [i]);
    const state = await read<readonly [bigint, bigint, bigint, bigint, bigint, bigint]>(
      morpho,
      morphoAbi,
      "market",
      [id],
    );
    const params = await read<readonly [Hex, Hex, Hex, Hex, bigint]>(morpho, morphoAbi, "idToMarketParams", [
      id,
    ]);
    const [supplyShares] = await read<readonly [bigint, bigint, bigint]>(morpho, morphoAbi, "position", [
      id,
      vault,
    ]);
    const [loanToken, collateralToken, oracle, irm, lltv] = params;
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] =
      state;
    const borrowRate = /^0x0{40}$/.test(irm)
      ? 0n
      : await read<bigint>(irm, artifacts.mockIrmArtifact.abi, "borrowRateView", [
          { loanToken, collateralToken, oracle, irm, lltv },
          { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee },
        ]);
    markets.push({ borrowRate, totalSupplyAssets, totalSupplyShares, totalBorrowAssets, fee, supplyShares });
  }
  return {
    markets,
    totalAssets: await read<bigint>(vault, vaultAbi, "totalAssets"),
    fee: await read<bigint>(vault, vaultAbi, "fee"),
  };
}
