// Token amounts arrive as exact decimal strings; Intl formats them as decimals, without a float round trip.
const tokenAmount = [2, 6].map((digits) => new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }));
const usdCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1,234.567891 (at most six decimals, or two for dollars; the exact amount goes in a title) */
export const formatTokenAmount = (amount: string, digits: 2 | 6 = 6) =>
  tokenAmount[digits === 2 ? 0 : 1]!.format(amount as `${number}`);
/** $1,234.56 */
export const formatUsdCents = (value: number) => usdCents.format(value);
const usdPrice = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 6 });
/** $97,230.5, $1.08, $0.999912: a unit price to six significant digits */
export const formatUsdPrice = (value: number) => usdPrice.format(value);
