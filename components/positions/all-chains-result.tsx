"use client";

import { ChainLabel } from "@/components/ui/chain-label";
import { RequestError } from "@/components/ui/request-error";
import { chainName } from "@/lib/facts/chains";
import type { ChainPositions, PositionsByChainResponse } from "@/lib/schemas/positions";
import { formatTokenAmount, formatUsdCents } from "./format-amounts";
import { IdleUsdcSuggestions } from "./idle-usdc-suggestions";
import { PositionsValueStat, Stat, UsdcStat } from "./positions-result";
import { PositionsTable } from "./positions-table";

type ReadChain = Extract<ChainPositions, { status: "ok" }>;
type UnreadChain = Extract<ChainPositions, { status: "unavailable" }>;

const holdsSomething = (c: ReadChain) => c.positions.length > 0 || BigInt(c.usdcBalanceRaw) > 0n;

/**
 * A wallet on every chain at once: the totals over the chains read, then each chain that holds
 * something (its positions, and next to idle USDC the best USDC markets), the chains that cannot be
 * read right now, and in one line the chains where the wallet holds nothing.
 */
export function AllChainsResult({
  data,
  refreshing,
  onRetry,
}: {
  data: PositionsByChainResponse;
  refreshing: boolean;
  onRetry: () => void;
}) {
  const read = data.chains.filter((c): c is ReadChain => c.status === "ok");
  const unavailable = data.chains.filter((c): c is UnreadChain => c.status === "unavailable");
  const holding = read.filter(holdsSomething);
  const empty = read.filter((c) => !holdsSomething(c));
  const { totals } = data;

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <PositionsValueStat
          valueUsd={totals.valueUsd}
          unpricedOn="its chain"
          pricedTitle={`Every position at its token's USD price from the last sync${totals.complete ? "" : ", on the chains that could be read"}`}
          className="col-span-2 sm:col-span-1"
        />
        <UsdcStat balance={totals.usdcBalance} />
        <Stat label="Positions" value={String(totals.positions)} />
      </dl>
      {!totals.complete && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          Not counted: {unavailable.map((c) => chainName(c.chainId)).join(", ")} could not be read right now.
        </p>
      )}

      {holding.length === 0 && unavailable.length === 0 && (
        <div className="rounded-lg border border-slate-200 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p className="font-medium text-slate-900 dark:text-slate-100">Nothing on any chain</p>
          <p className="mt-1">This address holds no USDC and none of the lending markets Yieldgrid tracks.</p>
        </div>
      )}

      {holding.map((chain) => (
        <ChainSection key={chain.chainId} chain={chain} refreshing={refreshing} />
      ))}

      {unavailable.map((chain) => (
        <RequestError
          key={chain.chainId}
          title={`${chainName(chain.chainId)} cannot be read right now`}
          error={new Error(chain.error.message)}
          onRetry={onRetry}
          retrying={refreshing}
        />
      ))}

      {empty.length > 0 && (holding.length > 0 || unavailable.length > 0) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Nothing on {empty.map((c) => chainName(c.chainId)).join(", ")}.
        </p>
      )}
    </div>
  );
}

function ChainSection({ chain, refreshing }: { chain: ReadChain; refreshing: boolean }) {
  const headingId = `chain-${chain.chainId}-heading`;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-base font-semibold">
        <ChainLabel chainId={chain.chainId} size={18} />
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          {formatTokenAmount(chain.usdcBalance, 2)} USDC in wallet
          {chain.positions.length > 0 &&
            ` · ${chain.positions.length} position${chain.positions.length === 1 ? "" : "s"}${chain.totalValueUsd != null ? ` worth ${formatUsdCents(chain.totalValueUsd)}` : ""}`}
        </span>
      </h3>
      <PositionsTable positions={chain.positions} chainId={chain.chainId} refreshing={refreshing} />
      <IdleUsdcSuggestions chainId={chain.chainId} usdcBalance={chain.usdcBalance} />
    </section>
  );
}
