import { isSecureRequest, siweBindingCookie } from "@/lib/auth/session-cookie";
import { assertSignInSite, bindingSecretFor, issueNonce, SIWE_BINDING_COOKIE } from "@/lib/auth/siwe";
import { ApiResult, defineRoute, readCookie } from "@/lib/http/with-api";

// POST /auth/nonce – a single-use nonce for a Sign-In with Ethereum message, valid 10 minutes, bound to
// this client by the httpOnly cookie it sets
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/nonce", {
  POST: {
    auth: "open",
    handler: async ({ request, services }) => {
      assertSignInSite(request.headers, services.config.siweDomains);
      const bindingSecret = bindingSecretFor(readCookie(request.headers.get("cookie"), SIWE_BINDING_COOKIE));
      const issued = await issueNonce({ db: services.db, bindingSecret, now: services.now() });
      return new ApiResult(200, { data: issued }, { "Set-Cookie": siweBindingCookie(bindingSecret, isSecureRequest(request)) });
    },
  },
});
