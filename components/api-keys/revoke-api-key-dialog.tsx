"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { revokeApiKeyMutationOptions } from "@/lib/client/queries/api-keys";
import type { ApiKey } from "@/lib/schemas/api-keys";

/** Asks before revoking: a revoked key is rejected at once and cannot be brought back. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={apiKey !== null}
      onClose={onClose}
      title={apiKey ? `Revoke “${apiKey.name}”?` : "Revoke key"}
      className="max-w-md"
    >
      {apiKey && <RevokeConfirmation apiKey={apiKey} onClose={onClose} />}
    </Dialog>
  );
}

function RevokeConfirmation({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useMutation(revokeApiKeyMutationOptions());
  return (
    <div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Requests with the key{" "}
        <code className="rounded bg-slate-100 px-1 font-mono text-[13px] dark:bg-slate-800">
          {apiKey.prefix}…
        </code>{" "}
        will be rejected from now on. This cannot be undone.
      </p>
      {revoke.error && <RequestError className="mt-4" title="The key was not revoked" error={revoke.error} />}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(apiKey.id, { onSuccess: onClose })}
        >
          {revoke.isPending ? (
            <>
              <Spinner /> Revoking…
            </>
          ) : (
            "Revoke key"
          )}
        </Button>
      </DialogFooter>
    </div>
  );
}
