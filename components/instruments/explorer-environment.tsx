"use client";

import Link from "next/link";
import type { MouseEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { environmentLabels, environments, type Environment } from "@/lib/facts/chains";
import {
  chainList,
  toExplorerSearch,
  withEnvironment,
  type ExplorerQuery,
  type Navigate,
} from "./explorer-query";

// The explorer's "Live networks | Test networks" switch, the page description that goes with it,
// and what the test view shows to a visitor without a dashboard session. No wallet code here: the
// explorer's first load stays lean; signing in happens on /settings/api-keys.

/**
 * Links (each works without JavaScript and opens in a new tab), followed in place once the page is
 * live: the explorer's state changes without a server render, like every other control.
 */
export function EnvironmentSwitch({ query, navigate }: { query: ExplorerQuery; navigate: Navigate }) {
  const follow = (environment: Environment) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate((c) => (c.environment === environment ? c : withEnvironment(c, environment)));
  };
  return (
    <nav aria-label="Networks">
      <ul className="inline-flex rounded-lg border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-900">
        {environments.map((environment) => {
          const current = query.environment === environment;
          return (
            <li key={environment}>
              <a
                href={`/${toExplorerSearch(withEnvironment(query, environment))}`}
                aria-current={current ? "page" : undefined}
                onClick={follow(environment)}
                className={cn(
                  "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors",
                  current
                    ? "bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white"
                    : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                {environment === "test" && (
                  <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
                )}
                {environmentLabels[environment]}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** What the page lists, in the words of the chosen environment. */
export function ExplorerDescription({ environment }: { environment: Environment }) {
  return (
    <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
      {environment === "live" ? (
        <>Supply APY and TVL of every lending market Yieldgrid tracks on {chainList("live")}.</>
      ) : (
        <>
          Test networks: the lending markets Yieldgrid tracks on {chainList("test")}, read with your dashboard
          session. The local chain shows live numbers while <code className="font-mono">npm run devnet</code>{" "}
          runs.
        </>
      )}{" "}
      Filter, sort and share the view: it all lives in the address bar.
    </p>
  );
}

/** A 401 from the API: the test environment needs a dashboard session (duck-typed, like describeError). */
export const isUnauthorized = (error: unknown) =>
  error instanceof Error && "status" in error && error.status === 401;

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
        <Link href="/settings/api-keys" className={buttonClasses({ variant: "primary" })}>
          Sign in on the API keys page
        </Link>
        <Button onClick={() => navigate(withEnvironment(query, "live"))}>Back to live networks</Button>
      </div>
    </section>
  );
}
