"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, fieldControlClasses } from "@/components/ui/text-field";
import { loadAddressSchema, type AddressSchema } from "./lazy-address-schema";

/** "The address must be 0x followed by 40 hex digits." from the shared schema's message. */
export function addressProblem(addressSchema: AddressSchema, value: string): string | null {
  const parsed = addressSchema.safeParse(value);
  return parsed.success ? null : `The address ${parsed.error.issues[0]?.message ?? "is not valid"}.`;
}

/** The address field: checked in the browser with the API's own schema before the lookup. */
export function AddressForm({
  initial,
  initialError,
  onLookup,
}: {
  initial: string;
  initialError: string | null;
  onLookup: (address: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  const [touched, setTouched] = useState(false);
  const id = useId();
  // A 400 from the API arrives after mount: show it until the user edits the field.
  const shown = touched ? error : (error ?? initialError);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const trimmed = value.trim();
    const addressSchema = await loadAddressSchema().catch(() => null);
    const problem =
      trimmed === ""
        ? "Enter an address: 0x followed by 40 hex digits."
        : addressSchema
          ? addressProblem(addressSchema, trimmed)
          : "The address could not be checked. Check your connection and try again.";
    setTouched(true);
    setError(problem);
    if (problem || !addressSchema) {
      form.querySelector("input")?.focus();
      return;
    }
    onLookup(addressSchema.parse(trimmed));
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label="Look up an address">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Wallet address
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name="address"
          value={value}
          // The schema the address is checked with loads while it is typed.
          onFocus={() => void loadAddressSchema().catch(() => undefined)}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
            setError(null);
          }}
          placeholder="0x…"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className={fieldControlClasses({ invalid: Boolean(shown), className: "min-w-0 flex-1 font-mono" })}
        />
        <Button type="submit" variant="primary" className="h-10">
          Look up
        </Button>
      </div>
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </form>
  );
}
