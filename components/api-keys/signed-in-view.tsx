"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { ChainLabel } from "@/components/ui/chain-label";
import { DataTable } from "@/components/ui/data-table";
import { PlusIcon } from "@/components/ui/icons";
import { RequestError } from "@/components/ui/request-error";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import { walletErrorMessage } from "@/components/wallet/wallet-errors";
import { useConnection } from "@/components/wallet/wallet-state";
import { ApiClientError } from "@/lib/client/api-fetch";
import { getChain } from "@/lib/facts/chains";
import { shortAddress } from "@/components/ui/format";
import { apiKeysQueryOptions } from "@/lib/client/queries/api-keys";
import { sessionKeys, signOutMutationOptions } from "@/lib/client/queries/session";
import type { ApiKey } from "@/lib/schemas/api-keys";
import type { Session } from "@/lib/schemas/auth";
import { apiKeyColumns } from "./api-key-columns";
import { useSignIn } from "./use-sign-in";

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
  const client = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions(session.address));
  // The session ended (expired, or signed out in another tab): back to the sign-in step.
  const sessionEnded = keys.error instanceof ApiClientError && keys.error.status === 401;
  useEffect(() => {
    if (sessionEnded) client.setQueryData(sessionKeys.all, null);
  }, [sessionEnded, client]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  // The table is rendered on the server; its buttons stay disabled until a click can be handled.
  const hydrated = useHydrated();
  const columns = useMemo(() => apiKeyColumns({ onRoll: setRolling, onRevoke: setRevoking, enabled: hydrated }), [hydrated]);
  const activeCount = keys.data?.filter((k) => k.status === "active").length ?? 0;

  return (
    <div className="space-y-6">
      <AccountBar session={session} />
      <section aria-labelledby="keys-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="keys-heading" className="text-lg font-semibold">
              Your keys
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {keys.data && keys.data.length > 0
                ? `${activeCount} active of ${keys.data.length}`
                : "Keys of this account"}{" "}
              · send one in the <code className="font-mono text-[13px]">X-API-Key</code> header
            </p>
          </div>
          <Button
            variant="primary"
            disabled={!hydrated}
            onClick={() => setCreating(true)}
            onPointerEnter={preloadCreateDialog}
            onFocus={preloadCreateDialog}
          >
            <PlusIcon />
            Create key
          </Button>
        </div>
        {keys.data?.length === 0 ? (
          // Outside the table: a message centred across a wide scrolling table is cut off at 375 px.
          <div className="mt-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <p className="font-medium text-slate-900 dark:text-slate-100">No API keys yet</p>
            <p className="mt-1">Create a key to call the Yieldgrid API from your own code.</p>
            <Button
              variant="primary"
              className="mt-4"
              disabled={!hydrated}
              onClick={() => setCreating(true)}
              onPointerEnter={preloadCreateDialog}
              onFocus={preloadCreateDialog}
            >
              Create your first key
            </Button>
          </div>
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
            error={
              keys.isError ? (
                <RequestError
                  title="Your keys could not be loaded"
                  error={keys.error}
                  onRetry={() => void keys.refetch()}
                  retrying={keys.isFetching}
                />
              ) : undefined
            }
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

/** Who is signed in, sign out, and a warning when the wallet now connected is another address. */
function AccountBar({ session }: { session: Session }) {
  const connection = useConnection();
  const signOut = useMutation(signOutMutationOptions());
  const { signIn, mutation: signInAgain, chainSupported } = useSignIn();
  const chain = getChain(session.chainId);
  const hydrated = useHydrated();
  const mismatch =
    connection.address !== undefined && connection.address.toLowerCase() !== session.address.toLowerCase();

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-900/60">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <span>Signed in as</span>
          <span
            className="font-mono text-[13px] font-medium text-slate-900 dark:text-slate-100"
            title={session.address}
          >
            {shortAddress(session.address)}
          </span>
          {chain && (
            <ChainLabel chainId={chain.id} size={14} className="text-slate-600 dark:text-slate-400" />
          )}
        </p>
        <Button size="sm" variant="secondary" onClick={() => signOut.mutate()} disabled={!hydrated || signOut.isPending}>
          {signOut.isPending ? "Signing out…" : "Sign out"}
        </Button>
      </div>
      {signOut.error && <RequestError title="You could not be signed out" error={signOut.error} />}
      {mismatch && connection.address && (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <p>
            Your wallet is now <span className="font-mono">{shortAddress(connection.address)}</span>, but you
            are signed in as <span className="font-mono">{shortAddress(session.address)}</span>. The keys
            below belong to <span className="font-mono">{shortAddress(session.address)}</span>.
          </p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-3"
            onClick={signIn}
            disabled={signInAgain.isPending || !chainSupported}
          >
            {signInAgain.isPending ? (
              <>
                <Spinner /> Check your wallet…
              </>
            ) : (
              `Sign in as ${shortAddress(connection.address)}`
            )}
          </Button>
          {signInAgain.error && (
            <p className="mt-2 text-red-800 dark:text-red-300">{walletErrorMessage(signInAgain.error)}</p>
          )}
        </div>
      )}
    </div>
  );
}
