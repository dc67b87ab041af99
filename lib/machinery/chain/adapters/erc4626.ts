import "server-only";
import { isAddressEqual, zeroAddress } from "viem";
import { MULTICALL3_ADDRESS, erc4626Abi, multicall3Abi } from "@/lib/machinery/chain/abis";
import { multicall, valueOf } from "@/lib/machinery/chain/multicall";
import { readUsdPrices } from "@/lib/machinery/chain/prices";
import { ratio, usdValue } from "@/lib/machinery/chain/rates";
import type { Adapter, MarketReading } from "./types";

/**
 * Shares converted to sample the share price. Large, so that the sample keeps 18+ significant
 * digits whatever the share and asset decimals (a MetaMorpho USDC share has 18, its asset 6).
 */
export const SHARE_PRICE_PROBE = 10n ** 30n;

/**
 * What every ERC-4626 vault answers, Morpho vaults (MetaMorpho, Vault V2) and Fluid fTokens alike
 * (docs/data.md, Morpho and Fluid): totalAssets for TVL, convertToAssets(probe) as the share-price sample
 * the sync turns into an APY (docs/data.md, Morpho recipe B), the block timestamp of the sample, the vault's own
 * symbol(), USD from the chain's Aave oracle. One round trip. The protocols' adapters add their own rate reads.
 */
export const readErc4626: Adapter = async (ctx, markets) => {
  const [results, prices] = await Promise.all([
    multicall(ctx.client, [
      { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: "getCurrentBlockTimestamp" },
      ...markets.flatMap((m) => [
        { address: m.adapterAddress, abi: erc4626Abi, functionName: "asset" },
        { address: m.adapterAddress, abi: erc4626Abi, functionName: "totalAssets" },
        {
          address: m.adapterAddress,
          abi: erc4626Abi,
          functionName: "convertToAssets",
          args: [SHARE_PRICE_PROBE],
        },
        { address: m.adapterAddress, abi: erc4626Abi, functionName: "symbol" },
        // What a deposit may be at most (a quote's maxDeposit; Vault V2 answers 0 by design).
        { address: m.adapterAddress, abi: erc4626Abi, functionName: "maxDeposit", args: [zeroAddress] },
      ]),
    ]),
    readUsdPrices(
      ctx,
      markets.map((m) => m.tokenAddress),
    ),
  ]);
  const at = Number(valueOf<bigint>(results[0], "Multicall3.getCurrentBlockTimestamp"));
  const readings = new Map<string, MarketReading>();
  markets.forEach((m, i) => {
    const base = 1 + 5 * i;
    try {
      const asset = valueOf<`0x${string}`>(results[base], "vault.asset");
      if (!isAddressEqual(asset, m.tokenAddress))
        throw new Error(`vault.asset is ${asset}, not the catalog's ${m.tokenAddress}`);
      const totalAssets = valueOf<bigint>(results[base + 1], "vault.totalAssets");
      const sharePrice = valueOf<bigint>(results[base + 2], "vault.convertToAssets");
      const price = prices.of(m.tokenAddress);
      if (price === undefined) throw new Error(`AaveOracle has no price for ${m.tokenAddress}`);
      const symbol = results[base + 3];
      const maxDeposit = results[base + 4];
      readings.set(m.instrumentId, {
        ok: true,
        apy: null,
        tvl: usdValue(totalAssets, m.tokenDecimals, price, prices.unit),
        totalAssets,
        priceUsd: ratio(price, prices.unit),
        isActive: true,
        sharePrice: { value: sharePrice, at },
        ...(symbol?.ok && typeof symbol.value === "string" ? { symbol: symbol.value } : {}),
        maxDeposit: maxDeposit?.ok ? (maxDeposit.value as bigint) : null,
      });
    } catch (err) {
      readings.set(m.instrumentId, { ok: false, error: (err as Error).message });
    }
  });
  return readings;
};
