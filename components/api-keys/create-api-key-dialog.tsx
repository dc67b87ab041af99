"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { createApiKeyMutationOptions, forgetCreatedApiKeys } from "@/lib/client/queries/api-keys";
import { CreateApiKeyForm } from "./create-api-key-form";
import { formatDate } from "@/components/ui/format";
import { NewKey } from "./new-key";

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
        {create.data.expiresAt ? `; it expires on ${formatDate(create.data.expiresAt)}` : ""}. Send it in the{" "}
        <code className="font-mono text-[13px]">X-API-Key</code> header.
      </NewKey>
    );

  return (
    <CreateApiKeyForm
      onSubmit={(request) => create.mutate(request, { onSuccess: onCreated })}
      onCancel={close}
      pending={create.isPending}
      error={create.error}
    />
  );
}
