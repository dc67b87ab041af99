"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { PlusIcon } from "@/components/ui/icons";
import { QueryError } from "@/components/ui/request-error";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiClientError } from "@/lib/client/api-fetch";
import { apiKeysQueryOptions } from "@/lib/client/queries/api-keys";
import { sessionKeys } from "@/lib/client/queries/session";
import type { ApiKey } from "@/lib/schemas/api-keys";
import type { Session } from "@/lib/schemas/auth";
import { AccountBar } from "./account-bar";
import { apiKeyColumns } from "./api-key-columns";

// The dialogs load when first opened, not with the page: the create dialog validates with the shared
// request schema, which brings zod. Pointing at "Create key" starts loading it before the click.
const loadCreateDialog = () => import("./create-api-key-dialog");
const preloadCreateDialog = () => void loadCreateDialog();
const CreateApiKeyDialog = dynamic(() => loadCreateDialog().then((m) => m.CreateApiKeyDialog), {
  ssr: false,
});
const RollApiKeyDialog = dynamic(() => import("./roll-api-key-dialog").then((m) => m.RollApiKeyDialog), { ssr: false });
const RevokeApiKeyDialog = dynamic(
  () => import("./revoke-api-key-dialog").then((m) => m.RevokeApiKeyDialog),
  { ssr: false },
);

/** Signed in: who, sign out, and the account's keys with their usage, create, roll and revoke. */
export function SignedIn({ session }: { session: Session }) {
  const keys = useQuery(apiKeysQueryOptions(session.address));
  useBackToSignInWhenSessionEnds(keys.error);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  // The table is rendered on the server; its buttons stay disabled until a click can be handled.
  const hydrated = useHydrated();
  const columns = useMemo(() => apiKeyColumns({ onRoll: setRolling, onRevoke: setRevoking, enabled: hydrated }), [hydrated]);
  const create = () => setCreating(true);

  return (
    <div className="space-y-6">
      <AccountBar session={session} />
      <section aria-labelledby="keys-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <KeysHeading keys={keys.data} />
          <CreateKeyButton onClick={create} enabled={hydrated}>
            <PlusIcon />
            Create key
          </CreateKeyButton>
        </div>
        {keys.data?.length === 0 ? (
          <NoKeysYet onCreate={create} enabled={hydrated} />
        ) : (
          <DataTable
            className="mt-4"
            caption="API keys of this account"
            columns={columns}
            data={keys.data ?? []}
            getRowId={(key) => key.id}
            // Only sizes the loading skeleton (three rows); the list itself is not paginated.
            pagination={{ pageIndex: 0, pageSize: 3 }}
            isLoading={keys.isPending}
            isFetching={keys.isFetching && !keys.isPending}
            error={keys.isError ? <QueryError title="Your keys could not be loaded" query={keys} /> : undefined}
          />
        )}
      </section>
      {/* Mounted while open only (so their code loads on first use); closing unmounts them. */}
      {creating && <CreateApiKeyDialog open onClose={() => setCreating(false)} />}
      {revoking && <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
      {rolling && <RollApiKeyDialog apiKey={rolling} onClose={() => setRolling(null)} />}
    </div>
  );
}

/** The session ended (expired, or signed out in another tab): back to the sign-in step. */
function useBackToSignInWhenSessionEnds(error: Error | null) {
  const client = useQueryClient();
  const sessionEnded = error instanceof ApiClientError && error.status === 401;
  useEffect(() => {
    if (sessionEnded) client.setQueryData(sessionKeys.all, null);
  }, [sessionEnded, client]);
}

function KeysHeading({ keys }: { keys: ApiKey[] | undefined }) {
  const activeCount = keys?.filter((k) => k.status === "active").length ?? 0;
  return (
    <div>
      <h2 id="keys-heading" className="text-lg font-semibold">
        Your keys
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {keys && keys.length > 0 ? `${activeCount} active of ${keys.length}` : "Keys of this account"} · send
        one in the <code className="font-mono text-[13px]">X-API-Key</code> header
      </p>
    </div>
  );
}

function CreateKeyButton({
  onClick,
  enabled,
  className,
  children,
}: {
  onClick: () => void;
  enabled: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="primary"
      className={className}
      disabled={!enabled}
      onClick={onClick}
      onPointerEnter={preloadCreateDialog}
      onFocus={preloadCreateDialog}
    >
      {children}
    </Button>
  );
}

function NoKeysYet({ onCreate, enabled }: { onCreate: () => void; enabled: boolean }) {
  return (
    // Outside the table: a message centred across a wide scrolling table is cut off at 375 px.
    <div className="mt-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      <p className="font-medium text-slate-900 dark:text-slate-100">No API keys yet</p>
      <p className="mt-1">Create a key to call the Yieldgrid API from your own code.</p>
      <CreateKeyButton className="mt-4" onClick={onCreate} enabled={enabled}>
        Create your first key
      </CreateKeyButton>
    </div>
  );
}
