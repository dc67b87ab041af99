"use client";

import { ApiClientError } from "@/lib/client/api-fetch";
import { walletErrorMessage } from "@/components/wallet/wallet-errors";

const alertClass =
  "mx-auto mt-4 max-w-md rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-300";

/** The sign-in domains a 401 names (`details.signInDomains`): the page is on a host the server does not sign in. */
function signInDomainsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiClientError) || error.status !== 401) return null;
  const domains = error.details.signInDomains;
  return Array.isArray(domains) && domains.length > 0 && domains.every((d) => typeof d === "string") ? domains : null;
}

/**
 * Why a sign-in failed. Opened on a host outside the server's SIWE_DOMAIN, the page says where
 * signing in works instead, with links to this page there; anything else as the wallet or API said.
 */
export function SignInError({ error }: { error: unknown }) {
  // An IPv6 literal ([::1]) cannot be named in a sign-in message (lib/client/queries/session.ts): not offered.
  const domains = signInDomainsOf(error)?.filter((domain) => !domain.startsWith("["));
  if (!domains?.length) return <p role="alert" className={alertClass}>{walletErrorMessage(error)}</p>;
  const { protocol, host, pathname } = window.location;
  return (
    <div role="alert" className={`${alertClass} space-y-1 text-left`}>
      <p className="font-semibold">Signing in does not work at {host}</p>
      <p>
        This server signs in only pages at{" "}
        {domains.map((domain, i) => (
          <span key={domain}>
            {i > 0 && (i === domains.length - 1 ? " or " : ", ")}
            <a className="font-medium underline underline-offset-2" href={`${protocol}//${domain}${pathname}`}>
              {domain}
            </a>
          </span>
        ))}
        . Open Yieldgrid there, or have {host} added to the server&apos;s SIWE_DOMAIN.
      </p>
    </div>
  );
}
