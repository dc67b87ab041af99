import "server-only";
import { NONCE_TTL_SECONDS } from "@/lib/domain/sign-in/siwe";
import { COOKIES } from "@/lib/facts/http.mjs";

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** httpOnly, SameSite=Lax, Secure behind https: the dashboard session cookie. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${COOKIES.session}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/**
 * The sign-in binding cookie (lib/domain/sign-in/siwe.ts): sent back only to the sign-in endpoints, only by
 * pages of this site (SameSite=Strict), and gone once the nonces it binds have expired.
 */
export function siweBindingCookie(secret: string, secure: boolean): string {
  return [
    `${COOKIES.siweBinding}=${secret}`,
    "Path=/api/v1/auth",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${NONCE_TTL_SECONDS}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export const isSecureRequest = (request: Request) =>
  new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
