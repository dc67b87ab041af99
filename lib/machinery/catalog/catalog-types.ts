/** The shapes of the catalog (catalog-data.ts) and of a chain's deployment, apart from the data, which imports them. */
import type { Hex } from "viem";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { ProtocolName } from "@/lib/facts/protocols";

/** What a price feed's answer is denominated in: USD, or a unit converted to USD. */
export type FeedDenomination = "USD" | "ETH" | "BTC";

/**
 * One protocol version deployed on one chain (a Protocol record). Its label, docs and deprecation
 * are the version's, from lib/facts/protocol-versions.ts.
 */
export interface CatalogProtocol {
  name: ProtocolName;
  /** aave 2 (deprecated) / 3; compound 2 (deprecated) / 3; morpho 0 (deprecated, Optimizers) / 1 (Blue + MetaMorpho) / 2 (Vault V2); fluid 1 */
  version: number;
  chainId: number;
  /** Main contract: Aave Pool (v2 LendingPool), Compound v3 the chain's USDC Comet (v2 Comptroller), Morpho Blue singleton (v0 Optimizer), Fluid Liquidity. */
  protocolAddress: Hex;
}

/** One instrument: a market of one protocol version for one underlying token. */
export interface CatalogInstrument {
  chainId: number;
  protocol: ProtocolName;
  version: number;
  /** Aave the Pool, Compound v3 the market's own Comet, Morpho the Blue singleton, Fluid the Liquidity contract. */
  protocolAddress: Hex;
  /** Becomes marketId (left-padded): underlying for Aave and Compound, the vault / fToken for Morpho and Fluid. */
  marketAddress: Hex;
  /** Contract the service reads from: Aave Pool, the Comet, the vault / fToken. */
  adapterAddress: Hex;
  /** Underlying token. */
  tokenAddress: Hex;
  tokenSymbol: string;
  tokenDecimals: number;
  /** aToken / Comet / vault share / fToken. */
  yieldTokenAddress: Hex;
  yieldTokenSymbol: string;
  assetCategory: AssetCategory;
  description: string;
  /** Plausible order of magnitude (USD) for generated demo metrics. */
  typicalTvlUsd: number;
  /** Plausible supply APY in percent (3.4 means 3.4 %). */
  typicalApyPercent: number;
}

export interface AavePoolDeployment {
  /** The address book's name of the market ("Core", "Prime", …). */
  name: string;
  pool: Hex;
  /** The oracle this pool prices its reserves with. */
  oracle: Hex;
}

export interface ChainDeployment {
  /** Every public Aave v3 pool, the core market first: discovery lists each one's reserves. */
  aavePools: AavePoolDeployment[];
  /** The core market's oracle: USD prices of vault underlyings and of the units prices are given in. */
  aaveOracle: Hex | null;
  /**
   * Assets the core Aave oracle prices at exactly ETH/USD and BTC/USD (its source for them is the
   * Chainlink ETH/USD or BTC/USD feed itself; catalog-addresses.test.ts checks that against the
   * address book): an ETH- or BTC-denominated price times theirs is in USD.
   */
  usdReferences: Record<Exclude<FeedDenomination, "USD">, Hex | null>;
  /** Comet base price feeds whose unit is known (lower-case address); others are never taken as USD. */
  priceFeeds: Readonly<Record<string, FeedDenomination>>;
  fluidLendingResolver: Hex | null;
  /** Fluid's LiquidityResolver: an fToken's supply rate. */
  fluidLiquidityResolver: Hex | null;
  /** Compound's CometRewards, which pays every Comet's tracked rewards on the chain; null where there is none. */
  cometRewards: Hex | null;
}

export type VaultKind = "metamorpho" | "vault-v2";

export interface VaultFactory {
  address: Hex;
  kind: VaultKind;
  /** Morpho's name for the factory's release. */
  release: "MetaMorpho v1.0" | "MetaMorpho v1.1" | "Vault V2";
  /** Its deployment block: no creation event is older. */
  fromBlock: bigint;
}
