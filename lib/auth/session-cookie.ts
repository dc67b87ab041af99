import { SESSION_COOKIE } from "./sessions";
import { NONCE_TTL_SECONDS, SIWE_BINDING_COOKIE } from "./siwe";

/** httpOnly, SameSite=Lax, Secure behind https: the dashboard session cookie. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/**
 * The sign-in binding cookie (lib/auth/siwe.ts): sent back only to the sign-in endpoints, only by
 * pages of this site (SameSite=Strict), and gone once the nonces it binds have expired.
 */
export function siweBindingCookie(secret: string, secure: boolean): string {
  return [
    `${SIWE_BINDING_COOKIE}=${secret}`,
    "Path=/api/v1/auth",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${NONCE_TTL_SECONDS}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export const isSecureRequest = (request: Request) =>
  new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
