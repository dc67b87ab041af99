"use client";

import type { MouseEvent } from "react";
import { cn } from "@/components/ui/cn";
import { environmentLabels, environments, type Environment } from "@/lib/facts/chains";
import {
  chainList,
  toExplorerSearch,
  withEnvironment,
  type ExplorerQuery,
  type Navigate,
} from "./explorer-query";

// The explorer's "Live networks | Test networks" switch and the page description that goes with it
// (what the test view shows to a visitor without a dashboard session is test-networks-sign-in.tsx).

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
