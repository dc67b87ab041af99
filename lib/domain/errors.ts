import "server-only";
// What can go wrong, in the domain's words. Domain functions throw these; the edge
// (lib/api/http/errors.ts) is the one place that knows which HTTP answer each one is.

/** One problem with a value the caller gave, at its path ("chainIds.2", "from"). */
export interface Issue {
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Facts the caller can act on (which chain, which markets, which domains…), sent as they are. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A value the caller gave is outside its domain (a chain nobody supports, a range too long). */
export class InvalidInput extends DomainError {
  constructor(message: string, issues: Issue[]) {
    super(message, { issues });
  }
}

/** No such record, or one the caller may not know exists (another account's key). */
export class NotFound extends DomainError {}

/** The caller is known but may not do or see this (another environment's chain or record). */
export class Forbidden extends DomainError {}

/** The caller could not be identified: a sign-in that failed, a session that is missing. */
export class Unauthenticated extends DomainError {}

/** The record's state does not allow the change (rolling a revoked key). */
export class Conflict extends DomainError {}

/** A chain, or the RPC in front of it, could not be read; never answered as if it held zero. */
export class ChainUnavailable extends DomainError {}

/** The market would not take that much now (a supply cap, a vault's caps): details.maxDeposit says what it would. */
export class DepositExceedsCapacity extends DomainError {}

/** The market takes no deposits now (paused, frozen, an empty supply queue). */
export class NotAcceptingDeposits extends DomainError {}
