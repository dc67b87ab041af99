import "server-only";
import { getChain, type Environment } from "@/lib/facts/chains";
import { Forbidden } from "./errors";

/**
 * A test key sees only test chains, live keys and anonymous callers only live chains.
 * Returns false for a chain Yieldgrid does not know, so the caller can answer 400 or 404 as fits.
 */
export function assertChainVisible(chainId: number, environment: Environment): boolean {
  const chain = getChain(chainId);
  if (!chain) return false;
  if (chain.environment !== environment)
    throw new Forbidden(
      `Chain ${chainId} (${chain.name}) belongs to the ${chain.environment} environment; this ${environment === "test" ? "test key" : "caller"} sees only ${environment} chains`,
    );
  return true;
}

/** The 403 a caller of `environment` gets for a record of the other environment, or null when it may see it. */
export function visibilityRefusal(record: { environment: Environment }, environment: Environment, what: string): Forbidden | null {
  return record.environment === environment
    ? null
    : new Forbidden(`${what} belongs to the ${record.environment} environment; use a ${record.environment} key`);
}

export function assertRecordVisible(record: { environment: Environment }, environment: Environment, what: string) {
  const refusal = visibilityRefusal(record, environment, what);
  if (refusal) throw refusal;
}
