import "server-only";
import { isIPv4, isIPv6 } from "node:net";
import { HEADERS } from "@/lib/facts/http.mjs";
import { serveMarker } from "@/lib/api/serve-marker";

export const UNKNOWN_ADDRESS = "unknown";

/**
 * The rate-limit identity of the client: with `hops` 0 the connection's own address,
 * with N > 0 the N-th X-Forwarded-For entry from the right, the one the N-th trusted proxy appended.
 * IPv4 as is (an IPv4-mapped IPv6 address counts as IPv4), IPv6 as its /64. Anything else is "unknown".
 */
export function clientAddress(request: Request, hops: number): string {
  if (hops === 0) {
    // Without serve.mjs nobody vouches for the header: all such callers share one bucket.
    if (!serveMarker()) return UNKNOWN_ADDRESS;
    return addressBucket(request.headers.get(HEADERS.clientAddress) ?? "");
  }
  const entries = (request.headers.get("x-forwarded-for") ?? "").split(",");
  const entry = entries.length >= hops ? entries[entries.length - hops]! : "";
  return addressBucket(stripPort(entry.trim()));
}

/** `[2001:db8::1]:443` → `2001:db8::1`, `192.0.2.1:8080` → `192.0.2.1`; proxies write either form. */
function stripPort(entry: string): string {
  if (entry.startsWith("[")) return entry.slice(1, entry.indexOf("]") >>> 0);
  const colon = entry.indexOf(":");
  return colon > 0 && colon === entry.lastIndexOf(":") ? entry.slice(0, colon) : entry;
}

/** The bucket name part for one address: dotted IPv4, or the IPv6 /64 as `a:b:c:d::/64`. */
export function addressBucket(raw: string): string {
  const address = raw.replace(/%.*$/, ""); // a zone id (fe80::1%eth0) is not part of the address
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_ADDRESS;
  const groups = expandIPv6(address);
  // ::ffff:a.b.c.d (and its hex form) is an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by isIPv6 first), with `::` and an IPv4 tail expanded. */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ":" + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.includes("::") ? (text.split("::") as [string, string]) : [text, undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
