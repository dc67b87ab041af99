// Morpho Blue markets for a MetaMorpho vault of the local chain: the owner's calls that create them
// with their totals and give the vault its supply in them (recipe A reads all of it back).
import { encodeAbiParameters, keccak256, zeroAddress, type Hex } from "viem";
import * as artifacts from "../generated/contracts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses } from "../plan/addresses";
import { perSecondWad, type MorphoAllocation } from "../plan/rates";
import type { ContractCall } from "./sender";

/** Morpho's market id: keccak256 of the ABI-encoded MarketParams (MarketParamsLib.id). */
const morphoMarketId = (p: { loanToken: Hex; collateralToken: Hex; oracle: Hex; irm: Hex; lltv: bigint }): Hex =>
  keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "address" }, { type: "address" }, { type: "uint256" }],
      [p.loanToken, p.collateralToken, p.oracle, p.irm, p.lltv],
    ),
  );

// Morpho Blue counts supply shares with 1e6 virtual shares per asset (SharesMathLib).
const VIRTUAL_SHARES = 10n ** 6n;

/**
 * The owner's calls that give a MetaMorpho vault holding `vaultAssets` of `loanToken` its Morpho
 * Blue markets: each market with its totals (the vault supplies a third of it), the vault's supply
 * shares in it, the IRM's per-second borrow rate, and the vault's withdraw queue of their ids.
 */
export function metaMorphoSetup({
  vault,
  loanToken,
  allocations,
  vaultAssets,
  morphoBlue = MORPHO_BLUE_ADDRESS,
  irm = devnetAddresses.morphoIrm,
}: {
  vault: Hex;
  loanToken: Hex;
  allocations: readonly MorphoAllocation[];
  vaultAssets: bigint;
  /** The Morpho Blue (and its owner's IRM) the markets are created in; the devnet's by default. */
  morphoBlue?: Hex;
  irm?: Hex;
}): ContractCall[] {
  const morpho = { address: morphoBlue, abi: artifacts.mockMorphoBlueArtifact.abi } as const;
  const calls: ContractCall[] = [];
  const ids: Hex[] = [];
  for (const allocation of allocations) {
    const idle = allocation.collateral === null;
    const params = {
      loanToken,
      collateralToken: idle ? zeroAddress : devnetAddresses[allocation.collateral!],
      oracle: idle ? zeroAddress : devnetAddresses.aaveOracle,
      irm: idle ? zeroAddress : irm,
      lltv: allocation.lltv,
    } as const;
    const id = morphoMarketId(params);
    const vaultSupply = (vaultAssets * allocation.shareBps) / 10_000n;
    const totalSupplyAssets = vaultSupply * 3n;
    const totalBorrowAssets = (totalSupplyAssets * allocation.utilizationBps) / 10_000n;
    const state = {
      totalSupplyAssets,
      totalSupplyShares: totalSupplyAssets * VIRTUAL_SHARES,
      totalBorrowAssets,
      totalBorrowShares: totalBorrowAssets * VIRTUAL_SHARES,
      lastUpdate: 0n,
      fee: allocation.marketFee,
    };
    ids.push(id);
    calls.push({ ...morpho, functionName: "createMarket", args: [params, state] });
    calls.push({ ...morpho, functionName: "setSupplyShares", args: [id, vault, vaultSupply * VIRTUAL_SHARES] });
    if (!idle)
      calls.push({
        address: irm,
        abi: artifacts.mockIrmArtifact.abi,
        functionName: "setBorrowRate",
        args: [id, perSecondWad(allocation.borrowRateBps)],
      });
  }
  calls.push({ address: vault, abi: artifacts.mockMetaMorphoVaultArtifact.abi, functionName: "setWithdrawQueue", args: [ids] });
  return calls;
}
