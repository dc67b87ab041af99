"use client";

import { useId } from "react";
import { FieldError, fieldControlClasses } from "@/components/ui/text-field";
import { chainsOf, environmentLabels, environments, getChain } from "@/lib/chains";

/** Every chain Yieldgrid knows, by environment; a chain id from the URL it does not know is kept, disabled. */
export function ChainSelect({
  chainId,
  error,
  onChange,
}: {
  chainId: number;
  error: string | undefined;
  onChange: (chainId: number) => void;
}) {
  const id = useId();
  const known = getChain(chainId) !== undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Chain
      </label>
      <select
        id={id}
        value={chainId}
        onChange={(e) => onChange(Number(e.target.value))}
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
