// A market's exit liquidity from the local chain's raw state, with plain reads of the protocols' own
// contracts, independent of lib/machinery/chain: what suppliers could withdraw now and what they
// supplied, per protocol as docs/data.md (Exit liquidity) states it.
import { erc20Abi, erc4626Abi, isAddressEqual, type Abi, type Hex } from "viem";
import { fluidLiquidityResolverArtifact } from "@/devnet/generated/fluid-liquidity";
import { morphoArtifact } from "@/devnet/generated/morpho-blue";
import { metaMorphoV1_1Artifact } from "@/devnet/generated/morpho-metamorpho-v1.1";
import { morphoMarketV1AdapterV2Artifact, morphoVaultV1AdapterArtifact, vaultV2Artifact } from "@/devnet/generated/vault-v2";
import { NATIVE_TOKEN_ADDRESS, devnetAddresses } from "@/devnet/plan/addresses";
import { fluidContracts, fluidMarkets } from "@/devnet/plan/fluid";
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

type MarketState = readonly [bigint, bigint, bigint, bigint, bigint, bigint];

export function exitLiquidityReader(devnet: Pick<TestDevnet, "reader">) {
  /** What suppliers of the market could withdraw now (as its contracts show it) and what they supplied, in underlying units, at `blockNumber` (default: the head). */
  return async function exitLiquidityOf(m: RawMarket, blockNumber?: bigint): Promise<{ available: bigint; supplied: bigint }> {
    const block = blockNumber ?? (await devnet.reader.getBlockNumber({ cacheTime: 0 }));
    const read = <T>(address: string, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
      devnet.reader.readContract({ address: address as Hex, abi, functionName, args, blockNumber: block } as never) as Promise<T>;

    /** A MetaMorpho vault: per market of its withdraw queue, min(its supply there, supply − borrow). */
    async function metaMorphoLiquidity(vault: Hex): Promise<bigint> {
      const { markets } = await readMetaMorphoRaw(devnet, vault, block);
      return markets.reduce((sum, x) => sum + min(toAssetsDown(x.supplyShares, x.totalSupplyAssets, x.totalSupplyShares), x.totalSupplyAssets - x.totalBorrowAssets), 0n);
    }

    /**
     * A Vault V2: its idle assets, plus per adapter what it could deallocate: a MorphoVaultV1Adapter, the
     * MetaMorpho vault's own maxWithdraw(adapter); a market adapter, per market it lists, the lesser of its
     * supply there and the market's free liquidity.
     */
    async function vaultV2Liquidity(vault: Hex, asset: Hex): Promise<bigint> {
      let available = await read<bigint>(asset, erc20Abi, "balanceOf", [vault]);
      const adapters = await read<bigint>(vault, vaultV2Artifact.abi, "adaptersLength");
      for (let i = 0n; i < adapters; i++) {
        const adapter = await read<Hex>(vault, vaultV2Artifact.abi, "adapters", [i]);
        const metaMorpho = await read<Hex>(adapter, morphoVaultV1AdapterArtifact.abi, "morphoVaultV1").catch(() => null);
        if (metaMorpho) {
          available += await read<bigint>(metaMorpho, metaMorphoV1_1Artifact.abi, "maxWithdraw", [adapter]);
          continue;
        }
        const marketAdapter = morphoMarketV1AdapterV2Artifact.abi;
        const morpho = await read<Hex>(adapter, marketAdapter, "morpho");
        const length = await read<bigint>(adapter, marketAdapter, "marketIdsLength");
        for (let j = 0n; j < length; j++) {
          const id = await read<Hex>(adapter, marketAdapter, "marketIds", [j]);
          const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets] = await read<MarketState>(morpho, morphoArtifact.abi, "market", [id]);
          const [shares] = await read<readonly [bigint, bigint, bigint]>(morpho, morphoArtifact.abi, "position", [id, adapter]);
          available += min(toAssetsDown(shares, totalSupplyAssets, totalSupplyShares), totalSupplyAssets - totalBorrowAssets);
        }
      }
      return available;
    }

    switch (m.protocol) {
      case "aave":
        // Withdrawals are paid out of the underlying the aToken holds.
        return {
          available: await read<bigint>(m.tokenAddress, erc20Abi, "balanceOf", [m.yieldTokenAddress]),
          supplied: await read<bigint>(m.yieldTokenAddress, erc20Abi, "totalSupply"),
        };
      case "compound":
        return {
          available: await read<bigint>(m.tokenAddress, erc20Abi, "balanceOf", [m.adapterAddress]),
          supplied: await read<bigint>(m.adapterAddress, erc20Abi, "totalSupply"),
        };
      case "fluid": {
        // The fToken's supply at the Liquidity layer above its withdrawal limit, at most what the layer holds
        // of the token it lends (native ETH for fWETH): fToken._getLiquidityWithdrawable.
        const plan = fluidMarkets.find((f) => isAddressEqual(devnetAddresses[f.contract], m.yieldTokenAddress as Hex));
        const native = plan?.nativeUnderlying ?? false;
        const lent = native ? NATIVE_TOKEN_ADDRESS : (m.tokenAddress as Hex);
        const liquidity = devnetAddresses[fluidContracts.liquidity];
        const [{ supply, withdrawalLimit }] = await read<readonly [{ supply: bigint; withdrawalLimit: bigint }, unknown]>(
          devnetAddresses[fluidContracts.liquidityResolver],
          fluidLiquidityResolverArtifact.abi,
          "getUserSupplyData",
          [m.yieldTokenAddress, lent],
        );
        const balance = native ? await devnet.reader.getBalance({ address: liquidity, blockNumber: block }) : await read<bigint>(lent, erc20Abi, "balanceOf", [liquidity]);
        const supplied = await read<bigint>(m.adapterAddress, erc4626Abi, "totalAssets");
        return { available: min(supply > withdrawalLimit ? supply - withdrawalLimit : 0n, balance), supplied };
      }
      default: {
        const supplied = await read<bigint>(m.adapterAddress, erc4626Abi, "totalAssets");
        const available = m.version === 2 ? await vaultV2Liquidity(m.adapterAddress as Hex, m.tokenAddress as Hex) : await metaMorphoLiquidity(m.adapterAddress as Hex);
        return { available, supplied };
      }
    }
  };
}
