import "server-only";
import { BaseError, RpcRequestError, createPublicClient, custom, type PublicClient } from "viem";

/**
 * A backfill run spent its JSON-RPC calls (HISTORY_RPC_CALLS): what it had not finished is left for
 * the next run. An RPC's failure to the readers (they rethrow it, never take it for a revert), so
 * nothing half-read is written.
 */
export class HistoryBudgetSpent extends RpcRequestError {
  constructor(
    readonly budget: number,
    method: string,
  ) {
    super({
      body: { method },
      url: "history budget",
      error: { code: -32099, message: `the run spent its ${budget} JSON-RPC calls (HISTORY_RPC_CALLS)` },
    });
    this.name = "HistoryBudgetSpent";
  }
}

/** Whether `err` is, or wraps, the end of the run's budget. */
export const isBudgetSpent = (err: unknown): boolean =>
  err instanceof HistoryBudgetSpent ||
  (err instanceof BaseError && Boolean(err.walk((e) => e instanceof HistoryBudgetSpent)));

export interface MeteredClient {
  client: PublicClient;
  /** JSON-RPC calls sent so far. */
  spent(): number;
}

/**
 * `client` counting every JSON-RPC call it sends (each call of a batch counts), refusing any beyond
 * `budget`: a run's cost on the past is bounded whatever it reads. Calls still go through `client`'s
 * transport, batched, retried and ranked as it does.
 */
export function meteredClient(client: PublicClient, budget: number): MeteredClient {
  let spent = 0;
  const metered = createPublicClient({
    chain: client.chain,
    transport: custom(
      {
        request: async (args: { method: string; params?: unknown }) => {
          if (spent >= budget) throw new HistoryBudgetSpent(budget, args.method);
          spent += 1;
          return client.request(args as never);
        },
      },
      { retryCount: 0 },
    ),
  }) as PublicClient;
  return { client: metered, spent: () => spent };
}
