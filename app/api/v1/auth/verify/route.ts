import { isSecureRequest, sessionCookie } from "@/lib/auth/session-cookie";
import { createSession } from "@/lib/auth/sessions";
import { assertSignInSite, SIWE_BINDING_COOKIE, verifySiwe } from "@/lib/auth/siwe";
import { chainClient } from "@/lib/chain/client";
import { ApiResult, defineRoute, readCookie } from "@/lib/http/with-api";
import { verifySiweRequestSchema } from "@/lib/schemas/auth";

// POST /auth/verify – check a signed EIP-4361 message and start a dashboard session (cookie)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/verify", {
  POST: {
    auth: "open",
    body: true,
    handler: async ({ request, body, services }) => {
      const { config, db } = services;
      assertSignInSite(request.headers, config.siweDomains);
      const { message, signature } = verifySiweRequestSchema.parse(body);
      const now = services.now();
      const { address, chainId } = await verifySiwe({
        db,
        message,
        signature: signature as `0x${string}`,
        bindingSecret: readCookie(request.headers.get("cookie"), SIWE_BINDING_COOKIE),
        domains: config.siweDomains,
        clientOf: chainClient,
        now,
      });
      const ttl = config.sessionTtlSeconds;
      const { token, session } = await createSession({ db, account: address, chainId, ttlSeconds: ttl, now });
      return new ApiResult(200, { data: session }, { "Set-Cookie": sessionCookie(token, ttl, isSecureRequest(request)) });
    },
  },
});
