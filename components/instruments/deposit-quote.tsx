"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { cn } from "@/components/ui/cn";
import { fieldControlClasses, FieldError } from "@/components/ui/text-field";
import { Spinner } from "@/components/ui/spinner";
import {
  instrumentQuoteQueryOptions,
  normalizeAmount,
  type QuoteInput,
  type QuoteUnit,
} from "@/lib/client/queries/instrument-quote";
import type { Environment } from "@/lib/facts/chains";
import { QuoteOutcome, quoteFieldError, quoteSummary, type QuotedInstrument } from "./deposit-quote-result";

/** How long typing must pause before the amount is quoted. */
const QUOTE_DELAY_MS = 350;

/**
 * The amount as typed and the amount asked: typing is quoted after a pause, Enter and the unit
 * switch at once. Each answer is kept under its own amount (react-query's key), so a slow answer to
 * an older amount never replaces a newer one; while the next loads, the last one stays on screen.
 */
function useDepositQuote(instrumentId: string, environment: Environment) {
  const [input, setInput] = useState<QuoteInput>({ unit: "token", amount: "" });
  const [asked, setAsked] = useState<QuoteInput>(input);
  useEffect(() => {
    if (input === asked) return;
    const timer = setTimeout(() => setAsked(input), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, asked]);

  const empty = normalizeAmount(asked.amount) === "";
  const quote = useQuery({
    ...instrumentQuoteQueryOptions(instrumentId, asked, environment),
    enabled: !empty,
    placeholderData: keepPreviousData,
  });
  const typing = input !== asked && normalizeAmount(input.amount) !== "";
  return {
    input,
    quote,
    empty,
    /** The answer on screen is for an earlier amount: a newer one is on its way. */
    stale: quote.isPlaceholderData || typing,
    busy: !empty && (quote.isFetching || typing),
    fieldError: empty ? null : quoteFieldError(quote.error),
    type: setInput,
    askNow: (next: QuoteInput = input) => {
      setInput(next);
      setAsked(next);
    },
  };
}

/** "What a deposit would earn": an amount in the token or in US dollars, quoted by the API as you type. */
export function DepositQuote({
  instrument,
  environment,
  sampleData,
}: {
  instrument: QuotedInstrument;
  environment: Environment;
  sampleData: boolean;
}) {
  const id = useId();
  const deposit = useDepositQuote(instrument.instrumentId, environment);
  const { quote } = deposit;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10" data-testid="deposit-quote">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        What a deposit would earn
      </h2>
      <p id={`${id}-hint`} className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        A deposit lowers the rate it earns: it adds to what is supplied and may run into a cap. Type an amount
        to see the APY right after it, from this market’s own rate model as the last sync read it. Nothing is
        sent from here.
      </p>
      <QuoteForm id={id} tokenSymbol={instrument.tokenSymbol} deposit={deposit} />
      {/* Said once an answer (or a refusal) is on screen; the figures themselves are not re-read at each key. */}
      <p role="status" className="sr-only">
        {deposit.empty || quote.isFetching ? "" : quoteSummary(instrument, quote.data, quote.error)}
      </p>
      {!deposit.empty && (
        <QuoteOutcome
          instrument={instrument}
          sampleData={sampleData}
          quote={quote}
          stale={deposit.stale}
          onQuoteMaximum={(amount) => deposit.askNow({ unit: "token", amount })}
        />
      )}
    </section>
  );
}

/** The amount (its error tied to it), the unit, and what is going on. */
function QuoteForm({
  id,
  tokenSymbol,
  deposit,
}: {
  id: string;
  tokenSymbol: string;
  deposit: ReturnType<typeof useDepositQuote>;
}) {
  const { input, fieldError } = deposit;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    deposit.askNow();
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-start gap-3" noValidate>
      <div className="w-full sm:w-72">
        <label
          htmlFor={`${id}-amount`}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Deposit amount
        </label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder={input.unit === "usd" ? "2,000,000" : "1000"}
          value={input.amount}
          onChange={(e) => deposit.type({ ...input, amount: e.target.value })}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-hint ${id}-error` : `${id}-hint`}
          className={fieldControlClasses({ invalid: Boolean(fieldError), className: "mt-1.5 tabular-nums" })}
        />
        {fieldError && <FieldError id={`${id}-error`}>{fieldError}</FieldError>}
      </div>
      <UnitChoice
        name={`${id}-unit`}
        tokenSymbol={tokenSymbol}
        unit={input.unit}
        onChange={(unit) => deposit.askNow({ ...input, unit })}
      />
      <p
        className="flex h-10 items-center gap-2 self-end text-sm text-slate-600 dark:text-slate-400"
        aria-hidden="true"
      >
        {deposit.busy && (
          <>
            <Spinner /> Quoting…
          </>
        )}
      </p>
    </form>
  );
}

/** Token or US dollars, as two radio buttons drawn as a segmented switch (arrow keys move between them). */
function UnitChoice({
  name,
  tokenSymbol,
  unit,
  onChange,
}: {
  name: string;
  tokenSymbol: string;
  unit: QuoteUnit;
  onChange: (unit: QuoteUnit) => void;
}) {
  const options: { value: QuoteUnit; label: string }[] = [
    { value: "token", label: tokenSymbol },
    { value: "usd", label: "USD" },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Amount in</legend>
      <div className="mt-1.5 inline-flex h-10 rounded-md border border-slate-300 bg-slate-50 p-0.5 dark:border-slate-700 dark:bg-slate-900">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex min-w-16 cursor-pointer items-center justify-center rounded px-3 text-sm font-medium",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-indigo-500",
              option.value === unit
                ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 dark:bg-slate-700 dark:text-white dark:ring-slate-500"
                : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === unit}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
