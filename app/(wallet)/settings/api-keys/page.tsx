import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { findSession } from "@/lib/domain/sign-in/sessions";
import { apiKeyKeys } from "@/lib/client/queries/api-keys";
import { sessionKeys } from "@/lib/client/queries/session";
import { getServices } from "@/lib/api/services";
import { COOKIES } from "@/lib/facts/http.mjs";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  // The first render knows the session and the keys already (no sign-in flash on reload); the
  // browser continues with the same queries against /api/v1.
  const queryClient = new QueryClient();
  const token = (await cookies()).get(COOKIES.session)?.value;
  const { db, keys, now } = await getServices();
  const session = token ? await findSession({ db, token, now: now() }) : null;
  queryClient.setQueryData(sessionKeys.all, session);
  if (session)
    queryClient.setQueryData(
      apiKeyKeys.list(session.address),
      await listApiKeys({ db, keyStore: keys, account: session.address, type: null, now: now() }),
    );

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Settings</p>
        <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Keys let your code call the Yieldgrid API. They belong to your wallet address: sign in with your
          wallet to create, roll and revoke them and see how much each is used.
        </p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApiKeysManager />
      </HydrationBoundary>
    </div>
  );
}
