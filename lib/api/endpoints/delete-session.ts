import "server-only";
import { defineEndpoint, Reply } from "@/lib/api/http/endpoint";
import { sessionCookie } from "@/lib/api/http/cookies";
import { deleteSession } from "@/lib/domain/sign-in/sessions";
import { COOKIES } from "@/lib/facts/http.mjs";
import { sessionCookieSchema } from "./sign-in-shared";

// DELETE /auth/session – sign out
export const deleteSessionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/auth/session",
  operationId: "deleteSession",
  summary: "Sign out; the session cookie is cleared",
  description: "The session ends on the server too; answered 204 whether or not a session was there.",
  tag: "Sign-in",
  auth: "open",
  cookies: sessionCookieSchema,
  setsCookie: `${COOKIES.session}, emptied and expired`,
  responses: { 204: null },
  errors: [],
  example: {},
  handler: async ({ services, cookie, secure }) => {
    const token = cookie(COOKIES.session);
    if (token) await deleteSession({ db: services.db, token });
    return new Reply(204, undefined, { "Set-Cookie": sessionCookie("", 0, secure) });
  },
});
