import { issueNonce } from "@/lib/auth/siwe";
import { defineRoute } from "@/lib/http/with-api";

// POST /auth/nonce – a single-use nonce for a Sign-In with Ethereum message, valid 10 minutes
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/nonce", {
  POST: {
    auth: "open",
    handler: async ({ services }) => ({ data: await issueNonce({ db: services.db, now: services.now() }) }),
  },
});
