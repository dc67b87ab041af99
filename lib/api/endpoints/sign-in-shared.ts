import "server-only";
import { z } from "zod";
import { assertSignInSite } from "@/lib/domain/sign-in/siwe";
import { COOKIES } from "@/lib/facts/http.mjs";

// What the sign-in endpoints share: the cookies they read, as their declarations document them, and
// the check that a browser request comes from a page of a sign-in domain.

/** Binds a nonce to the client that asked for it (lib/domain/sign-in/siwe.ts). */
export const bindingCookieSchema = z.object({
  [COOKIES.siweBinding]: z.string().optional().meta({ description: "set by POST /auth/nonce; binds its nonces to this client" }),
});

export const sessionCookieSchema = z.object({
  [COOKIES.session]: z.string().optional().meta({ description: "the dashboard session (POST /auth/verify)" }),
});

/** A browser request from a page outside SIWE_DOMAIN is refused before anything is read. */
export const signInSiteGuard = (request: Request, services: { config: { siweDomains: string[] } }) =>
  assertSignInSite(request.headers, services.config.siweDomains);
