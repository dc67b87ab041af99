"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { QueryError } from "@/components/ui/request-error";
import { Skeleton } from "@/components/ui/skeleton";
import { sessionQueryOptions } from "@/lib/client/queries/session";
import { SignInPanel } from "./sign-in-panel";

// The signed-in view (the keys table, with react-table) is a chunk of its own: a signed-out visit does
// not download it. A signed-in one still renders it on the server, and the browser loads it with the page.
const SignedIn = dynamic(() => import("./signed-in-view").then((m) => m.SignedIn), {
  loading: () => <SessionSkeleton />,
});

/** The API keys page below its heading: sign-in states, then the account's keys. */
export function ApiKeysManager() {
  const session = useQuery(sessionQueryOptions());
  if (session.isPending) return <SessionSkeleton />;
  if (session.isError) return <QueryError title="Your sign-in could not be checked" query={session} />;
  if (!session.data) return <SignInPanel />;
  return <SignedIn session={session.data} />;
}

function SessionSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your account" className="space-y-4">
      <Skeleton className="h-16 w-full rounded-lg" />
      <Skeleton className="h-48 w-full rounded-lg" />
    </div>
  );
}
