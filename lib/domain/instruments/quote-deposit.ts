import "server-only";
import type { QuoteModel } from "@/lib/machinery/chain/adapters/quote-model";
import { quoteAaveDeposit } from "./quote-aave";
import { quoteCompoundDeposit } from "./quote-compound";
import { quoteFluidDeposit } from "./quote-fluid";
import { quoteMetaMorphoDeposit } from "./quote-metamorpho";
import { sharesAtSharePrice, utilizationAfterDeposit, type DepositOutcome } from "./quote-outcome";

/**
 * What depositing `amount` (underlying units) would do to the market the model describes, at `now`
 * (Unix seconds: the model's block time for a quote; a later time for a deposit made later). Plain
 * computation, no I/O. `currentApy` stands in for the APY where the protocol's model is not worked out.
 */
export function quoteDeposit({
  model,
  amount,
  now,
  currentApy,
}: {
  model: QuoteModel;
  amount: bigint;
  now: number;
  currentApy: number;
}): DepositOutcome {
  const at = BigInt(now);
  switch (model.kind) {
    case "aave-v3":
      return quoteAaveDeposit(model, amount);
    case "compound-v3":
      return quoteCompoundDeposit(model, amount);
    case "metamorpho":
      return quoteMetaMorphoDeposit(model, amount, at);
    case "fluid":
      return quoteFluidDeposit(model, amount, at);
    case "vault-v2":
      // Its adapters' markets are not modelled: the APY is today's, and its own maxDeposit says nothing (0 by design).
      return {
        apyAfter: currentApy,
        utilizationAfter: utilizationAfterDeposit(model, amount),
        maxDepositRaw: null,
        sharesOut: sharesAtSharePrice(amount, model.assetsPerProbe),
        modelled: false,
      };
  }
}
