"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatUsdCompact } from "@/components/ui/format";
import { CloseIcon } from "@/components/ui/icons";
import { assetCategoryFacts } from "@/lib/facts/asset-categories";
import { chainName } from "@/lib/facts/chains";
import { protocolFacts } from "@/lib/facts/protocols";
import {
  filterKeys,
  withoutFilters,
  type ExplorerFilters,
  type ExplorerQuery,
  type Navigate,
} from "./explorer-query";

/** One removable piece of the current filter, named the way a person would say it. */
export interface FilterChip {
  id: string;
  label: string;
  remove: (q: ExplorerQuery) => ExplorerQuery;
}

export function filterChips(q: ExplorerQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const id of q.chainId ?? []) {
    chips.push({
      id: `chain-${id}`,
      label: `Chain: ${chainName(id)}`,
      remove: (c) => {
        const rest = c.chainId?.filter((x) => x !== id);
        return rest?.length ? { ...c, chainId: rest, page: 1 } : withoutFilters(c, ["chainId"]);
      },
    });
  }
  const simple = (key: keyof ExplorerFilters, label: string) =>
    chips.push({ id: key, label, remove: (c) => withoutFilters(c, [key]) });
  if (q.protocol) simple("protocol", `Protocol: ${protocolFacts[q.protocol].label}`);
  if (q.assetCategory) simple("assetCategory", `Category: ${assetCategoryFacts[q.assetCategory].label}`);
  if (q.isStablecoin !== undefined)
    simple("isStablecoin", q.isStablecoin ? "Stablecoins only" : "Non-stablecoins only");
  if (q.isActive !== undefined) simple("isActive", q.isActive ? "Active only" : "Inactive only");
  if (q.minApy !== undefined) simple("minApy", `APY ≥ ${q.minApy}%`);
  if (q.minApy30d !== undefined) simple("minApy30d", `30d APY ≥ ${q.minApy30d}%`);
  if (q.minTvl !== undefined) simple("minTvl", `TVL ≥ ${formatUsdCompact(q.minTvl)}`);
  if (q.search) simple("search", `Symbol contains “${q.search}”`);
  return chips;
}

/** The active filters as removable chips, and "Clear filters". Also used by the empty state. */
export function ActiveFilters({
  query,
  navigate,
  className,
}: {
  query: ExplorerQuery;
  navigate: Navigate;
  className?: string;
}) {
  const chips = filterChips(query);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className={cn("flex flex-wrap items-center gap-2", className)}>
      {chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            onClick={() => navigate(chip.remove)}
            aria-label={`${chip.label}, remove filter`}
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-2 text-sm text-slate-800 hover:border-slate-400 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {chip.label}
            <CloseIcon size={14} className="text-slate-500" />
          </button>
        </li>
      ))}
      <li>
        <Button variant="ghost" size="sm" onClick={() => navigate((c) => withoutFilters(c, filterKeys))}>
          Clear filters
        </Button>
      </li>
    </ul>
  );
}
