"use client";

import { useCallback, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ChainIcon } from "@/components/ui/chain-icon";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { formatUsdCompact } from "@/components/ui/format";
import { FilterIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { assetCategories, assetCategoryFacts, isAssetCategory } from "@/lib/facts/asset-categories";
import { isProtocolName, protocolFacts, protocolNames } from "@/lib/facts/protocols";
import { DebouncedInput } from "./debounced-input";
import { DepositFilter } from "./deposit-filter";
import {
  activeFilterKeys,
  applyPreset,
  explorerChains,
  filterKeys,
  isPresetActive,
  presets,
  withDeposit,
  withoutFilters,
  type ExplorerFilters,
  type ExplorerQuery,
  type Navigate,
} from "./explorer-query";

const tvlThresholds = [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
const protocolOptions = protocolNames.map((name) => ({ value: name, label: protocolFacts[name].label }));
const categoryOptions = assetCategories.map((category) => ({ value: category, label: assetCategoryFacts[category].label }));

const labelClass = "mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400";

/**
 * The explorer's filters: the symbol search, then (folded under a "Filters" button on phones) the
 * selects, floors and checkboxes, the chains and the presets. Every change lands in the URL.
 */
export function ExplorerFilters({ query, navigate }: { query: ExplorerQuery; navigate: Navigate }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const update = useFilterUpdates(navigate);
  // What the folded panel holds: the filters but the search, and the deposit amount.
  const activeCount =
    activeFilterKeys(query).filter((k) => k !== "search").length + (query.depositAmountUsd === undefined ? 0 : 1);

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
            onCommit={update.search}
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
        <div id={`${panelId}-fields`} className={cn("w-full grid-cols-2 gap-3 sm:contents", open ? "grid" : "hidden")}>
          <FilterFields idPrefix={panelId} query={query} update={update} />
        </div>
      </div>

      <div
        id={`${panelId}-more`}
        className={cn("flex-wrap items-end justify-between gap-x-6 gap-y-3 sm:flex", open ? "flex" : "hidden")}
      >
        <ChainFilter query={query} onChange={(chainId) => update.set({ chainId })} />
        <PresetButtons labelId={`${panelId}-presets`} query={query} navigate={navigate} />
      </div>
    </section>
  );
}

type FilterUpdates = ReturnType<typeof useFilterUpdates>;

/** Ways to change the filters; each starts again at page 1 (page 3 of another result set means nothing). */
function useFilterUpdates(navigate: Navigate) {
  const set = useCallback(
    (patch: Partial<ExplorerFilters>, options?: { replace?: boolean }) =>
      navigate((c) => {
        const next: ExplorerQuery = { ...c, ...patch, page: 1 };
        for (const key of filterKeys) if (next[key] === undefined) delete next[key];
        return next;
      }, options),
    [navigate],
  );
  // Typing replaces the history entry instead of adding one at every pause.
  const search = useCallback((text: string) => set({ search: text || undefined }, { replace: true }), [set]);
  const percentFloor = useCallback(
    (key: "minApy" | "minApy30d", text: string) => {
      const value = Number(text);
      if (text === "" || Number.isFinite(value)) set({ [key]: text === "" ? undefined : value }, { replace: true });
    },
    [set],
  );
  const minApy = useCallback((text: string) => percentFloor("minApy", text), [percentFloor]);
  const minApy30d = useCallback((text: string) => percentFloor("minApy30d", text), [percentFloor]);
  const deposit = useCallback(
    (amount: number | undefined) => navigate((c) => withDeposit(c, amount), { replace: true }),
    [navigate],
  );
  return { set, search, minApy, minApy30d, deposit };
}

/** Protocol, category, APY floors, TVL floor and the two checkboxes. */
function FilterFields({ idPrefix, query, update }: { idPrefix: string; query: ExplorerQuery; update: FilterUpdates }) {
  const customTvl = query.minTvl !== undefined && !tvlThresholds.includes(query.minTvl) ? query.minTvl : undefined;
  return (
    <>
      <DepositFilter id={`${idPrefix}-deposit`} value={query.depositAmountUsd} onCommit={update.deposit} />
      <FilterSelect
        id={`${idPrefix}-protocol`}
        label="Protocol"
        className="sm:w-40"
        value={query.protocol ?? ""}
        onChange={(value) => update.set({ protocol: isProtocolName(value) ? value : undefined })}
        anyLabel="All protocols"
        options={protocolOptions}
      />
      <FilterSelect
        id={`${idPrefix}-category`}
        label="Asset category"
        className="sm:w-40"
        value={query.assetCategory ?? ""}
        onChange={(value) => update.set({ assetCategory: isAssetCategory(value) ? value : undefined })}
        anyLabel="All categories"
        options={categoryOptions}
      />
      <MinPercentInput id={`${idPrefix}-min-apy`} label="Min APY (%)" value={query.minApy} onCommit={update.minApy} />
      <MinPercentInput
        id={`${idPrefix}-min-apy30d`}
        label="Min 30d APY (%)"
        value={query.minApy30d}
        onCommit={update.minApy30d}
      />
      <FilterSelect
        id={`${idPrefix}-min-tvl`}
        label="Min TVL"
        className="sm:w-36"
        value={query.minTvl?.toString() ?? ""}
        onChange={(value) => update.set({ minTvl: value === "" ? undefined : Number(value) })}
        anyLabel="Any TVL"
        // A floor from a shared link that is none of the usual ones is still shown, first.
        options={[...(customTvl === undefined ? [] : [customTvl]), ...tvlThresholds].map((t) => ({
          value: String(t),
          label: formatUsdCompact(t),
        }))}
      />
      <div className="col-span-2 flex flex-wrap items-center gap-x-5 gap-y-2 sm:h-9">
        <Checkbox
          label="Stablecoins only"
          checked={query.isStablecoin === true}
          onChange={(e) => update.set({ isStablecoin: e.target.checked ? true : undefined })}
        />
        <Checkbox
          label="Active only"
          checked={query.isActive === true}
          onChange={(e) => update.set({ isActive: e.target.checked ? true : undefined })}
        />
      </div>
    </>
  );
}

/** A labelled select whose first option ("All protocols", "Any TVL") means no filter. */
function FilterSelect({
  id,
  label,
  className,
  value,
  onChange,
  anyLabel,
  options,
}: {
  id: string;
  label: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
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

/** The environment's chains as toggle pills; none checked means every chain. */
function ChainFilter({
  query,
  onChange,
}: {
  query: ExplorerQuery;
  onChange: (chainIds: number[] | undefined) => void;
}) {
  const toggle = (id: number, on: boolean) => {
    const current = new Set(query.chainId ?? []);
    if (on) current.add(id);
    else current.delete(id);
    onChange(current.size ? [...current].sort((a, b) => a - b) : undefined);
  };
  return (
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
                onChange={(e) => toggle(chain.id, e.target.checked)}
              />
              <ChainIcon chainId={chain.id} size={18} />
              {chain.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One-click views; pressing the active one again clears the filters. */
function PresetButtons({ labelId, query, navigate }: { labelId: string; query: ExplorerQuery; navigate: Navigate }) {
  return (
    <div role="group" aria-labelledby={labelId}>
      <span id={labelId} className={labelClass}>
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
              onClick={() => navigate((c) => (active ? withoutFilters(c, filterKeys) : applyPreset(c, preset.filters)))}
            >
              {preset.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
