"use client";

import { useCallback, useState } from "react";
import { formatUsdCompact } from "@/components/ui/format";
import { FieldError } from "@/components/ui/text-field";
import { DebouncedInput } from "./debounced-input";
import { MAX_DEPOSIT_USD, parseDepositUsd } from "./explorer-query";

/**
 * The explorer's deposit amount in US dollars: with one, the APY column is the total APY right after
 * it (the API quotes every row). Text that is no amount leaves the view as it is and says why, in a
 * message tied to the field.
 */
export function DepositFilter({
  id,
  value,
  onCommit,
}: {
  id: string;
  value: number | undefined;
  onCommit: (amount: number | undefined) => void;
}) {
  const [invalid, setInvalid] = useState(false);
  const commit = useCallback(
    (text: string) => {
      const amount = parseDepositUsd(text);
      setInvalid(amount === null);
      if (amount !== null) onCommit(amount);
    },
    [onCommit],
  );
  return (
    <div className="relative col-span-2 sm:col-span-1 sm:w-40">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
        Deposit (USD)
      </label>
      <DebouncedInput
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={30}
        placeholder="e.g. 2000000"
        value={value?.toString() ?? ""}
        onCommit={commit}
        delay={500}
        // The message goes as soon as the text is an amount again, or the field is emptied.
        onInput={(e) => invalid && parseDepositUsd(e.currentTarget.value) !== null && setInvalid(false)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="tabular-nums"
      />
      {invalid && (
        // From sm up the filters share one row: the message floats under the field instead of
        // pushing the row's other fields out of line.
        <div className="sm:absolute sm:left-0 sm:top-full sm:z-10 sm:w-64 sm:rounded-md sm:border sm:border-red-200 sm:bg-white sm:px-2 sm:pb-1.5 sm:shadow-md dark:sm:border-red-900 dark:sm:bg-slate-900">
          <FieldError id={`${id}-error`}>
            Enter US dollars above 0, at most {formatUsdCompact(MAX_DEPOSIT_USD)}, such as 2000000.
          </FieldError>
        </div>
      )}
    </div>
  );
}
