import "server-only";
import { chainsOf, type Environment } from "@/lib/facts/chains";

// What a cached answer is computed from, named per chain: an answer is kept with the sources it read,
// and a write clears exactly the answers that read what it wrote. A sync of Base clears the answers
// that read Base's instruments; those about Ethereum alone, or about the test networks, stay.

/**
 * One chain's worth of data that answers are computed from:
 * - `instruments:<chainId>`: the chain's instrument records (figures, rewards, yield over time,
 *   listings: a delisted vault is left out of lists) and their history;
 * - `protocols:<chainId>`: the chain's protocol records (versions).
 */
export type CacheSource = `instruments:${number}` | `protocols:${number}`;

export const instrumentsOf = (chainIds: readonly number[]): CacheSource[] =>
  chainIds.map((id) => `instruments:${id}` as const);

export const protocolsOf = (chainIds: readonly number[]): CacheSource[] =>
  chainIds.map((id) => `protocols:${id}` as const);

/**
 * An instrument record embeds its protocol version (`protocolInfo`), so it is read from both:
 * the instruments of these chains and their protocol records.
 */
export const instrumentRecordsOf = (chainIds: readonly number[]): CacheSource[] => [
  ...instrumentsOf(chainIds),
  ...protocolsOf(chainIds),
];

/**
 * The chains a request reads: those it names, else every chain of the caller's environment (a list
 * without a chain filter, or a record looked up by an id that does not say its chain).
 */
export function chainsInScope(environment: Environment, named?: number | readonly number[]): number[] {
  if (typeof named === "number") return [named];
  if (named && named.length > 0) return [...named];
  return chainsOf(environment).map((c) => c.id);
}

/**
 * What a sync of these chains may write, whether it ends well or not: their instruments (figures,
 * history, markets discovered, vaults delisted) and their protocol records (a Vault V2 version made
 * for a vault discovery lists). The server clears these after every sync (instrumentation.ts).
 */
export const writtenByChainSync = (chainIds: readonly number[]): CacheSource[] => [
  ...instrumentsOf(chainIds),
  ...protocolsOf(chainIds),
];
