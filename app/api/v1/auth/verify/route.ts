import { sessionCookie, isSecureRequest } from "@/lib/auth/session-cookie";
import { createSession } from "@/lib/auth/sessions";
import { verifySiwe } from "@/lib/auth/siwe";
import { ApiResult, defineRoute } from "@/lib/http/with-api";
import { verifySiweRequestSchema } from "@/lib/schemas/auth";

// POST /auth/verify – check a signed EIP-4361 message and start a dashboard session (cookie)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/verify", {
  POST: {
    auth: "open",
    body: true,
    handler: async ({ request, body, services }) => {
      const { message, signature } = verifySiweRequestSchema.parse(body);
      const now = services.now();
      const domain = services.config.siweDomain ?? request.headers.get("host") ?? new URL(request.url).host;
      const { address, chainId } = await verifySiwe({ db: services.db, message, signature: signature as `0x${string}`, domain, now });
      const ttl = services.config.sessionTtlSeconds;
      const { token, session } = await createSession({ db: services.db, account: address, chainId, ttlSeconds: ttl, now });
      return new ApiResult(200, { data: session }, { "Set-Cookie": sessionCookie(token, ttl, isSecureRequest(request)) });
    },
  },
});
