import "server-only";
import type { PublicClient } from "viem";
import type { Hex } from "viem";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { ProtocolName } from "@/lib/facts/protocols";
import type { ChainDeployment } from "@/lib/machinery/catalog/catalog-data";
import type { QuoteModel } from "./quote-model";

/** What an adapter needs to know about one instrument. */
export interface Market {
  instrumentId: string;
  protocol: ProtocolName;
  /** The protocol version (Morpho: 1 MetaMorpho, 2 Vault V2). */
  version: number;
  adapterAddress: Hex;
  tokenAddress: Hex;
  tokenDecimals: number;
  yieldTokenAddress: Hex;
  assetCategory: AssetCategory;
}

export type MarketReading =
  | {
      ok: true;
      /** Percent; null where the APY comes from share-price samples (ERC-4626), computed by the sync. */
      apy: number | null;
      tvl: number;
      /** Exit liquidity, in underlying units (docs/data.md, Exit liquidity); absent when it could not be read. */
      liquidity?: ExitLiquidity;
      /** USD per whole underlying token, the price `tvl` was valued at. */
      priceUsd: number;
      isActive: boolean;
      /** ERC-4626: the vault's totalAssets, in underlying units (what `tvl` values). */
      totalAssets?: bigint;
      /** ERC-4626: assets per SHARE_PRICE_PROBE shares, at the block's timestamp (Unix seconds). */
      sharePrice?: { value: bigint; at: number };
      /** A vault's own symbol(), where the chain answers one (catalog symbols of vaults are provisional). */
      symbol?: string;
      /** A Vault V2: underlying units it holds in MetaMorpho vaults through MorphoVaultV1Adapters. */
      heldInVaults?: { vault: Hex; assets: bigint }[];
      /** ERC-4626: maxDeposit(address(0)); null when the vault did not answer. */
      maxDeposit?: bigint | null;
      /** What a deposit's quote needs (quote-model.ts); absent where a read it needs failed. */
      quoteModel?: QuoteModel;
    }
  | { ok: false; error: string };

/**
 * What suppliers could withdraw now as the protocol's contracts show it (the aToken's or Comet's cash,
 * what a vault's markets would let it withdraw, an fToken's withdrawable amount at Fluid's Liquidity
 * layer), and what they have supplied in all (the amount `tvl` values), both in underlying units.
 */
export interface ExitLiquidity {
  available: bigint;
  supplied: bigint;
}

export interface AdapterContext {
  client: PublicClient;
  chainId: number;
  deployment: ChainDeployment;
}

/** Reads a whole chain's markets of one protocol in as few multicall round trips as it can. */
export type Adapter = (ctx: AdapterContext, markets: Market[]) => Promise<Map<string, MarketReading>>;
