import { z } from "zod";
import { defineEndpoint, Reply } from "@/lib/api/endpoint";
import { createSession, deleteSession, findSession, SESSION_COOKIE } from "@/lib/domain/sign-in/sessions";
import { assertSignInSite, bindingSecretFor, issueNonce, SIWE_BINDING_COOKIE, verifySiwe } from "@/lib/domain/sign-in/siwe";
import { chainClient } from "@/lib/machinery/chain/client";
import { sessionCookie, siweBindingCookie } from "@/lib/api/http/cookies";
import { ApiError } from "@/lib/api/http/errors";
import { nonceResponseSchema, sessionResponseSchema, verifySiweRequestSchema } from "@/lib/schemas/auth";

/** The cookie that binds a nonce to the client that asked for it (lib/domain/sign-in/siwe.ts). */
const bindingCookieSchema = z.object({
  [SIWE_BINDING_COOKIE]: z.string().optional().meta({ description: "set by POST /auth/nonce; binds its nonces to this client" }),
});

// A browser request from a page outside SIWE_DOMAIN is refused before anything is read.
const signInSiteGuard = (request: Request, services: { config: { siweDomains: string[] } }) =>
  assertSignInSite(request.headers, services.config.siweDomains);

// POST /auth/nonce – a single-use nonce for a Sign-In with Ethereum message, valid 10 minutes, bound to
// this client by the httpOnly cookie it sets
export const issueNonceEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/nonce",
  operationId: "issueSiweNonce",
  summary: "Get a Sign-In with Ethereum nonce",
  description:
    "128 bits from a CSPRNG, single use, valid 10 minutes, and bound to this client: the response sets the httpOnly cookie `yg_siwe` (Path=/api/v1/auth, SameSite=Strict), " +
    "which POST /auth/verify needs with the nonce (a client that sends its cookie back keeps it, so several nonces can be open at once). " +
    "A request from a page outside SIWE_DOMAIN (`Origin`, or `Sec-Fetch-Site: cross-site`) is 401.",
  tags: ["Sign-in"],
  auth: "open",
  cookies: bindingCookieSchema,
  setsCookie: "yg_siwe: binds the nonce to this client (HttpOnly, SameSite=Strict, Path=/api/v1/auth, 10 minutes)",
  responses: { 200: nonceResponseSchema },
  errors: ["UNAUTHORIZED"],
  guard: signInSiteGuard,
  handler: async ({ services, cookie, secure }) => {
    const bindingSecret = bindingSecretFor(cookie(SIWE_BINDING_COOKIE));
    const issued = await issueNonce({ db: services.db, bindingSecret, now: services.now() });
    return new Reply(200, { data: issued }, { "Set-Cookie": siweBindingCookie(bindingSecret, secure) });
  },
});

// POST /auth/verify – check a signed EIP-4361 message and start a dashboard session (cookie)
export const verifySiweEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/verify",
  operationId: "verifySiwe",
  summary: "Sign in with a signed EIP-4361 message; sets the session cookie",
  description:
    "The message's domain must be one of SIWE_DOMAIN's (unset: localhost, 127.0.0.1 and [::1] on the serving port), never the request's Host or X-Forwarded-Host; " +
    "its nonce one that POST /auth/nonce gave this client (send the `yg_siwe` cookie), unused and unexpired; it must be issued within the last 10 minutes and be unexpired. " +
    "The nonce is spent by the attempt. EOA signatures are recovered offline; otherwise a smart-contract wallet's signature (ERC-1271, or ERC-6492 before deployment) is checked on the message's chain, " +
    "which needs that chain's RPC URL: without one only EOAs can sign in (401), and an RPC that does not answer is 503 UPSTREAM_UNAVAILABLE. " +
    "A request from a page outside SIWE_DOMAIN is 401.",
  tags: ["Sign-in"],
  auth: "open",
  cookies: bindingCookieSchema,
  body: verifySiweRequestSchema,
  setsCookie: "yg_session: the dashboard session (HttpOnly, SameSite=Lax, Secure behind https)",
  responses: { 200: sessionResponseSchema },
  errors: ["UNAUTHORIZED", "UPSTREAM_UNAVAILABLE"],
  guard: signInSiteGuard,
  handler: async ({ body, services, cookie, secure }) => {
    const { config, db } = services;
    const now = services.now();
    const { address, chainId } = await verifySiwe({
      db,
      message: body.message,
      signature: body.signature as `0x${string}`,
      bindingSecret: cookie(SIWE_BINDING_COOKIE),
      domains: config.siweDomains,
      clientOf: chainClient,
      now,
    });
    const ttl = config.sessionTtlSeconds;
    const { token, session } = await createSession({ db, account: address, chainId, ttlSeconds: ttl, now });
    return new Reply(200, { data: session }, { "Set-Cookie": sessionCookie(token, ttl, secure) });
  },
});

// GET /auth/session – the signed-in dashboard account
export const getSessionEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/session",
  operationId: "getSession",
  summary: "The signed-in account",
  tags: ["Sign-in"],
  auth: "open",
  cookies: z.object({ [SESSION_COOKIE]: z.string().optional().meta({ description: "the dashboard session (POST /auth/verify)" }) }),
  responses: { 200: sessionResponseSchema },
  errors: ["UNAUTHORIZED"],
  handler: async ({ services, cookie }) => {
    const token = cookie(SESSION_COOKIE);
    const session = token ? await findSession({ db: services.db, token, now: services.now() }) : null;
    if (!session) throw new ApiError("UNAUTHORIZED", "Not signed in");
    return { data: session };
  },
});

// DELETE /auth/session – sign out
export const deleteSessionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/auth/session",
  operationId: "deleteSession",
  summary: "Sign out; the session cookie is cleared",
  tags: ["Sign-in"],
  auth: "open",
  setsCookie: "yg_session, emptied and expired",
  responses: { 204: null },
  errors: [],
  handler: async ({ services, cookie, secure }) => {
    const token = cookie(SESSION_COOKIE);
    if (token) await deleteSession({ db: services.db, token });
    return new Reply(204, undefined, { "Set-Cookie": sessionCookie("", 0, secure) });
  },
});
