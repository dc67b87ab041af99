import { sessionCookie, isSecureRequest } from "@/lib/auth/session-cookie";
import { deleteSession, findSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { ApiError } from "@/lib/http/errors";
import { ApiResult, defineRoute, readCookie } from "@/lib/http/with-api";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/auth/session", {
  // GET /auth/session – the signed-in dashboard account
  GET: {
    auth: "open",
    handler: async ({ request, services }) => {
      const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      const session = token ? await findSession({ db: services.db, token, now: services.now() }) : null;
      if (!session) throw new ApiError("UNAUTHORIZED", "Not signed in");
      return { data: session };
    },
  },
  // DELETE /auth/session – sign out
  DELETE: {
    auth: "open",
    handler: async ({ request, services }) => {
      const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      if (token) await deleteSession({ db: services.db, token });
      return new ApiResult(204, undefined, { "Set-Cookie": sessionCookie("", 0, isSecureRequest(request)) });
    },
  },
});
