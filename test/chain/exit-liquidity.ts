// A market's exit liquidity from the local chain's raw state, with plain reads independent of
// lib/machinery/chain: what suppliers could withdraw now and what they supplied, per protocol as
// docs/data.md (Exit liquidity) states it.
import type { Hex } from "viem";
import * as artifacts from "@/devnet/generated/contracts";
import { MORPHO_BLUE_ADDRESS, NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { devnetMarkets } from "@/devnet/plan/markets";
import type { TestDevnet } from "../support/devnet";
import { readMetaMorphoRaw } from "./morpho-state";

export interface RawMarket {
  protocol: string;
  version: number;
  adapterAddress: string;
  tokenAddress: string;
  yieldTokenAddress: string;
  yieldTokenSymbol: string;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Morpho Blue's SharesMathLib.toAssetsDown: 1 virtual asset, 1e6 virtual shares. */
const toAssetsDown = (shares: bigint, totalAssets: bigint, totalShares: bigint) => (shares * (totalAssets + 1n)) / (totalShares + 10n ** 6n);

export function exitLiquidityReader(devnet: TestDevnet) {
  const read = <T>(address: string, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    devnet.reader.readContract({ address: address as Hex, abi: abi as never, functionName, args } as never) as Promise<T>;
  const erc20 = artifacts.mockERC20Artifact.abi;
  const vaultAbi = artifacts.mockERC4626VaultArtifact.abi;

  /** A MetaMorpho vault: per market of its withdraw queue, min(its supply, supply − borrow). */
  async function metaMorphoLiquidity(vault: Hex): Promise<bigint> {
    const { markets } = await readMetaMorphoRaw(devnet, vault);
    return markets.reduce(
      (sum, m) => sum + min(toAssetsDown(m.supplyShares, m.totalSupplyAssets, m.totalSupplyShares), m.totalSupplyAssets - m.totalBorrowAssets),
      0n,
    );
  }

  /** A Vault V2: its idle tokens, its MorphoVaultV1Adapter's assets as far as the MetaMorpho vault can pay them, its market adapter's markets. */
  async function vaultV2Liquidity(vault: Hex, asset: Hex): Promise<bigint> {
    if (vault !== devnetAddresses.morphoUsdcVaultV2) throw new Error(`${vault} is not the devnet's Vault V2, whose adapters this reads`);
    const idle = await read<bigint>(asset, erc20, "balanceOf", [vault]);
    const v1 = devnetAddresses.morphoUsdcVault;
    const v1Shares = await read<bigint>(v1, vaultAbi, "balanceOf", [devnetAddresses.morphoVaultV1Adapter]);
    const v1Assets = await read<bigint>(v1, vaultAbi, "convertToAssets", [v1Shares]);
    const adapter = { address: devnetAddresses.morphoMarketAdapter, abi: artifacts.mockMorphoMarketAdapterArtifact.abi } as const;
    const length = await read<bigint>(adapter.address, adapter.abi, "marketIdsLength");
    let fromMarkets = 0n;
    for (let i = 0n; i < length; i++) {
      const id = await read<Hex>(adapter.address, adapter.abi, "marketIds", [i]);
      const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets] = await read<readonly bigint[]>(MORPHO_BLUE_ADDRESS, artifacts.mockMorphoBlueArtifact.abi, "market", [id]);
      const [shares] = await read<readonly bigint[]>(MORPHO_BLUE_ADDRESS, artifacts.mockMorphoBlueArtifact.abi, "position", [id, adapter.address]);
      fromMarkets += min(toAssetsDown(shares!, totalSupplyAssets!, totalSupplyShares!), totalSupplyAssets! - totalBorrowAssets!);
    }
    return idle + min(v1Assets, await metaMorphoLiquidity(v1)) + fromMarkets;
  }

  /** What suppliers of the market could withdraw now (as its contracts show it) and what they supplied, in underlying units. */
  return async function exitLiquidityOf(m: RawMarket): Promise<{ available: bigint; supplied: bigint }> {
    switch (m.protocol) {
      case "aave":
        return {
          available: await read<bigint>(m.tokenAddress, erc20, "balanceOf", [m.yieldTokenAddress]),
          supplied: await read<bigint>(m.yieldTokenAddress, erc20, "totalSupply"),
        };
      case "compound":
        return {
          available: await read<bigint>(m.tokenAddress, erc20, "balanceOf", [m.adapterAddress]),
          supplied: await read<bigint>(m.adapterAddress, artifacts.mockCometArtifact.abi, "totalSupply"),
        };
      case "fluid": {
        // The Liquidity layer's balance of the token the fToken lends (native ETH for fWETH), at most its supply there: all its assets.
        const native = devnetMarkets.find((p) => p.yieldTokenSymbol === m.yieldTokenSymbol)?.rate;
        const lent = native?.kind === "vault" && native.nativeUnderlying ? NATIVE_TOKEN_ADDRESS : m.tokenAddress;
        const supplied = await read<bigint>(m.adapterAddress, vaultAbi, "totalAssets");
        const balance = await read<bigint>(devnetAddresses.fluidLiquidityResolver, artifacts.mockFluidLiquidityResolverArtifact.abi, "liquidityBalance", [lent]);
        return { available: min(balance, supplied), supplied };
      }
      default: {
        const supplied = await read<bigint>(m.adapterAddress, vaultAbi, "totalAssets");
        const available = m.version === 2 ? await vaultV2Liquidity(m.adapterAddress as Hex, m.tokenAddress as Hex) : await metaMorphoLiquidity(m.adapterAddress as Hex);
        return { available, supplied };
      }
    }
  };
}
