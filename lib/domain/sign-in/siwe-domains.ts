import "server-only";
// The sign-in domains (SIWE_DOMAIN, parsed by lib/machinery/config.ts) as the sign-in checks read them.

/** Whether a browser's `Origin` (scheme://host[:port]) is one of the domains. "null" and other non-URLs are not. */
export function isAcceptedOrigin(origin: string, domains: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return domains.includes(url.host) || domains.includes(`${url.hostname}:${port}`);
}

/** The domains as an error message names them. */
export const describeSiweDomains = (domains: readonly string[]) => `SIWE_DOMAIN: ${domains.join(", ")}`;

/**
 * A request a browser sent from another site's page: its `Origin` is present and not one of the
 * domains, or it says `Sec-Fetch-Site: cross-site`. A request with neither header is not from a
 * browser page (curl, a server) and is not cross-site.
 */
export function isCrossSiteRequest(headers: Headers, domains: readonly string[]): boolean {
  const origin = headers.get("origin");
  if (origin !== null && !isAcceptedOrigin(origin, domains)) return true;
  return headers.get("sec-fetch-site")?.toLowerCase() === "cross-site";
}
