import "server-only";
import { defineEndpoint, Reply } from "@/lib/api/http/endpoint";
import { sessionCookie } from "@/lib/api/http/cookies";
import { createSession } from "@/lib/domain/sign-in/sessions";
import { verifySiwe } from "@/lib/domain/sign-in/siwe";
import { COOKIES } from "@/lib/facts/http.mjs";
import { chainClient } from "@/lib/machinery/chain/client";
import { sessionResponseSchema, verifySiweRequestSchema } from "@/lib/schemas/auth";
import { bindingCookieSchema, signInSiteGuard } from "./sign-in-shared";

// POST /auth/verify – check a signed EIP-4361 message and start a dashboard session (cookie)
export const verifySiweEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/verify",
  operationId: "verifySiwe",
  summary: "Sign in with a signed EIP-4361 message; sets the session cookie",
  description:
    "The message's domain must be one of SIWE_DOMAIN's (unset: localhost, 127.0.0.1 and [::1] on the serving port), never the request's Host or X-Forwarded-Host; " +
    `its nonce one that POST /auth/nonce gave this client (send the \`${COOKIES.siweBinding}\` cookie), unused and unexpired; it must be issued within the last 10 minutes and be unexpired. ` +
    "The nonce is spent by the attempt. EOA signatures are recovered offline; otherwise a smart-contract wallet's signature (ERC-1271, or ERC-6492 before deployment) is checked on the message's chain, " +
    "which needs that chain's RPC URL: without one only EOAs can sign in (401), and an RPC that does not answer is 503 UPSTREAM_UNAVAILABLE. " +
    "A request from a page outside SIWE_DOMAIN is 401.",
  tag: "Sign-in",
  auth: "open",
  cookies: bindingCookieSchema,
  body: verifySiweRequestSchema,
  multilineFields: ["message"],
  setsCookie: `${COOKIES.session}: the dashboard session (HttpOnly, SameSite=Lax, Secure behind https)`,
  responses: { 200: sessionResponseSchema },
  errors: ["UNAUTHORIZED", "UPSTREAM_UNAVAILABLE"],
  example: {
    body: { message: "<the EIP-4361 message with the nonce>", signature: "0x<signature>" },
    note: "the message carries the nonce from POST /auth/nonce (same cookies); the wallet signs it",
  },
  guard: signInSiteGuard,
  handler: async ({ body, services, cookie, secure }) => {
    const { config, db } = services;
    const now = services.now();
    const { address, chainId } = await verifySiwe({
      db,
      message: body.message,
      signature: body.signature as `0x${string}`,
      bindingSecret: cookie(COOKIES.siweBinding),
      domains: config.siweDomains,
      clientOf: chainClient,
      now,
    });
    const ttl = config.sessionTtlSeconds;
    const { token, session } = await createSession({ db, account: address, chainId, ttlSeconds: ttl, now });
    return new Reply(200, { data: session }, { "Set-Cookie": sessionCookie(token, ttl, secure) });
  },
});
