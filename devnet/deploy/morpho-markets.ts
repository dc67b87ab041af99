// Morpho Blue markets for a MetaMorpho vault or a Vault V2's market adapter of the local chain: the
// owner's calls that create them with their totals and give the supplier its supply in them (recipe A
// and the exit liquidity read all of it back).
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
 * The owner's calls that give a supplier holding `supplierAssets` of `loanToken` its Morpho Blue
 * markets: each market with its totals (the supplier supplies a third of it), the supplier's supply
 * shares in it and the IRM's per-second borrow rate; with the markets' ids, in order.
 */
export function morphoMarketsSetup({
  supplier,
  loanToken,
  allocations,
  supplierAssets,
  morphoBlue = MORPHO_BLUE_ADDRESS,
  irm = devnetAddresses.morphoIrm,
}: {
  supplier: Hex;
  loanToken: Hex;
  allocations: readonly MorphoAllocation[];
  supplierAssets: bigint;
  /** The Morpho Blue (and its owner's IRM) the markets are created in; the devnet's by default. */
  morphoBlue?: Hex;
  irm?: Hex;
}): { calls: ContractCall[]; ids: Hex[] } {
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
    const supply = (supplierAssets * allocation.shareBps) / 10_000n;
    const totalSupplyAssets = supply * 3n;
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
    calls.push({ ...morpho, functionName: "setSupplyShares", args: [id, supplier, supply * VIRTUAL_SHARES] });
    if (!idle)
      calls.push({
        address: irm,
        abi: artifacts.mockIrmArtifact.abi,
        functionName: "setBorrowRate",
        args: [id, perSecondWad(allocation.borrowRateBps)],
      });
  }
  return { calls, ids };
}

/**
 * The owner's calls that give a MetaMorpho vault holding `vaultAssets` of `loanToken` its Morpho
 * Blue markets (morphoMarketsSetup) and its withdraw queue of their ids.
 */
export function metaMorphoSetup({
  vault,
  vaultAssets,
  ...markets
}: Omit<Parameters<typeof morphoMarketsSetup>[0], "supplier" | "supplierAssets"> & { vault: Hex; vaultAssets: bigint }): ContractCall[] {
  const { calls, ids } = morphoMarketsSetup({ ...markets, supplier: vault, supplierAssets: vaultAssets });
  return [...calls, { address: vault, abi: artifacts.mockMetaMorphoVaultArtifact.abi, functionName: "setWithdrawQueue", args: [ids] }];
}
