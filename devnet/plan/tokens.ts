// The local chain's tokens and the price feeds its Comets read (their addresses: addresses.ts).
import type { FeedDenomination } from "@/lib/machinery/catalog/catalog-data";
import type { AssetCategory } from "@/lib/facts/asset-categories";
import type { DevnetContract } from "./addresses";

export interface DevnetToken {
  contract: "usdc" | "weth" | "eurc" | "wbtc";
  name: string;
  symbol: string;
  decimals: number;
  /** AaveOracle price, 8 decimals. */
  priceUsd8: bigint;
  assetCategory: AssetCategory;
}

export const devnetTokens: readonly DevnetToken[] = [
  {
    contract: "usdc",
    name: "USD Coin",
    symbol: "USDC",
    decimals: 6,
    priceUsd8: 100_000_000n,
    assetCategory: "USD",
  },
  {
    contract: "weth",
    name: "Wrapped Ether",
    symbol: "WETH",
    decimals: 18,
    priceUsd8: 341_255_000_000n,
    assetCategory: "ETH",
  },
  {
    contract: "eurc",
    name: "EURC",
    symbol: "EURC",
    decimals: 6,
    priceUsd8: 108_000_000n,
    assetCategory: "EUR",
  },
  // Priced at BTC/USD, as Aave prices WBTC on Arbitrum: the local chain's BTC reference (deployments.ts).
  {
    contract: "wbtc",
    name: "Wrapped BTC",
    symbol: "WBTC",
    decimals: 8,
    priceUsd8: 9_725_000_000_000n,
    assetCategory: "BTC",
  },
];

export const devnetTokenOf = (contract: DevnetToken["contract"]) =>
  devnetTokens.find((t) => t.contract === contract)!;

/** Comet price feeds (8 decimals), each with what its answer is denominated in. */
export const devnetPriceFeeds = [
  { contract: "usdcPriceFeed", answer: 100_000_000n, description: "USDC / USD", denomination: "USD" },
  // Comet's WETH markets price their base with a ConstantPriceFeed (1 WETH = 1e8): in ETH.
  {
    contract: "wethConstantPriceFeed",
    answer: 100_000_000n,
    description: "Constant price feed",
    denomination: "ETH",
  },
  // As Chainlink's WBTC/BTC feed that cWBTCv3 reads on Ethereum: 1 WBTC = 0.9998 BTC.
  { contract: "wbtcBtcPriceFeed", answer: 99_980_000n, description: "WBTC / BTC", denomination: "BTC" },
] as const satisfies readonly {
  contract: DevnetContract;
  answer: bigint;
  description: string;
  denomination: FeedDenomination;
}[];
export type DevnetPriceFeed = (typeof devnetPriceFeeds)[number];

/** A decimal amount ("1.5") in smallest units. */
export const units = (amount: string, decimals: number) => {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(decimals, "0"));
};

/** The demo wallet's plain USDC balance. */
export const DEVNET_DEMO_USDC = units("10000", 6);
