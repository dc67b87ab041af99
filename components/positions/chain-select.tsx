"use client";

import { useId } from "react";
import { FieldError, fieldControlClasses } from "@/components/ui/text-field";
import { chainsOf, environmentLabels, environments, getChain, type Environment } from "@/lib/facts/chains";

/** One chain, or every chain of an environment at once. */
export type ChainChoice = { chainId: number } | { all: Environment };

/** The URL's `chainId` value of a choice: a chain id, `all` (live networks) or `all-test`. */
export const chainChoiceParam = (choice: ChainChoice) =>
  "chainId" in choice ? String(choice.chainId) : choice.all === "live" ? "all" : "all-test";

/** A `chainId` URL value back as a choice; null when it is neither a number nor an "all" value. */
export function parseChainChoice(value: string | null): ChainChoice | null {
  if (value === "all") return { all: "live" };
  if (value === "all-test") return { all: "test" };
  return value && /^\d{1,12}$/.test(value) ? { chainId: Number(value) } : null;
}

const allLabels: Record<Environment, string> = { live: "All live networks", test: "All test networks" };
export const allChainsLabel = (environment: Environment) => allLabels[environment];

/**
 * Every chain Yieldgrid knows, by environment, each environment's "all" first; a chain id from the
 * URL it does not know is kept, disabled.
 */
export function ChainSelect({
  choice,
  error,
  onChange,
}: {
  choice: ChainChoice;
  error: string | undefined;
  onChange: (choice: ChainChoice) => void;
}) {
  const id = useId();
  const chainId = "chainId" in choice ? choice.chainId : null;
  const known = chainId === null || getChain(chainId) !== undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Chain
      </label>
      <select
        id={id}
        value={chainChoiceParam(choice)}
        onChange={(e) => onChange(parseChainChoice(e.target.value)!)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldControlClasses({ invalid: Boolean(error), className: "mt-1.5" })}
      >
        {!known && (
          <option value={chainId} disabled>
            Chain {chainId} (not supported)
          </option>
        )}
        {environments.map((environment) => (
          <optgroup key={environment} label={environmentLabels[environment]}>
            <option value={chainChoiceParam({ all: environment })}>{allLabels[environment]}</option>
            {chainsOf(environment).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
