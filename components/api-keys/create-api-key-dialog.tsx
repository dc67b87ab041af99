"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { FieldError, TextField, fieldControlClasses } from "@/components/ui/text-field";
import { ApiClientError } from "@/lib/client/api-fetch";
import { chainsOf } from "@/lib/facts/chains";
import { createApiKeyMutationOptions, forgetCreatedApiKeys } from "@/lib/client/queries/api-keys";
import { apiKeyTypes, createApiKeyRequestSchema, type ApiKeyType } from "@/lib/schemas/api-keys";
import { formatDay } from "./format-dates";
import { NewKey } from "./new-key";

type Field = "name" | "type" | "expiresAt";
type FieldErrors = Partial<Record<Field, string>>;

const typeLabels: Record<ApiKeyType, string> = { test: "Test", live: "Live" };
const networkNames = (environment: ApiKeyType) =>
  chainsOf(environment)
    .map((c) => c.name)
    .join(", ");
const typeDescriptions: Record<ApiKeyType, string> = {
  test: `${networkNames("test")}. No rate limit.`,
  live: `${networkNames("live")}. Hourly rate limit.`,
};

const isField = (path: string): path is Field => path === "name" || path === "type" || path === "expiresAt";

/** Validation problems of a 400 answer, by form field; the rest go above the buttons. */
function fieldErrorsOf(error: unknown): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  if (!(error instanceof ApiClientError) || error.status !== 400) return { fields, other };
  for (const issue of error.issues ?? []) {
    if (isField(issue.path)) fields[issue.path] ??= sentence(issue.path, issue.message);
    else other.push(`${issue.path || "Request"} ${issue.message}`);
  }
  return { fields, other };
}

const fieldLabels: Record<Field, string> = { name: "Name", type: "Type", expiresAt: "Expiry date" };
const sentence = (field: Field, message: string) => `${fieldLabels[field]} ${message}.`;

/** The last moment of a calendar day in the user's time zone, as ISO 8601 (what expiresAt takes). */
const endOfLocalDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Only whether a key was created (for the title), never the key itself.
  const [created, setCreated] = useState(false);
  const close = useCallback(() => {
    setCreated(false);
    onClose();
  }, [onClose]);
  return (
    <Dialog open={open} onClose={close} title={created ? "Save your new key" : "Create an API key"}>
      <CreateApiKeyFlow onClose={close} onCreated={() => setCreated(true)} />
    </Dialog>
  );
}

/**
 * The form, then the new key, shown once. This component exists only while the dialog is open;
 * closing it resets the mutation and removes it from the mutation cache, so the full key is held
 * nowhere once the dialog is gone.
 */
function CreateApiKeyFlow({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const client = useQueryClient();
  const create = useMutation(createApiKeyMutationOptions());
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  // However the dialog closes (Done, Escape, the close button), the created key leaves the cache with it.
  useEffect(() => () => forgetCreatedApiKeys(client), [client]);

  const close = () => {
    create.reset();
    forgetCreatedApiKeys(client);
    onClose();
  };

  if (create.data)
    return (
      <NewKey apiKey={create.data.key} onDone={close}>
        <span className="font-medium text-slate-900 dark:text-slate-100">{create.data.name}</span> is ready
        {create.data.expiresAt ? `; it expires on ${formatDay(create.data.expiresAt)}` : ""}. Send it in the{" "}
        <code className="font-mono text-[13px]">X-API-Key</code> header.
      </NewKey>
    );

  const api = fieldErrorsOf(create.error);
  const errors: FieldErrors = { ...api.fields, ...clientErrors };
  const unexpected =
    create.error && !(create.error instanceof ApiClientError && create.error.status === 400)
      ? create.error
      : null;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expiry = String(form.get("expiresAt") ?? "");
    const parsed = createApiKeyRequestSchema.safeParse({
      name: String(form.get("name") ?? ""),
      type: String(form.get("type") ?? "test"),
      ...(expiry && { expiresAt: endOfLocalDay(expiry) }),
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? "");
        if (isField(path)) next[path] ??= sentence(path, issue.message);
      }
      setClientErrors(next);
      focusFirstInvalid(event.currentTarget, next);
      return;
    }
    setClientErrors({});
    create.mutate(parsed.data, { onSuccess: onCreated });
  };

  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

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
        <fieldset aria-describedby={errors.type ? "api-key-type-error" : undefined}>
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
                  <span
                    id={`api-key-type-${type}-label`}
                    className="block font-medium text-slate-900 dark:text-slate-100"
                  >
                    {typeLabels[type]}
                  </span>
                  <span
                    id={`api-key-type-${type}-description`}
                    className="mt-0.5 block text-slate-600 dark:text-slate-400"
                  >
                    {typeDescriptions[type]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.type && <FieldError id="api-key-type-error">{errors.type}</FieldError>}
        </fieldset>
        <div>
          <label
            htmlFor="api-key-expiry"
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Expiry date <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <p id="api-key-expiry-hint" className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            The key stops working at the end of this day, your time. Leave empty for a key that does not
            expire.
          </p>
          <input
            id="api-key-expiry"
            name="expiresAt"
            type="date"
            min={localDay(tomorrow)}
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={["api-key-expiry-hint", errors.expiresAt ? "api-key-expiry-error" : null]
              .filter(Boolean)
              .join(" ")}
            className={fieldControlClasses({
              invalid: Boolean(errors.expiresAt),
              className: "mt-1.5 sm:w-56",
            })}
          />
          {errors.expiresAt && <FieldError id="api-key-expiry-error">{errors.expiresAt}</FieldError>}
        </div>
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
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? (
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
  const first = (["name", "type", "expiresAt"] as const).find((f) => errors[f]);
  if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}
