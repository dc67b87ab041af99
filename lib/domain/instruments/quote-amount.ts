import "server-only";
import { InvalidInput } from "@/lib/domain/errors";
import { MAX_QUOTE_TOKENS, MAX_QUOTE_USD, type QuoteQuery } from "@/lib/schemas/quotes";

const DECIMAL = /^\d+(\.\d+)?$/;
const NUMBER = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const invalid = (path: string, message: string) =>
  new InvalidInput(`Invalid ${path}: ${message}`, [{ path, message }]);

/** A decimal string as smallest units; throws when it has more decimals than the token. */
export function parseUnits(text: string, decimals: number, path = "amount"): bigint {
  if (!DECIMAL.test(text)) throw invalid(path, "must be a positive decimal number such as 1500 or 0.25");
  const [whole, fraction = ""] = text.split(".");
  if (fraction.length > decimals)
    throw invalid(path, `has ${fraction.length} decimals; the token has ${decimals}`);
  return BigInt(whole! + fraction.padEnd(decimals, "0"));
}

/** Smallest units as a decimal string, without trailing zeros. */
export function formatUnits(raw: bigint, decimals: number): string {
  const text = raw.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** US dollars as a checked number: positive, finite, at most MAX_QUOTE_USD. */
export function parseAmountUsd(text: string, path = "amountUsd"): number {
  if (!NUMBER.test(text)) throw invalid(path, "must be a positive number of US dollars");
  const usd = Number(text);
  if (!Number.isFinite(usd) || usd <= 0) throw invalid(path, "must be a number above 0");
  if (usd > MAX_QUOTE_USD) throw invalid(path, `must be at most ${MAX_QUOTE_USD.toExponential()} US dollars`);
  return usd;
}

/** US dollars in the token's smallest units at `priceUsd` (above 0), rounded down. */
export function usdToUnits(usd: number, priceUsd: number, decimals: number): bigint {
  const tokens = usd / priceUsd;
  // toFixed writes 10^21 and more with an exponent, and a price near 0 makes Infinity: whole tokens
  // then, the fraction meaningless at that size (and far over MAX_QUOTE_TOKENS either way).
  if (tokens >= 1e21) return BigInt(Math.floor(Math.min(tokens, Number.MAX_VALUE))) * 10n ** BigInt(decimals);
  const [whole, fraction = ""] = tokens.toFixed(Math.min(decimals, 20)).split(".");
  return BigInt(whole! + fraction.padEnd(decimals, "0").slice(0, decimals));
}

/** Whether `raw` smallest units are more than MAX_QUOTE_TOKENS whole tokens. */
export const overMaxTokens = (raw: bigint, decimals: number) =>
  raw > BigInt(MAX_QUOTE_TOKENS) * 10n ** BigInt(decimals);

export interface QuoteAmount {
  /** Smallest units; null when amountUsd was given and the token has no price (sample data). */
  raw: bigint | null;
  usd: number | null;
}

/**
 * Exactly one of amount and amountUsd, as a positive amount of the token no larger than MAX_QUOTE_TOKENS
 * whole tokens nor (where it has a price) MAX_QUOTE_USD.
 */
export function parseQuoteAmount(
  query: QuoteQuery,
  token: { decimals: number; priceUsd: number | null },
): QuoteAmount {
  if ((query.amount === undefined) === (query.amountUsd === undefined))
    throw new InvalidInput("Give exactly one of amount and amountUsd", [
      {
        path: query.amount === undefined ? "amount" : "amountUsd",
        message: "give exactly one of amount and amountUsd",
      },
    ]);
  let raw: bigint | null;
  let usd: number | null;
  if (query.amount !== undefined) {
    raw = parseUnits(query.amount, token.decimals);
    usd = token.priceUsd === null ? null : (Number(raw) / 10 ** token.decimals) * token.priceUsd;
    if (overMaxTokens(raw, token.decimals))
      throw invalid("amount", `must be at most ${MAX_QUOTE_TOKENS.toExponential()} tokens`);
    if (usd !== null && usd > MAX_QUOTE_USD)
      throw invalid("amount", `is worth more than ${MAX_QUOTE_USD.toExponential()} US dollars`);
  } else {
    usd = parseAmountUsd(query.amountUsd!);
    raw =
      token.priceUsd === null || token.priceUsd <= 0 ? null : usdToUnits(usd, token.priceUsd, token.decimals);
    if (raw !== null && overMaxTokens(raw, token.decimals))
      throw invalid(
        "amountUsd",
        `is more than ${MAX_QUOTE_TOKENS.toExponential()} tokens at the token's price of ${token.priceUsd} US dollars`,
      );
  }
  const path = query.amount !== undefined ? "amount" : "amountUsd";
  if (raw !== null && raw <= 0n) throw invalid(path, "must be more than 0 of the token's smallest unit");
  return { raw, usd };
}
