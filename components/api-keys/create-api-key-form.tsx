"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { FieldError, TextField, fieldControlClasses } from "@/components/ui/text-field";
import { chainsOf } from "@/lib/facts/chains";
import { apiKeyTypes, type ApiKeyType, type CreateApiKeyRequest } from "@/lib/schemas/api-keys";
import {
  fieldErrorsOf,
  formFields,
  isBadRequest,
  parseCreateKeyForm,
  type FieldErrors,
} from "./create-api-key-form-errors";

/**
 * Name, type and expiry of a new key. Checked in the browser with the API's request schema before it
 * is sent; what the API refuses anyway is shown at the field it concerns.
 */
export function CreateApiKeyForm({
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  onSubmit: (request: CreateApiKeyRequest) => void;
  onCancel: () => void;
  pending: boolean;
  /** The failed create request, if the last one failed. */
  error: Error | null;
}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const api = fieldErrorsOf(error);
  const errors: FieldErrors = { ...api.fields, ...clientErrors };
  const unexpected = error && !isBadRequest(error) ? error : null;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCreateKeyForm(new FormData(event.currentTarget));
    if (!parsed.success) {
      setClientErrors(parsed.errors);
      focusFirstInvalid(event.currentTarget, parsed.errors);
      return;
    }
    setClientErrors({});
    onSubmit(parsed.request);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={() => {
        if (Object.keys(clientErrors).length > 0) setClientErrors({});
      }}
    >
      <div className="space-y-5">
        <TextField
          label="Name"
          name="name"
          hint="Something to recognise it by, such as where it is used."
          placeholder="e.g. backtester"
          autoComplete="off"
          maxLength={64}
          required
          error={errors.name}
          data-autofocus
        />
        <KeyTypeField error={errors.type} />
        <ExpiryDateField error={errors.expiresAt} />
      </div>
      {api.other.length > 0 && (
        <ul
          role="alert"
          className="mt-5 list-inside list-disc rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-300"
        >
          {api.other.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {unexpected && <RequestError className="mt-5" title="The key was not created" error={unexpected} />}
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? (
            <>
              <Spinner /> Creating…
            </>
          ) : (
            "Create key"
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = formFields.find((f) => errors[f]);
  if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}

const typeLabels: Record<ApiKeyType, string> = { test: "Test", live: "Live" };
const networkNames = (environment: ApiKeyType) =>
  chainsOf(environment)
    .map((c) => c.name)
    .join(", ");
const typeDescriptions: Record<ApiKeyType, string> = {
  test: `${networkNames("test")}. No rate limit.`,
  live: `${networkNames("live")}. Hourly rate limit.`,
};

/** Test or live, as two radio cards naming the networks each reads. */
function KeyTypeField({ error }: { error: string | undefined }) {
  return (
    <fieldset aria-describedby={error ? "api-key-type-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Type</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {apiKeyTypes.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50/70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500 dark:border-slate-700 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950/50"
          >
            <input
              type="radio"
              name="type"
              value={type}
              defaultChecked={type === "test"}
              aria-labelledby={`api-key-type-${type}-label`}
              aria-describedby={`api-key-type-${type}-description`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
            />
            <span>
              <span id={`api-key-type-${type}-label`} className="block font-medium text-slate-900 dark:text-slate-100">
                {typeLabels[type]}
              </span>
              <span id={`api-key-type-${type}-description`} className="mt-0.5 block text-slate-600 dark:text-slate-400">
                {typeDescriptions[type]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id="api-key-type-error">{error}</FieldError>}
    </fieldset>
  );
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** An optional last day, from tomorrow on. */
function ExpiryDateField({ error }: { error: string | undefined }) {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  return (
    <div>
      <label htmlFor="api-key-expiry" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Expiry date <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <p id="api-key-expiry-hint" className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        The key stops working at the end of this day, your time. Leave empty for a key that does not expire.
      </p>
      <input
        id="api-key-expiry"
        name="expiresAt"
        type="date"
        min={localDay(tomorrow)}
        aria-invalid={error ? true : undefined}
        aria-describedby={["api-key-expiry-hint", error ? "api-key-expiry-error" : null].filter(Boolean).join(" ")}
        className={fieldControlClasses({ invalid: Boolean(error), className: "mt-1.5 sm:w-56" })}
      />
      {error && <FieldError id="api-key-expiry-error">{error}</FieldError>}
    </div>
  );
}
