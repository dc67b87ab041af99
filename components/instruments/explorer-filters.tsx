"use client";

import { useCallback, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ChainIcon } from "@/components/ui/chain-icon";
import { cn } from "@/components/ui/cn";
import { CloseIcon, FilterIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { chainName } from "@/lib/facts/chains";
import { assetCategories, assetCategoryFacts, isAssetCategory } from "@/lib/facts/asset-categories";
import { isProtocolName, protocolFacts, protocolNames } from "@/lib/facts/protocols";
import { formatUsdCompact } from "@/components/ui/format";
import { DebouncedInput } from "./debounced-input";
import {
  activeFilterKeys,
  applyPreset,
  explorerChains,
  filterKeys,
  isPresetActive,
  presets,
  withoutFilters,
  type ExplorerFilters,
  type ExplorerQuery,
} from "./explorer-query";

export type Navigate = (
  update: ExplorerQuery | ((current: ExplorerQuery) => ExplorerQuery),
  options?: { replace?: boolean },
) => void;

const tvlThresholds = [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

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

const labelClass = "mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400";

export function ExplorerFilters({ query, navigate }: { query: ExplorerQuery; navigate: Navigate }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const activeCount = activeFilterKeys(query).filter((k) => k !== "search").length;

  // Every change to the filters starts again at page 1: page 3 of another result set means nothing.
  const set = useCallback(
    (patch: Partial<ExplorerFilters>, options?: { replace?: boolean }) =>
      navigate((c) => {
        const next: ExplorerQuery = { ...c, ...patch, page: 1 };
        for (const key of filterKeys) if (next[key] === undefined) delete next[key];
        return next;
      }, options),
    [navigate],
  );
  const commitSearch = useCallback(
    (text: string) => set({ search: text || undefined }, { replace: true }),
    [set],
  );
  const commitPercent = useCallback(
    (key: "minApy" | "minApy30d", text: string) => {
      const value = Number(text);
      if (text === "" || Number.isFinite(value))
        set({ [key]: text === "" ? undefined : value }, { replace: true });
    },
    [set],
  );
  const commitMinApy = useCallback((text: string) => commitPercent("minApy", text), [commitPercent]);
  const commitMinApy30d = useCallback((text: string) => commitPercent("minApy30d", text), [commitPercent]);

  const toggleChain = (id: number, on: boolean) => {
    const current = new Set(query.chainId ?? []);
    if (on) current.add(id);
    else current.delete(id);
    set({ chainId: current.size ? [...current].sort((a, b) => a - b) : undefined });
  };

  const customTvl = query.minTvl !== undefined && !tvlThresholds.includes(query.minTvl);

  return (
    <section aria-label="Filters" className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:w-60 sm:flex-none">
          <label htmlFor={`${panelId}-search`} className={labelClass}>
            Token symbol
          </label>
          <DebouncedInput
            id={`${panelId}-search`}
            type="search"
            placeholder="Search USDC, WETH…"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={query.search ?? ""}
            onCommit={commitSearch}
          />
        </div>
        <Button
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={`${panelId}-fields ${panelId}-more`}
          onClick={() => setOpen((o) => !o)}
        >
          <FilterIcon />
          Filters{activeCount > 0 && ` (${activeCount})`}
        </Button>
        {/* On small screens these fields fold into a panel under the Filters button; from sm up
            "contents" makes them items of this row, beside the search box. */}
        <div
          id={`${panelId}-fields`}
          className={cn("w-full grid-cols-2 gap-3 sm:contents", open ? "grid" : "hidden")}
        >
          <div className="sm:w-40">
            <label htmlFor={`${panelId}-protocol`} className={labelClass}>
              Protocol
            </label>
            <Select
              id={`${panelId}-protocol`}
              value={query.protocol ?? ""}
              onChange={(e) => {
                const value = e.target.value;
                set({ protocol: isProtocolName(value) ? value : undefined });
              }}
            >
              <option value="">All protocols</option>
              {protocolNames.map((name) => (
                <option key={name} value={name}>
                  {protocolFacts[name].label}
                </option>
              ))}
            </Select>
          </div>
          <div className="sm:w-40">
            <label htmlFor={`${panelId}-category`} className={labelClass}>
              Asset category
            </label>
            <Select
              id={`${panelId}-category`}
              value={query.assetCategory ?? ""}
              onChange={(e) => {
                const value = e.target.value;
                set({ assetCategory: isAssetCategory(value) ? value : undefined });
              }}
            >
              <option value="">All categories</option>
              {assetCategories.map((category) => (
                <option key={category} value={category}>
                  {assetCategoryFacts[category].label}
                </option>
              ))}
            </Select>
          </div>
          <MinPercentInput
            id={`${panelId}-min-apy`}
            label="Min APY (%)"
            value={query.minApy}
            onCommit={commitMinApy}
          />
          <MinPercentInput
            id={`${panelId}-min-apy30d`}
            label="Min 30d APY (%)"
            value={query.minApy30d}
            onCommit={commitMinApy30d}
          />
          <div className="sm:w-36">
            <label htmlFor={`${panelId}-min-tvl`} className={labelClass}>
              Min TVL
            </label>
            <Select
              id={`${panelId}-min-tvl`}
              value={query.minTvl?.toString() ?? ""}
              onChange={(e) => set({ minTvl: e.target.value === "" ? undefined : Number(e.target.value) })}
            >
              <option value="">Any TVL</option>
              {customTvl && <option value={query.minTvl}>{formatUsdCompact(query.minTvl!)}</option>}
              {tvlThresholds.map((t) => (
                <option key={t} value={t}>
                  {formatUsdCompact(t)}
                </option>
              ))}
            </Select>
          </div>
          <div className="col-span-2 flex flex-wrap items-center gap-x-5 gap-y-2 sm:h-9">
            <Checkbox
              label="Stablecoins only"
              checked={query.isStablecoin === true}
              onChange={(e) => set({ isStablecoin: e.target.checked ? true : undefined })}
            />
            <Checkbox
              label="Active only"
              checked={query.isActive === true}
              onChange={(e) => set({ isActive: e.target.checked ? true : undefined })}
            />
          </div>
        </div>
      </div>

      <div
        id={`${panelId}-more`}
        className={cn(
          "flex-wrap items-end justify-between gap-x-6 gap-y-3 sm:flex",
          open ? "flex" : "hidden",
        )}
      >
        <fieldset>
          <legend className={labelClass}>Chains</legend>
          <div className="flex flex-wrap gap-2">
            {explorerChains[query.environment].map((chain) => {
              const checked = query.chainId?.includes(chain.id) ?? false;
              return (
                <label
                  key={chain.id}
                  className={cn(
                    "relative inline-flex cursor-pointer select-none items-center gap-2 rounded-full border py-1 pl-1.5 pr-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500",
                    checked
                      ? "border-indigo-500 bg-indigo-50 text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800",
                  )}
                >
                  <input
                    type="checkbox"
                    // Covers the whole pill, so a click anywhere on it lands on the checkbox itself.
                    className="absolute inset-0 cursor-pointer appearance-none opacity-0"
                    checked={checked}
                    onChange={(e) => toggleChain(chain.id, e.target.checked)}
                  />
                  <ChainIcon chainId={chain.id} size={18} />
                  {chain.name}
                </label>
              );
            })}
          </div>
        </fieldset>

        <div role="group" aria-labelledby={`${panelId}-presets`}>
          <span id={`${panelId}-presets`} className={labelClass}>
            Presets
          </span>
          <div className="flex flex-wrap gap-2">
            {presets[query.environment].map((preset) => {
              const active = isPresetActive(query, preset.filters);
              return (
                <Button
                  key={preset.label}
                  size="sm"
                  variant={active ? "primary" : "secondary"}
                  aria-pressed={active}
                  onClick={() =>
                    navigate((c) => (active ? withoutFilters(c, filterKeys) : applyPreset(c, preset.filters)))
                  }
                >
                  {preset.label}
                </Button>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}

/** A percentage floor typed by hand, committed after a pause in typing. */
function MinPercentInput({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onCommit: (text: string) => void;
}) {
  return (
    <div className="sm:w-32">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <DebouncedInput
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder="Any"
        value={value?.toString() ?? ""}
        onCommit={onCommit}
        delay={400}
        className="tabular-nums"
      />
    </div>
  );
}
