"use client";

import { AppLink } from "@/components/ui/app-link";
import { Button, buttonClasses } from "@/components/ui/button";
import { chainList, withEnvironment, type ExplorerQuery, type Navigate } from "./explorer-query";

// Loaded only when the test view answers 401 (instrument-explorer.tsx). No wallet code here: signing
// in happens on /settings/api-keys.

/** The test view without a session: how to get one, and the way back to live networks. */
export function TestNetworksSignIn({ query, navigate }: { query: ExplorerQuery; navigate: Navigate }) {
  return (
    <section
      aria-labelledby="test-sign-in-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 px-5 py-6 sm:px-8 dark:border-amber-800/70 dark:bg-amber-950/30"
    >
      <h2 id="test-sign-in-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Sign in to browse test networks
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-slate-700 dark:text-slate-300">
        {chainList("test")} belong to the test environment, which Yieldgrid shows to signed-in accounts.
        Connect a wallet on the API keys page and sign a message (no transaction, no fee); then come back
        here. With the API, use a test key instead.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <AppLink href="/settings/api-keys" className={buttonClasses({ variant: "primary" })}>
          Sign in on the API keys page
        </AppLink>
        <Button onClick={() => navigate(withEnvironment(query, "live"))}>Back to live networks</Button>
      </div>
    </section>
  );
}
