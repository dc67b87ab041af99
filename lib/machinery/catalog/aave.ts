/**
 * Aave's markets, read from the Aave address book (npm @aave-dao/aave-address-book, the package
 * Aave's own tooling publishes; its constants are transcribed from the deployed pools) instead of
 * copied: every pool, oracle, underlying and aToken address below comes from its modules, and the
 * aToken symbols from its token list. Server code only: the package is large.
 *
 * Which v3 pools are read: every v3 market the
 * address book lists on a chain Yieldgrid covers, except Ethereum's Horizon market, whose borrowers
 * and collateral are restricted to whitelisted (KYC'd) institutions holding tokenised real-world
 * assets: it is a permissioned RWA market, not a public lending market. The first pool of a chain is
 * its core market, the one its protocol record names.
 */
import * as AaveV2Ethereum from "@aave-dao/aave-address-book/AaveV2Ethereum";
import * as AaveV2Polygon from "@aave-dao/aave-address-book/AaveV2Polygon";
import * as AaveV3Arbitrum from "@aave-dao/aave-address-book/AaveV3Arbitrum";
import * as AaveV3Base from "@aave-dao/aave-address-book/AaveV3Base";
import * as AaveV3BaseSepolia from "@aave-dao/aave-address-book/AaveV3BaseSepolia";
import * as AaveV3BaseSepoliaLido from "@aave-dao/aave-address-book/AaveV3BaseSepoliaLido";
import * as AaveV3Ethereum from "@aave-dao/aave-address-book/AaveV3Ethereum";
import * as AaveV3EthereumEtherFi from "@aave-dao/aave-address-book/AaveV3EthereumEtherFi";
import * as AaveV3EthereumLido from "@aave-dao/aave-address-book/AaveV3EthereumLido";
import * as AaveV3Optimism from "@aave-dao/aave-address-book/AaveV3Optimism";
import * as AaveV3Polygon from "@aave-dao/aave-address-book/AaveV3Polygon";
import * as AaveV3Sepolia from "@aave-dao/aave-address-book/AaveV3Sepolia";
import { tokens as aaveTokenList } from "@aave-dao/aave-address-book/tokenlist";
import type { Hex } from "viem";
import { chainName } from "@/lib/facts/chains";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { CatalogInstrument, CatalogProtocol } from "./catalog-types";

interface AddressBookAsset {
  readonly decimals: number;
  readonly UNDERLYING: string;
  readonly A_TOKEN: string;
  readonly ORACLE: string;
}
interface AddressBookMarket {
  readonly CHAIN_ID: number;
  readonly POOL: string;
  readonly ORACLE: string;
  readonly ASSETS: Readonly<Record<string, AddressBookAsset>>;
}

/** One Aave v3 pool: its name in the address book's terms, the Pool and the oracle its reserves are priced by. */
export interface AaveV3Pool {
  name: string;
  /** The address book module it comes from (for the record). */
  module: string;
  pool: Hex;
  oracle: Hex;
  assets: Readonly<Record<string, AddressBookAsset>>;
}

const pool = (name: string, module: string, book: AddressBookMarket): AaveV3Pool => ({
  name,
  module,
  pool: book.POOL as Hex,
  oracle: book.ORACLE as Hex,
  assets: book.ASSETS,
});

/** Every public Aave v3 pool per chain, the core market first. */
export const aaveV3Pools: Readonly<Record<number, readonly AaveV3Pool[]>> = {
  1: [
    pool("Core", "AaveV3Ethereum", AaveV3Ethereum),
    pool("Prime", "AaveV3EthereumLido", AaveV3EthereumLido),
    pool("EtherFi", "AaveV3EthereumEtherFi", AaveV3EthereumEtherFi),
  ],
  8453: [pool("Core", "AaveV3Base", AaveV3Base)],
  42161: [pool("Core", "AaveV3Arbitrum", AaveV3Arbitrum)],
  10: [pool("Core", "AaveV3Optimism", AaveV3Optimism)],
  137: [pool("Core", "AaveV3Polygon", AaveV3Polygon)],
  11155111: [pool("Core", "AaveV3Sepolia", AaveV3Sepolia)],
  84532: [
    pool("Core", "AaveV3BaseSepolia", AaveV3BaseSepolia),
    pool("Lido", "AaveV3BaseSepoliaLido", AaveV3BaseSepoliaLido),
  ],
};

/** The deprecated Aave v2 LendingPools whose positions Yieldgrid still knows of. */
export const aaveV2Pools: Readonly<Record<number, Hex>> = {
  1: AaveV2Ethereum.POOL as Hex,
  137: AaveV2Polygon.POOL as Hex,
};

const coreOf = (chainId: number) => {
  const core = aaveV3Pools[chainId]?.[0];
  if (!core) throw new Error(`the Aave address book has no v3 market on chain ${chainId}`);
  return core;
};

/** An underlying of a chain's core Aave market, by its address-book key: address and decimals. */
export function aaveUnderlying(chainId: number, key: string): { address: Hex; decimals: number } {
  const asset = coreOf(chainId).assets[key];
  if (!asset) throw new Error(`the Aave address book lists no ${key} on chain ${chainId}`);
  return { address: asset.UNDERLYING as Hex, decimals: asset.decimals };
}

const tokenSymbol = new Map(aaveTokenList.map((t) => [`${t.chainId}:${t.address.toLowerCase()}`, t.symbol]));

/** A reserve of a chain's core market as a catalog instrument (addresses and decimals from the book). */
function reserve(
  chainId: number,
  key: string,
  symbol: string,
  assetCategory: AssetCategory,
  typicalTvlUsd: number,
  typicalApyPercent: number,
  note = "",
  /** For test networks, which the address book's token list leaves out: the aToken's symbol() (UNVERIFIED). */
  testnetATokenSymbol?: string,
): CatalogInstrument {
  const core = coreOf(chainId);
  const asset = core.assets[key];
  if (!asset) throw new Error(`the Aave address book lists no ${key} on chain ${chainId}`);
  const aTokenSymbol = tokenSymbol.get(`${chainId}:${asset.A_TOKEN.toLowerCase()}`) ?? testnetATokenSymbol;
  if (!aTokenSymbol) throw new Error(`the Aave token list has no symbol for ${key}'s aToken on chain ${chainId}`);
  return {
    chainId,
    protocol: "aave",
    version: 3,
    protocolAddress: core.pool,
    marketAddress: asset.UNDERLYING as Hex,
    adapterAddress: core.pool,
    tokenAddress: asset.UNDERLYING as Hex,
    tokenSymbol: symbol,
    tokenDecimals: asset.decimals,
    yieldTokenAddress: asset.A_TOKEN as Hex,
    yieldTokenSymbol: aTokenSymbol,
    assetCategory,
    description: `Aave V3 ${symbol}${note} reserve on ${chainName(chainId)}`,
    typicalTvlUsd,
    typicalApyPercent,
  };
}

export const aaveProtocols: CatalogProtocol[] = [
  ...Object.keys(aaveV3Pools).map((chainId) => ({
    name: "aave" as const,
    version: 3,
    chainId: Number(chainId),
    protocolAddress: coreOf(Number(chainId)).pool,
  })),
  ...Object.entries(aaveV2Pools).map(([chainId, protocolAddress]) => ({
    name: "aave" as const,
    version: 2,
    chainId: Number(chainId),
    protocolAddress,
  })),
];

/**
 * The core markets' reserves the catalog lists from the start (discovery adds every other reserve
 * of every pool). Keys are the address book's; the symbol is how Yieldgrid shows the underlying.
 * typicalTvlUsd / typicalApyPercent are orders of magnitude for generated demo metrics only.
 */
export const aaveInstruments: CatalogInstrument[] = [
  reserve(1, "USDC", "USDC", "USD", 3_000_000_000, 3.5),
  reserve(1, "USDT", "USDT", "USD", 4_000_000_000, 3.9),
  reserve(1, "WETH", "WETH", "ETH", 6_000_000_000, 1.9),
  reserve(1, "WBTC", "WBTC", "BTC", 4_000_000_000, 0.05),
  reserve(1, "cbBTC", "cbBTC", "BTC", 1_200_000_000, 0.12),
  reserve(1, "EURC", "EURC", "EUR", 60_000_000, 2.6),
  reserve(8453, "USDC", "USDC", "USD", 400_000_000, 4.1),
  reserve(8453, "USDbC", "USDbC", "USD", 5_000_000, 1.8),
  reserve(8453, "WETH", "WETH", "ETH", 300_000_000, 2.1),
  reserve(8453, "cbBTC", "cbBTC", "BTC", 250_000_000, 0.3),
  reserve(8453, "EURC", "EURC", "EUR", 20_000_000, 3.1),
  reserve(42161, "USDCn", "USDC", "USD", 200_000_000, 2.2, " (native)"),
  reserve(42161, "USDC", "USDC.e", "USD", 15_000_000, 2.8, " (bridged)"),
  reserve(42161, "USDT", "USDT", "USD", 120_000_000, 3.3),
  reserve(42161, "WETH", "WETH", "ETH", 600_000_000, 1.7),
  reserve(42161, "WBTC", "WBTC", "BTC", 200_000_000, 0.08),
  reserve(10, "USDCn", "USDC", "USD", 30_000_000, 3.7, " (native)"),
  reserve(10, "USDC", "USDC.e", "USD", 8_000_000, 2.9, " (bridged)"),
  reserve(10, "USDT", "USDT", "USD", 20_000_000, 4.2),
  reserve(10, "WETH", "WETH", "ETH", 60_000_000, 1.6),
  reserve(10, "WBTC", "WBTC", "BTC", 25_000_000, 0.1),
  reserve(137, "USDCn", "USDC", "USD", 60_000_000, 3.8, " (native)"),
  reserve(137, "USDC", "USDC.e", "USD", 20_000_000, 3, " (bridged)"),
  reserve(137, "USDT0", "USDT0", "USD", 70_000_000, 4.4),
  reserve(137, "WETH", "WETH", "ETH", 50_000_000, 1.5),
  reserve(137, "WBTC", "WBTC", "BTC", 30_000_000, 0.07),
  reserve(11155111, "USDC", "USDC", "USD", 400_000, 3.1, " (faucet token)", "aEthUSDC"),
  reserve(11155111, "USDT", "USDT", "USD", 200_000, 3.6, " (faucet token)", "aEthUSDT"),
  reserve(11155111, "DAI", "DAI", "USD", 150_000, 2.7, " (faucet token)", "aEthDAI"),
  reserve(11155111, "WETH", "WETH", "ETH", 800_000, 1.2, " (faucet token)", "aEthWETH"),
  reserve(11155111, "WBTC", "WBTC", "BTC", 300_000, 0.1, " (faucet token)", "aEthWBTC"),
  reserve(84532, "USDC", "USDC", "USD", 250_000, 3.3, " (faucet token)", "aBasSepUSDC"),
  reserve(84532, "USDT", "USDT", "USD", 60_000, 3.8, " (faucet token)", "aBasSepUSDT"),
  reserve(84532, "WETH", "WETH", "ETH", 500_000, 1.4, "", "aBasSepWETH"),
  reserve(84532, "WBTC", "WBTC", "BTC", 100_000, 0.2, " (faucet token)", "aBasSepWBTC"),
];
