import "server-only";
/** The headers of a request, as a route handler (Request) or a page (next/headers) reads them. */
interface HeaderReader {
  get(name: string): string | null;
}

const HOST = /^[\w.-]+(:\d+)?$|^\[[\d:a-fA-F]+\](:\d+)?$/;

/**
 * The origin the client called, as the proxy in front (or the Host header) says: links in answers and
 * pages must work there. `served` is the URL the server itself saw (route handlers have one); without
 * a usable host the answer is its origin, or "" (same-origin paths) for a page. IPv6 hosts included.
 */
export function requestOrigin(headers: HeaderReader, served?: URL): string {
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  const proto = first("x-forwarded-proto") ?? served?.protocol.replace(":", "") ?? "http";
  const host = first("x-forwarded-host") ?? first("host") ?? served?.host;
  return host && /^https?$/.test(proto) && HOST.test(host) ? `${proto}://${host}` : (served?.origin ?? "");
}
