import "server-only";
import type { AssetCategory } from "@/lib/facts/asset-categories";

// Underlyings a discovered market may have, by symbol (the asset categories). Markets of any
// other asset are not listed: Yieldgrid covers USD, EUR, ETH and BTC assets only.
const categories: Record<AssetCategory, readonly string[]> = {
  USD: ["USDC", "USDC.E", "USDCN", "USDBC", "USDT", "USDT0", "USD₮0", "DAI", "USDS", "GHO", "PYUSD", "FRAX", "LUSD", "CRVUSD", "USDE", "RLUSD", "FDUSD", "TUSD"],
  EUR: ["EURC", "EURE", "EURS", "AGEUR", "EURA"],
  ETH: ["WETH", "ETH", "WSTETH", "STETH", "CBETH", "RETH", "WEETH", "EZETH", "RSETH", "WRSETH", "OSETH", "ETHX", "METH"],
  BTC: ["WBTC", "CBBTC", "TBTC", "LBTC", "BTCB", "EBTC", "FBTC"],
};
const bySymbol = new Map(Object.entries(categories).flatMap(([category, symbols]) => symbols.map((s) => [s, category as AssetCategory])));

export const assetCategoryOf = (symbol: string): AssetCategory | undefined => bySymbol.get(symbol.trim().toUpperCase());
