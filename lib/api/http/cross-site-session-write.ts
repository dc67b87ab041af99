import { ApiError } from "./errors";
import { describeSiweDomains, isCrossSiteRequest } from "@/lib/domain/sign-in/siwe-domains";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that carries the dashboard session cookie and comes from another site's page (CSRF) is
 * refused, whatever the endpoint: sign-out, key creation and revocation, and any write added later.
 * Reads, API-key calls (no cookie involved) and requests without Origin and Sec-Fetch-Site (curl, a
 * server: not a browser page) are not affected. Returns the 403 to answer, or null.
 */
export function crossSiteSessionWrite(request: Request, carriesSessionCookie: boolean, domains: readonly string[]): ApiError | null {
  if (!carriesSessionCookie || SAFE_METHODS.has(request.method) || !isCrossSiteRequest(request.headers, domains)) return null;
  return new ApiError(
    "FORBIDDEN",
    `Cross-site request refused: a ${request.method} with the dashboard session must come from a page of ${describeSiweDomains(domains)}; ` +
      "from anywhere else, use an API key",
  );
}
