import "server-only";
import { defineEndpoint, Reply } from "@/lib/api/http/endpoint";
import { siweBindingCookie } from "@/lib/api/http/cookies";
import { bindingSecretFor, issueNonce } from "@/lib/domain/sign-in/siwe";
import { COOKIES } from "@/lib/facts/http.mjs";
import { nonceResponseSchema } from "@/lib/schemas/auth";
import { bindingCookieSchema, signInSiteGuard } from "./sign-in-shared";

// POST /auth/nonce – a single-use nonce for a Sign-In with Ethereum message, valid 10 minutes, bound to
// this client by the httpOnly cookie it sets
export const issueNonceEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/nonce",
  operationId: "issueSiweNonce",
  summary: "Get a Sign-In with Ethereum nonce",
  description:
    `128 bits from a CSPRNG, single use, valid 10 minutes, and bound to this client: the response sets the httpOnly cookie \`${COOKIES.siweBinding}\` (Path=/api/v1/auth, SameSite=Strict), ` +
    "which POST /auth/verify needs with the nonce (a client that sends its cookie back keeps it, so several nonces can be open at once). " +
    "A request from a page outside SIWE_DOMAIN (`Origin`, or `Sec-Fetch-Site: cross-site`) is 401.",
  tag: "Sign-in",
  auth: "open",
  cookies: bindingCookieSchema,
  setsCookie: `${COOKIES.siweBinding}: binds the nonce to this client (HttpOnly, SameSite=Strict, Path=/api/v1/auth, 10 minutes)`,
  responses: { 200: nonceResponseSchema },
  errors: ["UNAUTHORIZED"],
  example: {},
  guard: signInSiteGuard,
  handler: async ({ services, cookie, secure }) => {
    const bindingSecret = bindingSecretFor(cookie(COOKIES.siweBinding));
    const issued = await issueNonce({ db: services.db, bindingSecret, now: services.now() });
    return new Reply(200, { data: issued }, { "Set-Cookie": siweBindingCookie(bindingSecret, secure) });
  },
});
