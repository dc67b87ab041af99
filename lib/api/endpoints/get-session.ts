import "server-only";
import { defineEndpoint } from "@/lib/api/http/endpoint";
import { Unauthenticated } from "@/lib/domain/errors";
import { findSession } from "@/lib/domain/sign-in/sessions";
import { COOKIES } from "@/lib/facts/http.mjs";
import { sessionResponseSchema } from "@/lib/schemas/auth";
import { sessionCookieSchema } from "./sign-in-shared";

// GET /auth/session – the signed-in dashboard account
export const getSessionEndpoint = defineEndpoint({
  method: "GET",
  path: "/auth/session",
  operationId: "getSession",
  summary: "The signed-in account",
  description: "401 when the request carries no valid session cookie.",
  tag: "Sign-in",
  auth: "open",
  cookies: sessionCookieSchema,
  responses: { 200: sessionResponseSchema },
  errors: ["UNAUTHORIZED"],
  example: {},
  handler: async ({ services, cookie }) => {
    const token = cookie(COOKIES.session);
    const session = token ? await findSession({ db: services.db, token, now: services.now() }) : null;
    if (!session) throw new Unauthenticated("Not signed in");
    return { data: session };
  },
});
