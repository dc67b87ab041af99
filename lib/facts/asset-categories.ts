// What an instrument's underlying is pegged to or stands for, written once for the
// database schema, the catalog, the zod schemas, the sync and the explorer's filters. Imports nothing.

export const assetCategories = ["USD", "EUR", "ETH", "BTC"] as const;
export type AssetCategory = (typeof assetCategories)[number];

export const assetCategoryFacts = {
  USD: { label: "USD", isStablecoin: true },
  EUR: { label: "EUR", isStablecoin: true },
  ETH: { label: "ETH", isStablecoin: false },
  BTC: { label: "BTC", isStablecoin: false },
} as const satisfies Record<AssetCategory, { label: string; isStablecoin: boolean }>;

export const isAssetCategory = (value: string): value is AssetCategory =>
  Object.hasOwn(assetCategoryFacts, value);

/** USD and EUR instruments are stablecoins; anything else is not. */
export const isStablecoinCategory = (category: string): boolean =>
  isAssetCategory(category) && assetCategoryFacts[category].isStablecoin;
