import { isIPv6 } from "node:net";

/**
 * The sites the dashboard signs in from: `host[:port]` entries, from SIWE_DOMAIN only,
 * never from a request's Host or X-Forwarded-Host (a phishing site relays those as it likes). A
 * port-less entry means the scheme's default port, as a browser's `window.location.host` writes it.
 */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`);

function isDomain(entry: string): boolean {
  const match = DOMAIN.exec(entry);
  if (!match) return false;
  const [, , ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/** SIWE_DOMAIN parsed and validated; unset or empty: the loopback hosts on `port`. Throws a message for the operator. */
export function parseSiweDomains(value: string | undefined, port: number): string[] {
  if (value === undefined || value.trim() === "") return LOOPBACK_HOSTS.map((host) => `${host}:${port}`);
  const entries = value.split(",").map((entry) => entry.trim().toLowerCase());
  const bad = entries.filter((entry) => !isDomain(entry));
  if (bad.length > 0)
    throw new Error(
      `SIWE_DOMAIN must be a comma-separated list of host[:port] (for example "app.example.com" or ` +
        `"app.example.com,localhost:3000"; no scheme, path or empty entry), got ${JSON.stringify(value)}: ` +
        bad.map((entry) => (entry === "" ? "an empty entry" : JSON.stringify(entry))).join(", ") +
        " is not host[:port]",
    );
  return [...new Set(entries)];
}

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
