"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/components/ui/format";
import { forgetCreatedApiKeys, rollApiKeyMutationOptions } from "@/lib/client/queries/api-keys";
import type { ApiKey } from "@/lib/schemas/api-keys";
import { NewKey } from "./new-key";

/** The grace periods the dashboard offers (the API takes any up to 7 days). */
const graceChoices = [
  { seconds: 0, label: "None", hint: "The current secret stops working now." },
  { seconds: 3600, label: "1 hour", hint: "Both secrets work for an hour: time to deploy the new one." },
  { seconds: 86_400, label: "24 hours", hint: "Both secrets work for a day." },
] as const;

/** Asks how long the old secret may keep working, rolls, then shows the new secret once. */
export function RollApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const [rolled, setRolled] = useState(false);
  const close = () => {
    setRolled(false);
    onClose();
  };
  return (
    <Dialog
      open={apiKey !== null}
      onClose={close}
      title={rolled ? "Save the new secret" : apiKey ? `Roll “${apiKey.name}”?` : "Roll key"}
      className="max-w-lg"
    >
      {apiKey && <RollFlow apiKey={apiKey} onClose={close} onRolled={() => setRolled(true)} />}
    </Dialog>
  );
}

function RollFlow({ apiKey, onClose, onRolled }: { apiKey: ApiKey; onClose: () => void; onRolled: () => void }) {
  const client = useQueryClient();
  const roll = useMutation(rollApiKeyMutationOptions());
  const [grace, setGrace] = useState<number>(3600);
  // However the dialog closes, the new secret leaves the mutation cache with it.
  useEffect(() => () => forgetCreatedApiKeys(client), [client]);

  if (roll.data)
    return (
      <RolledKey
        rolled={roll.data}
        onDone={() => {
          roll.reset();
          forgetCreatedApiKeys(client);
          onClose();
        }}
      />
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        roll.mutate({ id: apiKey.id, gracePeriodSeconds: grace }, { onSuccess: onRolled });
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The key keeps its name, type, limits and usage, and gets a new secret in place of{" "}
        <code className="rounded bg-slate-100 px-1 font-mono text-[13px] dark:bg-slate-800">{apiKey.prefix}…</code>.
        {apiKey.previousKey && (
          <>
            {" "}
            The secret it replaced last (<code className="font-mono text-[13px]">{apiKey.previousKey.prefix}…</code>) stops working now.
          </>
        )}
      </p>
      <GracePeriodChoice value={grace} onChange={setGrace} />
      {roll.error && <RequestError className="mt-4" title="The key was not rolled" error={roll.error} />}
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={roll.isPending}>
          {roll.isPending ? (
            <>
              <Spinner /> Rolling…
            </>
          ) : (
            "Roll key"
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The new secret, shown once, and how long the old one keeps working. */
function RolledKey({
  rolled,
  onDone,
}: {
  rolled: Pick<ApiKey, "name" | "previousKey"> & { key: string };
  onDone: () => void;
}) {
  const previous = rolled.previousKey;
  return (
    <NewKey apiKey={rolled.key} onDone={onDone}>
      <span className="font-medium text-slate-900 dark:text-slate-100">{rolled.name}</span> has a new secret.{" "}
      {previous ? (
        <>
          The old one (<code className="font-mono text-[13px]">{previous.prefix}…</code>) keeps working until{" "}
          <time dateTime={previous.expiresAt}>{formatDateTime(previous.expiresAt)}</time>.
        </>
      ) : (
        "The old one no longer works."
      )}
    </NewKey>
  );
}

function GracePeriodChoice({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const legend = useId();
  return (
    <fieldset className="mt-4" aria-labelledby={legend}>
      <legend id={legend} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        How long should the current secret keep working?
      </legend>
      <div className="mt-2 space-y-2">
        {graceChoices.map((choice) => (
          <label
            key={choice.seconds}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 dark:border-slate-700 dark:has-[:checked]:border-sky-400 dark:has-[:checked]:bg-sky-950/40"
          >
            <input
              type="radio"
              name="grace"
              value={choice.seconds}
              checked={value === choice.seconds}
              onChange={() => onChange(choice.seconds)}
              className="mt-0.5 accent-sky-700"
            />
            <span>
              <span className="font-medium text-slate-900 dark:text-slate-100">{choice.label}</span>
              <span className="block text-slate-600 dark:text-slate-400">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
